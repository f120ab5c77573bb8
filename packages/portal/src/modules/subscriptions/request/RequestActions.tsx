import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '@trellis/domain/format/date';
import { requestResource, type Request } from '@trellis/domain/fulfillment/request';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ActionButtons, useRequestViewer, validateRequestParams, type ParamErrors, type RequestParamChange } from '../../../components/RequestParams/index.ts';
import { requestApi, requestKey, requestPath, subscriptionsPath } from '../data.ts';
import { requestActions, type RequestAction, type Viewer } from './actions.ts';
import { ApproveDialog } from './ApproveDialog.tsx';
import { notify } from './data.ts';
import { InquireDialog } from './InquireDialog.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';

/** The viewer of the request: side, user and whether the subscriptions module lets them act. */
export const useViewer = (): Viewer => useRequestViewer(requestResource.module);

/** The request's saved values, as validation takes them. */
const savedValues = (r: Request): RequestParamChange[] => r.asset.params.map((p) => ({
  id: p.id, value: p.value, ...(p.structured_value !== undefined ? { structured_value: p.structured_value } : {}),
}));

/** Dynamic validation of the request's values (saved ones unless given). */
export const validateRequest = (r: Request, values = savedValues(r)) => validateRequestParams<Partial<Request>>(
  requestApi(r.id), { asset: { params: values } }, (answer) => answer.asset?.params ?? [], r.asset.params.map((p) => p.id));

export interface RequestActionsProps {
  request: Request;
  /** Validation (Validate, Submit) found problems: show them on the Parameters tab (null: they are gone). */
  onParamErrors: (errors: ParamErrors | null) => void;
}

type Dialog = 'approve' | 'fail' | 'inquire' | 'schedule' | 'revoke' | 'confirm' | 'unassign' | 'delete' | null;

/** The header buttons of a request: what its state machine lets this side do, each with its dialog where one is needed. */
export function RequestActions({ request: r, onParamErrors }: RequestActionsProps) {
  const viewer = useViewer();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const actions = requestActions(r, viewer);
  const hour12 = useAuth().user?.timeformat === '12h';

  const post = (endpoint: string, body: object = {}) => api.post<Request>(`${requestApi(r.id)}/${endpoint}`, body);
  const done = async (message: string) => {
    setDialog(null);
    notify('success', message);
    await client.invalidateQueries({ queryKey: requestKey(r.id) });
    void client.invalidateQueries({ queryKey: ['list'] });
  };
  /** Dynamic validation of the saved values; on failure the user lands on the fields with their messages. */
  const checked = async (): Promise<boolean> => {
    const { errors } = await validateRequest(r);
    onParamErrors(errors);
    if (!errors) return true;
    navigate(requestPath(r.id, 'parameters-customer'));
    notify('error', 'Some parameters are not valid. Fix them and try again.');
    return false;
  };

  const run = async (a: RequestAction) => {
    setBusy(a.name);
    try {
      switch (a.name) {
        case 'validate':
          if (await checked()) notify('success', 'All parameters are valid.');
          break;
        case 'submit':
          // Spec §4: a draft is validated first, then submitted.
          if (await checked()) {
            await post(a.endpoint);
            await done('Submitted: the vendor now processes the request.');
          }
          break;
        case 'assign':
          await post('assign', { id: viewer.userId });
          await done('Assigned to you.');
          break;
        case 'unassign':
          await post('unassign');
          await done('The request is no longer assigned.');
          break;
        case 'pend':
          await post('pend');
          await done('The request is pending again.');
          break;
        default:
          await post(a.endpoint);
          await done(`${a.label}: done.`);
      }
    } catch (err) {
      notify('error', errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const click = (a: RequestAction) => {
    const own = a.name === 'unassign' && r.assignee?.id === viewer.userId;
    if (['approve', 'fail', 'inquire', 'schedule', 'revoke', 'confirm', 'unassign', 'delete'].includes(a.name) && !own) setDialog(a.name as Dialog);
    else void run(a);
  };

  return (
    <>
      <ActionButtons actions={actions} busy={busy} onClick={click} />
      <ApproveDialog request={dialog === 'approve' ? r : null} onClose={() => setDialog(null)}
        onApproved={() => void done('Approved: the activation text is on the Activation tab.')} />
      <ReasonDialog open={dialog === 'fail'} title="Reject request" submitLabel="Reject" required onClose={() => setDialog(null)}
        intro={`The request ${r.id} fails; the provider and the customer see the reason.`}
        onSubmit={async (reason) => { await post('fail', { reason }); await done('The request was rejected.'); }} />
      <ReasonDialog open={dialog === 'revoke'} title="Revoke request" submitLabel="Revoke" required={false} onClose={() => setDialog(null)}
        intro="The vendor confirms the revocation; until then the request is revoking."
        onSubmit={async (reason) => { await post('revoke', reason ? { reason } : {}); await done('Revoking: the vendor confirms the revocation.'); }} />
      <InquireDialog request={dialog === 'inquire' ? r : null} onClose={() => setDialog(null)}
        onSubmit={async (templateId) => {
          await post('inquire', templateId ? { template_id: templateId } : {});
          await done('Inquiring: the provider is asked to fix the marked parameters.');
        }} />
      <ScheduleDialog open={dialog === 'schedule'} onClose={() => setDialog(null)}
        onSubmit={async (planned_date) => {
          await post('schedule', { planned_date });
          await done(`Scheduled for ${formatDate(planned_date, { hour12 })}.`);
        }} />
      <ConfirmDialog open={dialog === 'confirm'} title="Confirm revocation" confirmLabel="Confirm revocation" destructive onClose={() => setDialog(null)}
        onConfirm={async () => { await post('confirm'); await done('The request was revoked.'); }}>
        The provider revoked the scheduled request {r.id}. Confirm to close it as revoked.
      </ConfirmDialog>
      <ConfirmDialog open={dialog === 'delete'} title="Delete draft" confirmLabel="Delete" destructive onClose={() => setDialog(null)}
        onConfirm={async () => {
          await api.delete(requestApi(r.id));
          setDialog(null);
          notify('success', `Draft ${r.id} deleted.`);
          void client.invalidateQueries({ queryKey: ['list'] });
          navigate(subscriptionsPath('fulfillment'));
        }}>
        The draft {r.id}{r.type === 'purchase' ? ' and its draft subscription are' : ' is'} deleted. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog open={dialog === 'unassign'} title="Unassign request" confirmLabel="Unassign" onClose={() => setDialog(null)}
        onConfirm={async () => { await post('unassign', { force: true }); await done('The request is no longer assigned.'); }}>
        {r.assignee?.name ?? r.assignee?.id} works on this request. Unassign them anyway?
      </ConfirmDialog>
    </>
  );
}
