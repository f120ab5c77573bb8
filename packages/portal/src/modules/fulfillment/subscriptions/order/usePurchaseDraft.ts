import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EMPTY_REQUEST } from '@trellis/domain/format/constants';
import type { Request, RequestCreate } from '@trellis/domain/fulfillment/request';
import type { ParamError } from '@trellis/domain/parameters/types';
import { api } from '../../../../api/client.ts';
import { errorMessage } from '../../../../api/errors.ts';
import type { ParamValues } from '../../../../components/ParameterForm/index.ts';
import { requestApi, REQUESTS_API } from '../data.ts';
import { orderingParams, paramErrors, paramInputs, paramValues, splitParamError } from './order.ts';

export const FIX_PARAMETERS = 'Some parameters are not valid: fix the ones marked below.';

/**
 * The draft behind a purchase (spec §4): made when the parameters step opens (or at submit when the product asks
 * for none), re-made only when the order itself changed since (the abandoned draft is deleted); submit = validate the values (dynamic validation,
 * the user stays with the errors on the fields) and then purchase.
 */
export function usePurchaseDraft() {
  const client = useQueryClient();
  const [draft, setDraft] = useState<{ request: Request; signature: string } | null>(null);
  const [values, setValues] = useState<ParamValues>({});
  const [errors, setErrors] = useState<Record<string, ParamError>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);

  const reset = () => {
    setDraft(null);
    setValues({});
    setErrors({});
    setMessage(null);
  };

  /** The draft of this order: the current one when nothing changed, else a new one keeping the values typed so far. */
  async function ensureDraft(body: RequestCreate): Promise<{ request: Request; values: ParamValues }> {
    const signature = JSON.stringify(body);
    if (draft && draft.signature === signature) return { request: draft.request, values };
    const created = await api.post<Request | null>(REQUESTS_API, body);
    if (!created) throw new Error(EMPTY_REQUEST);
    // The order changed since the last draft: that one is abandoned. Deleting it is tidying only; if it fails
    // (e.g. already gone) the user can still delete it from the fulfillment requests.
    if (draft) await api.delete(requestApi(draft.request.id)).catch(() => undefined);
    void client.invalidateQueries({ queryKey: ['list'] });
    const params = orderingParams(created.asset.params);
    const kept = Object.fromEntries(params.filter((p) => values[p.id]).map((p) => [p.id, values[p.id]]));
    const next = { ...paramValues(params), ...kept };
    setDraft({ request: created, signature });
    setValues(next);
    setErrors({});
    return { request: created, values: next };
  }

  /** Opening the parameters step. */
  async function open(body: RequestCreate) {
    setBusy('draft');
    setMessage(null);
    try {
      await ensureDraft(body);
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  /** Validate (when there are parameters) and purchase; the placed request, or null when the user has to fix something. */
  async function submit(body: RequestCreate, withParams: boolean): Promise<Request | null> {
    setBusy('submit');
    setMessage(null);
    let ids: string[] = [];
    try {
      const { request, values: current } = await ensureDraft(body);
      const params = orderingParams(request.asset.params);
      ids = params.map((p) => p.id);
      if (withParams) {
        const validated = await api.post<Request>(`${requestApi(request.id)}/validate`, {
          asset: { params: paramInputs(params, current) },
        });
        const found = paramErrors(orderingParams(validated.asset.params));
        setErrors(found);
        if (Object.keys(found).length) {
          setMessage(FIX_PARAMETERS);
          return null;
        }
      }
      const placed = await api.post<Request | null>(`${requestApi(request.id)}/purchase`);
      void client.invalidateQueries({ queryKey: ['list'] });
      return placed ?? request;
    } catch (err) {
      const split = splitParamError(err, ids);
      setErrors(split.fields);
      setMessage(split.message ?? FIX_PARAMETERS);
      return null;
    } finally {
      setBusy(null);
    }
  }

  /** New values from the form; a changed value drops its old message. */
  function change(next: ParamValues) {
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([id]) => JSON.stringify(next[id]) === JSON.stringify(values[id]))),
    );
    setValues(next);
  }

  const params = draft ? orderingParams(draft.request.asset.params) : [];
  return { draft: draft?.request ?? null, params, values, errors, message, busy, open, submit, change, reset };
}
