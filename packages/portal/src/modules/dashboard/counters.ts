import { COUNTED_STATUSES, type CountedList } from '@trellis/domain/dashboard/counted';
import { encodeState } from '../../components/ResourceTable/filterState.ts';

/**
 * Dashboard counters of spec §1: label, who sees them (spec §6: a provider sees contracts, listings, usage, helpdesk
 * and streams counters; the API counts the others for providers too, for API clients) and the list they count.
 */
export interface CounterInfo {
  label: string;
  hint: string;
  visibleTo: ('vendor' | 'provider')[];
  /** Route name of the counted list and the tab/filter state to open it with. */
  route?: string;
  tab?: string;
  /** The list opens filtered by the statuses the server counts (domain `COUNTED_STATUSES`). */
  counted?: CountedList;
  /** Or the list's own view of what the server counts (its query string, e.g. `?waiting=1`). */
  search?: string;
}

export const COUNTERS: Record<string, CounterInfo> = {
  asset_requests: {
    label: 'Subscription requests',
    hint: 'Pending or inquiring',
    visibleTo: ['vendor'],
    route: 'subscriptions',
    tab: 'fulfillment',
    counted: 'asset_requests',
  },
  contracts: {
    label: 'Contracts',
    hint: 'Waiting for you to enroll, sign or approve',
    visibleTo: ['vendor', 'provider'],
    route: 'partners',
    tab: 'contracts',
    // domain partners/waiting.ts: the same terms as the server's count
    search: '?waiting=1',
  },
  tier_account_requests: {
    label: 'Tier account requests',
    hint: 'Pending',
    visibleTo: ['vendor'],
    route: 'customers',
    tab: 'requests',
    counted: 'tier_account_requests',
  },
  listing_requests: {
    label: 'Listing requests',
    hint: 'Draft, reviewing or deploying',
    visibleTo: ['vendor', 'provider'],
    route: 'listings',
    tab: 'requests',
    counted: 'listing_requests',
  },
  tier_config_requests: {
    label: 'Tier configuration requests',
    hint: 'Pending or inquiring',
    visibleTo: ['vendor'],
    route: 'tierConfigs',
    tab: 'requests',
    counted: 'tier_config_requests',
  },
  pricelist_versions: { label: 'Price list versions', hint: 'Draft', visibleTo: ['vendor'], route: 'pricings' },
  usage_files: {
    label: 'Usage files',
    hint: 'Incomplete, pending or accepted',
    visibleTo: ['vendor', 'provider'],
    route: 'usages',
    tab: 'all',
    counted: 'usage_files',
  },
  cases: {
    label: 'Helpdesk cases',
    hint: 'Waiting for you',
    visibleTo: ['vendor', 'provider'],
    route: 'helpdesk',
    tab: 'waiting',
  },
  transformation_requests: {
    label: 'Transformation requests',
    hint: 'Waiting for processing',
    visibleTo: ['vendor', 'provider'],
    route: 'commerce.billing.streams',
  },
  leads: { label: 'Leads', hint: 'New', visibleTo: ['vendor'], route: 'leads', tab: 'records', counted: 'leads' },
};

export interface CounterValue {
  count: number;
  updated_at?: string;
}

/** The counters this account kind sees, in the order of spec §1; unknown names the server sends are kept. */
export function visibleCounters(stats: Record<string, CounterValue> | undefined, accountType: string) {
  if (!stats) return [];
  const known = Object.keys(COUNTERS).filter(
    (name) => name in stats && COUNTERS[name].visibleTo.includes(accountType as 'vendor'),
  );
  const unknown = Object.keys(stats).filter((name) => !(name in COUNTERS));
  return [...known, ...unknown]
    .filter((name) => typeof stats[name]?.count === 'number')
    .map((name) => ({ name, info: COUNTERS[name], value: stats[name] }));
}

/** The `?state=` of the list a counter opens: its counted statuses as the list's status filter. */
export function countedQuery(info: CounterInfo | undefined, side: 'vendor' | 'provider'): string {
  if (!info?.counted) return info?.search ?? '';
  return `?state=${encodeState({ filters: { status: [...COUNTED_STATUSES[info.counted][side]] } })}`;
}
