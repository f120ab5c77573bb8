import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { useQueryClient } from '@tanstack/react-query';
import type { TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import { api } from '../../../api/client.ts';
import { RequestParamsEditor, type ParamErrors, type RequestParamChange } from '../../../components/RequestParams/index.ts';
import { configRequestApi } from '../data.ts';
import { paramsOfRequest, tcrParamRights } from './actions.ts';
import { useViewer, validateTcr } from './TcrActions.tsx';

const VALIDATE_FROM = ['draft', 'pending', 'inquiring'];

/** What this side can do here now, in a sentence. */
function guidance(r: TierConfigRequest, type: string, canWrite: boolean): string | null {
  if (!canWrite) return null;
  if (type === 'provider' && r.status === 'draft') return 'Fill in the reseller\'s ordering parameters, save, then submit the request.';
  if (type === 'provider' && r.status === 'inquiring') return 'The vendor asks you to fix the parameters marked below. Save the new values, then send the request to pending.';
  if (type === 'provider' && r.status === 'tiers_setup') return 'You can fill in these values now; the vendor reviews them once the next tier is set up.';
  if (type === 'vendor' && (r.status === 'pending' || r.status === 'inquiring')) {
    return 'Fill in the fulfillment parameters. To ask the provider for a fix, mark an ordering parameter invalid, save, then Inquire.';
  }
  return null;
}

/**
 * The configuration's parameters in the shared editor: the provider fills the ordering values, the vendor the
 * fulfillment ones and marks what the provider has to fix. Saving is PUT /tier/config-requests/{id} `{params}`.
 */
export function ParametersTab({ request: r, errors }: { request: TierConfigRequest; errors: ParamErrors | null }) {
  const viewer = useViewer();
  const client = useQueryClient();
  const path = configRequestApi(r.id);
  const { editable, markErrors } = tcrParamRights(r, viewer);
  const text = guidance(r, viewer.type, viewer.canWrite);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['get', path] });
    void client.invalidateQueries({ queryKey: ['list'] });
  };

  const save = async (changes: RequestParamChange[]) => {
    await api.put(path, { params: changes });
    await refresh();
  };
  const validate = async (values: RequestParamChange[]) => {
    const res = await validateTcr(r, values);
    await refresh();
    if (res.params) return res.params;
    const found = res.errors ?? {};
    return paramsOfRequest(r).map((p) => ({ ...p, value_error: found[p.id]?.value_error ?? '', structured_error: found[p.id]?.structured_error }));
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      {text && <Alert severity="info" sx={{ mb: 2 }}>{text}</Alert>}
      <RequestParamsEditor params={paramsOfRequest(r)} editable={editable} markErrors={markErrors} errors={errors ?? undefined}
        onSave={save} onValidate={viewer.canWrite && VALIDATE_FROM.includes(r.status) ? validate : undefined} />
    </Paper>
  );
}
