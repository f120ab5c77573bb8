import { useQuery } from '@tanstack/react-query';
import type { Agreement } from '@trellis/domain/partners/agreement';
import type { ContractData } from '@trellis/domain/partners/contract';
import type { AgreementForm } from '@trellis/domain/partners/form';
import type { ParamError, ParamValue } from '@trellis/domain/parameters/types';
import { api } from '../../../api/client.ts';
import { ApiError } from '../../../api/errors.ts';

/** The agreement's enroll form (null when it asks for none). */
export function useEnrollForm(agreementId: string, enabled = true) {
  return useQuery({
    queryKey: ['get', `/agreements/${agreementId}`, 'enroll-form'],
    queryFn: async ({ signal }) => {
      const agreement = await api.get<Agreement>(`/agreements/${agreementId}`, undefined, signal);
      const id = agreement.forms.enroll?.id;
      return { agreement, form: id ? await api.get<AgreementForm>(`/forms/${id}`, undefined, signal) : null };
    },
    enabled,
  });
}

/** What the partner filled in under the contract (the enrol answers first shown again after a refine). */
export function useContractData(contractId: string, enabled = true) {
  const path = `/contracts/${contractId}/data`;
  return useQuery({
    queryKey: ['get', path],
    queryFn: ({ signal }) => api.get<ContractData[]>(path, undefined, signal),
    enabled,
  });
}

/** An answer in the shape the parameter form edits. */
export const asParamValue = (v: unknown): ParamValue =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as ParamValue) : { value: v == null ? null : String(v) };

/**
 * A 400's messages by form field: `fields` keyed by `data.<name>` or `<name>`, or `params` / `errors` objects as
 * the parameter validator gives them. `rest` is what belongs to no field.
 */
export function fieldErrorsOf(err: unknown, names: readonly string[]) {
  const out: Record<string, ParamError> = {};
  if (!(err instanceof ApiError) || err.status !== 400) return { errors: out, placed: false };
  const body = (err.text && typeof err.text === 'object' ? err.text : {}) as Record<string, unknown>;
  const put = (key: string, e: ParamError) => {
    const name = key.replace(/^data\./, '').split('.')[0];
    if (names.includes(name)) out[name] ??= e;
  };
  for (const [k, v] of Object.entries(err.fieldErrors)) if (v.length) put(k, { value_error: v[0] });
  for (const key of ['params', 'errors'] as const) {
    const v = body[key];
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [k, e] of Object.entries(v as Record<string, ParamError>)) if (e && typeof e === 'object') put(k, e);
  }
  return { errors: out, placed: Object.keys(out).length > 0 };
}
