import { ErrorCode, transitionMessage } from '@trellis/domain';
import type { ZodError } from 'zod';

/** An error the client caused or must see: status, machine code and human messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly errors: string[],
    readonly details?: Record<string, unknown>,
  ) {
    super(errors.join('; '));
  }
  static badRequest(message: string, code: string = ErrorCode.validation) {
    return new ApiError(400, code, [message]);
  }
  /** A 400 about one body field, so a form shows the message on that field. */
  static field(field: string, message: string, code: string = ErrorCode.validation) {
    return new ApiError(400, code, [`${field}: ${message}`], { fields: { [field]: [message] } });
  }
  static notFound(what = 'Object') {
    return new ApiError(404, ErrorCode.notFound, [`${what} not found.`]);
  }
  static unauthorized(message = 'Authentication credentials were not provided or are not valid.') {
    return new ApiError(401, ErrorCode.notAuthenticated, [message]);
  }
  static forbidden(message = 'You do not have permission to perform this action.') {
    return new ApiError(403, ErrorCode.forbidden, [message]);
  }
  static conflict(message: string) {
    return new ApiError(409, ErrorCode.conflict, [message]);
  }
  static transition(action: string, status: string) {
    return new ApiError(400, ErrorCode.transition, [transitionMessage(action, status)]);
  }
}

/** zod issues → one message per field, e.g. "name: This field is required". */
export function fromZod(error: ZodError, prefix = ''): ApiError {
  const messages = error.issues.map((i) => {
    const path = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
    return path ? `${path}: ${i.message}` : i.message;
  });
  const fields: Record<string, string[]> = {};
  for (const i of error.issues) {
    const key = i.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(i.message);
  }
  return new ApiError(400, ErrorCode.validation, messages, { fields });
}
