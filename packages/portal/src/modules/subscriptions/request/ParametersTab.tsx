import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { useQueryClient } from '@tanstack/react-query';
import type { Request } from '@trellis/domain/fulfillment/request';
import { api } from '../../../api/client.ts';
import { RequestParamsEditor, type ParamErrors, type RequestParamChange } from '../../../components/RequestParams/index.ts';
import { requestApi, requestKey } from '../data.ts';
import { paramRights } from './actions.ts';
import { useViewer, validateRequest } from './RequestActions.tsx';

const VALIDATE_FROM = ['draft', 'pending', 'inquiring'];

/** What this side can do here now, in a sentence. */
function guidance(r: Request, type: string, canWrite: boolean): string | null {
  if (!canWrite) return null;
  if (type === 'provider' && r.status === 'draft') return 'Fill in the ordering parameters, save, then submit the request.';
  if (type === 'provider' && r.status === 'inquiring') return 'The vendor asks you to fix the parameters marked below. Save the new values, then send the request to pending.';
  if (type === 'vendor' && (r.status === 'pending' || r.status === 'inquiring')) {
    return 'Fill in the fulfillment parameters. To ask the provider for a fix, mark an ordering parameter invalid, save, then Inquire.';
  }
  return null;
}

/**
 * The subscription's (asset-scope) parameters of the request — the reference's `parameters-customer` scope. The
 * provider edits ordering values in draft and inquiring; the vendor edits fulfillment values and marks ordering
 * values invalid while pending or inquiring. Validate runs the dynamic validation over the form's values.
 */
export function ParametersTab({ request: r, errors }: { request: Request; errors: ParamErrors | null }) {
  const viewer = useViewer();
  const client = useQueryClient();
  const { editable, markErrors } = paramRights(r, viewer);
  const text = guidance(r, viewer.type, viewer.canWrite);

  const save = async (changes: RequestParamChange[]) => {
    await api.put(requestApi(r.id), { asset: { params: changes } });
    await client.invalidateQueries({ queryKey: requestKey(r.id) });
  };
  const validate = async (values: RequestParamChange[]) => {
    const res = await validateRequest(r, values);
    if (res.params) return res.params;
    const found = res.errors ?? {};
    return r.asset.params.map((p) => ({ ...p, value_error: found[p.id]?.value_error ?? '', structured_error: found[p.id]?.structured_error }));
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      {text && <Alert severity="info" sx={{ mb: 2 }}>{text}</Alert>}
      <RequestParamsEditor params={r.asset.params} editable={editable} markErrors={markErrors} onSave={save}
        onValidate={viewer.canWrite && VALIDATE_FROM.includes(r.status) ? validate : undefined} errors={errors ?? undefined} />
    </Paper>
  );
}
