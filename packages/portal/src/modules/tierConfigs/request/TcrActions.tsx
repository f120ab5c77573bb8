import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { tierConfigRequestResource, type TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ActionButtons, paramErrorsFromApi, useRequestViewer, validateRequestParams, type ParamErrors, type RequestParamChange } from '../../../components/RequestParams/index.ts';
import { ReasonDialog } from '../../subscriptions/request/ReasonDialog.tsx';
import { configRequestApi, configRequestPath, levelLabel, notify } from '../data.ts';
import { paramsOfRequest, tcrActions, type TcrAction, type Viewer } from './actions.ts';
import { ApproveDialog } from './ApproveDialog.tsx';

/** The viewer of the request: side, user and whether its module lets them act. */
export const useViewer = (): Viewer => useRequestViewer(tierConfigRequestResource.module);

/** Dynamic validation of the request's values (POST …/validate with `params`; the saved ones when none given). */
export const validateTcr = (r: TierConfigRequest, values?: RequestParamChange[]) => validateRequestParams<TierConfigRequest>(
  configRequestApi(r.id), values ? { params: values } : {}, paramsOfRequest, paramsOfRequest(r).map((p) => p.id));

/** What each action did, in the words of the side that ran it. */
export function tcrActionMessage(action: string, r: TierConfigRequest): string {
  const config = `the ${levelLabel(r.configuration.tier_level)} configuration of ${r.configuration.account.name}`;
  switch (action) {
    case 'submit': return 'Submitted: the vendor now reviews the request.';
    case 'approve': return `Approved: ${config} for ${r.configuration.product.name} is active with these values.`;
    case 'fail': return 'The request was rejected.';
    case 'inquire': return 'Inquiring: the provider is asked to fix the marked parameters.';
    case 'pend': return 'The request is pending again: the vendor reviews it.';
    case 'assign': return 'Assigned to you.';
    case 'unassign': return 'The request is no longer assigned.';
    default: return 'Done.';
  }
}

export interface TcrActionsProps {
  request: TierConfigRequest;
  /** Validation, submit or approve found problems in the parameters: show them on the Parameters tab (null: gone). */
  onParamErrors: (errors: ParamErrors | null) => void;
}

type Dialog = 'approve' | 'fail' | 'unassign' | null;

/** The header buttons of a tier config request: what its state machine lets this side do, with a dialog where needed. */
export function TcrActions({ request: r, onParamErrors }: TcrActionsProps) {
  const viewer = useViewer();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const actions = tcrActions(r, viewer);

  const post = (action: string, body: object = {}) => api.post<TierConfigRequest | null>(`${configRequestApi(r.id)}/${action}`, body);
  const done = async (action: string) => {
    setDialog(null);
    notify('success', tcrActionMessage(action, r));
    await client.invalidateQueries({ queryKey: ['get', configRequestApi(r.id)] });
    void client.invalidateQueries({ queryKey: ['list'] });
  };
  /** Problems in the parameters: the user lands on the fields with their messages. */
  const showParamErrors = (errors: ParamErrors) => {
    onParamErrors(errors);
    navigate(configRequestPath(r.id, 'parameters'));
    notify('error', 'Some parameters are not valid. Fix them and try again.');
  };
  const checked = async (): Promise<boolean> => {
    const { errors } = await validateTcr(r);
    // the answer stored the messages on the request: refetch it, then show them
    await client.invalidateQueries({ queryKey: ['get', configRequestApi(r.id)] });
    onParamErrors(errors);
    if (errors) showParamErrors(errors);
    return !errors;
  };
  const failedOnParams = (err: unknown) => {
    const errors = paramErrorsFromApi(err, paramsOfRequest(r).map((p) => p.id));
    if (errors) showParamErrors(errors);
    else notify('error', errorMessage(err));
  };

  const run = async (a: TcrAction) => {
    setBusy(a.name);
    try {
      switch (a.name) {
        case 'validate':
          if (await checked()) notify('success', 'All parameters are valid.');
          break;
        case 'submit':
          // Spec §4: a draft is validated first, then submitted.
          if (await checked()) {
            await post('submit');
            await done('submit');
          }
          break;
        case 'assign':
          await post('assign', { id: viewer.userId });
          await done('assign');
          break;
        default:
          await post(a.name);
          await done(a.name);
      }
    } catch (err) {
      failedOnParams(err);
    } finally {
      setBusy(null);
    }
  };
  const click = (a: TcrAction) => {
    // Someone else's assignment is only taken away after a question (and then with force).
    const own = a.name === 'unassign' && r.assignee?.id === viewer.userId;
    if (['approve', 'fail', 'unassign'].includes(a.name) && !own) setDialog(a.name as Dialog);
    else void run(a);
  };

  return (
    <>
      <ActionButtons actions={actions} busy={busy} onClick={click} />
      <ApproveDialog request={dialog === 'approve' ? r : null} onClose={() => setDialog(null)}
        onError={(err) => {
          const errors = paramErrorsFromApi(err, paramsOfRequest(r).map((p) => p.id));
          if (errors) onParamErrors(errors);
        }}
        onApproved={() => void done('approve')} />
      <ReasonDialog open={dialog === 'fail'} title="Reject request" submitLabel="Reject" required onClose={() => setDialog(null)}
        intro={`The request ${r.id} fails${r.asset_request ? `, and with it the fulfillment request ${r.asset_request.id}` : ''}; the provider sees the reason.`}
        onSubmit={async (reason) => { await post('fail', { reason }); await done('fail'); }} />
      <ConfirmDialog open={dialog === 'unassign'} title="Unassign request" confirmLabel="Unassign" onClose={() => setDialog(null)}
        onConfirm={async () => { await post('unassign', { force: true }); await done('unassign'); }}>
        {r.assignee?.name ?? r.assignee?.id} works on this request. Unassign them anyway?
      </ConfirmDialog>
    </>
  );
}
