import {
  tierConfigRequestParams,
  tierConfigRequestParamsEditable,
  tierConfigRequestResource,
  tierLevelLabel,
  type TierConfigRequest,
} from '@trellis/domain/fulfillment/tier-config';
import { titledMessage, type RequestParamChange } from '../../../components/RequestParams/index.ts';
import { ConversationTab } from '../../helpdesk/conversation/ConversationTab.tsx';
import { ApproveDialog } from '../common/ApproveDialog.tsx';
import { AuditTab } from '../common/AuditTab.tsx';
import { RequestFrame, type RequestKind } from '../common/RequestFrame.tsx';
import { configRequestApi, configRequestPath, tierConfigsPath } from './data.ts';
import { TiersSetupHint } from './request/TiersSetupHint.tsx';

/** Tier config requests in the shared request frame: their parameters are the configuration's. */
const TIER_CONFIG: RequestKind<TierConfigRequest> = {
  resource: tierConfigRequestResource,
  api: configRequestApi,
  url: configRequestPath,
  list: tierConfigsPath('requests'),
  paramsTab: { id: 'parameters', label: 'Parameters' },
  params: tierConfigRequestParams,
  paramsBody: (changes: RequestParamChange[]) => ({ params: changes }),
  paramsEditable: tierConfigRequestParamsEditable,
  guidance: (r, v) => {
    if (v.side === 'provider' && r.status === 'draft')
      return "Fill in the reseller's ordering parameters, save, then submit the request.";
    if (v.side === 'provider' && r.status === 'inquiring')
      return 'The vendor asks you to fix the parameters marked below. Save the new values, then send the request to pending.';
    if (v.side === 'provider' && r.status === 'tiers_setup')
      return 'You can fill in these values now; the vendor reviews them once the next tier is set up.';
    if (v.side === 'vendor' && (r.status === 'pending' || r.status === 'inquiring'))
      return 'Fill in the fulfillment parameters. To ask the provider for a fix, mark an ordering parameter invalid, save, then Inquire.';
    return null;
  },
  assistiveTitle: (r) =>
    `Tier config request · ${tierLevelLabel(r.configuration.tier_level)} · ${r.configuration.account.name}`,
};

/**
 * One tier config request (setup of a reseller's tier parameters, or a change of them): declared details, the
 * parameters each side fills, the audit trail, and the actions its machine allows this side. Approve may pick a
 * template of the tier's scope whose text the reseller gets.
 */
export default function TierConfigRequestDetailsPage() {
  return (
    <RequestFrame<TierConfigRequest>
      kind={TIER_CONFIG}
      banner={(r) => <TiersSetupHint request={r} />}
      tabAliases={{ general: 'details' }}
      after={[
        { id: 'conversation', label: 'Conversation', render: (r) => <ConversationTab instanceId={r.id} /> },
        {
          id: 'audit',
          label: 'Audit',
          render: (r) => <AuditTab resource={tierConfigRequestResource} objectId={r.id} />,
        },
      ]}
      dialogs={{
        approve: {
          dialog: (d) => (
            <ApproveDialog
              {...d}
              title="Approve request"
              intro={`The ${tierLevelLabel(d.obj.configuration.tier_level)} configuration of ${d.obj.configuration.account.name} for ${d.obj.configuration.product.name} becomes active with this request's values.`}
              productId={d.obj.configuration.product.id}
              scope={d.obj.configuration.tier_level === 2 ? 'tier2' : 'tier1'}
              required={false}
              label="Template"
              helper="Optional: the reseller receives its text with this request's data filled in."
              body={(templateId) => (templateId ? { template: { id: templateId } } : {})}
              onError={(err) => titledMessage(err, tierConfigRequestParams(d.obj))}
            />
          ),
        },
      }}
    />
  );
}
