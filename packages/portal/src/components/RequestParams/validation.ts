import type { RequestParam } from '@trellis/domain/fulfillment/common';
import { api } from '../../api/client.ts';
import { paramErrorsFromApi, paramErrorsOf, type ParamErrors } from './paramErrors.ts';

/**
 * Dynamic validation (spec §4) of a fulfillment or tier config request: POST `<request>/validate`. The answer is
 * the request with each parameter's `value_error` (200), or a 400 naming parameters; both come back as errors
 * per parameter, null when every value is valid.
 */
export async function validateRequestParams<T>(
  requestApi: string,
  body: object,
  paramsOf: (answer: T) => readonly RequestParam[],
  ids: readonly string[],
): Promise<{ params: readonly RequestParam[] | null; errors: ParamErrors | null }> {
  try {
    const answer = await api.post<T | null>(`${requestApi}/validate`, body);
    const params = answer ? paramsOf(answer) : null;
    const errors = params ? paramErrorsOf(params) : {};
    return { params, errors: Object.keys(errors).length ? errors : null };
  } catch (err) {
    const errors = paramErrorsFromApi(err, [...ids]);
    if (!errors) throw err;
    return { params: null, errors };
  }
}
