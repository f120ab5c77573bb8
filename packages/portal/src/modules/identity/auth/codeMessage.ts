import { EXPIRED_CONFIRMATION_CODE, GENERIC_ERROR, INVALID_CONFIRMATION_CODE } from '@trellis/domain/format/constants';
import { ApiError, errorMessage } from '../../../api/errors.ts';

/** The confirmation code's own messages (spec §8): 401 invalid, 403 expired (the server's words win when given). */
export function codeMessage(err: unknown): string {
  const message = errorMessage(err);
  if (err instanceof ApiError && message === GENERIC_ERROR) {
    if (err.status === 401) return INVALID_CONFIRMATION_CODE;
    if (err.status === 403) return EXPIRED_CONFIRMATION_CODE;
  }
  return message;
}

/** Whether an error is about the code itself (the page then offers no form, only what to do next). */
export const isCodeError = (err: unknown) =>
  err instanceof ApiError &&
  (err.status === 401 || (err.status === 403 && codeMessage(err) === EXPIRED_CONFIRMATION_CODE));
