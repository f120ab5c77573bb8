import { PARAMETER_SCOPE_LABELS as SCOPE_LABELS } from '@trellis/domain/parameters/types';
import type { ParameterFormGroup } from '../../../components/ParameterForm/index.ts';

/** Request parameter tabs: the customer's (asset scope), then the tiers' (spec tier labels). */
export const TIER_GROUPS: ParameterFormGroup[] = (['asset', 'tier1', 'tier2'] as const).map((scope) => ({
  id: scope,
  label: SCOPE_LABELS[scope],
  match: (p) => p.scope === scope,
}));
