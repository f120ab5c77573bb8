import { useParams } from 'react-router';
import { requestParamsEditable, requestResource, type Request } from '@trellis/domain/fulfillment/request';
import { useGet } from '../../../api/hooks.ts';
import { titledMessage, type RequestParamChange } from '../../../components/RequestParams/index.ts';
import { ConversationTab } from '../../helpdesk/conversation/ConversationTab.tsx';
import { ApproveDialog } from '../common/ApproveDialog.tsx';
import { AuditTab } from '../common/AuditTab.tsx';
import { ItemsTable } from '../common/ItemsTable.tsx';
import { RequestFrame, type RequestKind } from '../common/RequestFrame.tsx';
import { requestApi, requestPath, subscriptionsPath } from './data.ts';
import { ActivationTab } from './request/ActivationTab.tsx';
import { InquireDialog } from './request/InquireDialog.tsx';
import { TierAccountsTab } from './request/TierAccountsTab.tsx';
import { TierParametersTab } from './request/TierParametersTab.tsx';
import { TiersSetupBanner } from './request/TiersSetupBanner.tsx';

/** Fulfillment requests in the shared request frame: their parameters are the asset's. */
const FULFILLMENT: RequestKind<Request> = {
  resource: requestResource,
  api: requestApi,
  url: requestPath,
  list: subscriptionsPath('fulfillment'),
  // the reference's scope name of the subscription's parameters
  paramsTab: { id: 'parameters-customer', label: 'Parameters' },
  params: (r) => r.asset.params,
  paramsBody: (changes: RequestParamChange[]) => ({ asset: { params: changes } }),
  paramsEditable: requestParamsEditable,
  guidance: (r, v) => {
    if (v.side === 'provider' && r.status === 'draft')
      return 'Fill in the ordering parameters, save, then submit the request.';
    if (v.side === 'provider' && r.status === 'inquiring')
      return 'The vendor asks you to fix the parameters marked below. Save the new values, then send the request to pending.';
    if (v.side === 'vendor' && (r.status === 'pending' || r.status === 'inquiring'))
      return 'Fill in the fulfillment parameters. To ask the provider for a fix, mark an ordering parameter invalid, save, then Inquire.';
    return null;
  },
  assistiveTitle: (r) => `Fulfillment request · ${r.asset.product.name}`,
  submitAction: (r) => (r.type === 'purchase' ? 'purchase' : 'submit'),
};

/**
 * One fulfillment request (asset request): declared details, items, the parameters of each scope, the tier
 * accounts, the activation text and the audit trail, with the actions its machine allows this side. Approve picks
 * the activation template (previewed with this request's data); Inquire lists what the provider has to fix.
 */
export default function RequestDetailsPage() {
  const { id = '' } = useParams();
  const r = useGet<Request>(requestApi(id)).data; // the query the frame reads: which tier tabs there are
  const tiers = r?.asset.tiers;
  return (
    <RequestFrame<Request>
      kind={FULFILLMENT}
      banner={(req) => <TiersSetupBanner request={req} />}
      tabAliases={{ parameters: 'parameters-customer', general: 'details' }}
      before={[
        {
          id: 'items',
          label: 'Items',
          render: (req) => (
            <ItemsTable
              items={req.asset.items}
              label="Items"
              withOldQuantity={req.type === 'change' || req.asset.items.some((i) => i.old_quantity !== undefined)}
              empty="This request orders no items."
            />
          ),
        },
      ]}
      after={[
        ...(tiers?.tier1
          ? [
              {
                id: 'parameters-tier1',
                label: 'T1 parameters',
                render: (req: Request) => <TierParametersTab key="t1" request={req} level={1} />,
              },
            ]
          : []),
        ...(tiers?.tier2
          ? [
              {
                id: 'parameters-tier2',
                label: 'T2 parameters',
                render: (req: Request) => <TierParametersTab key="t2" request={req} level={2} />,
              },
            ]
          : []),
        { id: 'tiers', label: 'Tier accounts', render: (req) => <TierAccountsTab request={req} /> },
        { id: 'activation', label: 'Activation', render: (req) => <ActivationTab request={req} /> },
        { id: 'conversation', label: 'Conversation', render: (req) => <ConversationTab instanceId={req.id} /> },
        { id: 'audit', label: 'Audit', render: (req) => <AuditTab resource={requestResource} objectId={req.id} /> },
      ]}
      dialogs={{
        approve: {
          dialog: (d) => (
            <ApproveDialog
              {...d}
              title="Approve request"
              productId={d.obj.asset.product.id}
              scope="asset"
              required
              previewRequestId={d.obj.id}
              label="Activation template"
              helper="The customer receives its text with this request's data filled in."
              body={(templateId) => ({ template_id: templateId })}
              onError={(err) => titledMessage(err, d.obj.asset.params)}
            />
          ),
        },
        inquire: { dialog: (d) => <InquireDialog {...d} /> },
      }}
    />
  );
}
