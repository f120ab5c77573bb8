import { PENDING_LISTING_REQUEST_STATUSES } from '../distribution/listing-statuses.ts';
import type { Side } from '../resource/machine.ts';
import { USAGE_INCOMPLETE } from '../usage/file-statuses.ts';

/**
 * What each dashboard counter counts (spec §1), by side: the statuses of its list. The server counts them; the
 * portal's card opens the list filtered by the same statuses, so the list shows what the card counted.
 */
export const COUNTED_STATUSES = {
  asset_requests: { vendor: ['pending', 'inquiring'], provider: ['pending', 'inquiring'] },
  tier_config_requests: { vendor: ['pending', 'inquiring'], provider: ['pending', 'inquiring'] },
  tier_account_requests: { vendor: ['pending'], provider: ['pending'] },
  // a provider never sees another account's drafts
  listing_requests: { vendor: PENDING_LISTING_REQUEST_STATUSES, provider: ['reviewing', 'deploying'] },
  // new leads wait for the vendor; spec §6 shows the card to vendors only (the API counts a distributor's too)
  leads: { vendor: ['pending'], provider: ['pending'] },
  // incomplete, pending and accepted (spec §1): the provider sees a vendor's files from the submission on
  usage_files: { vendor: [...USAGE_INCOMPLETE, 'pending', 'accepted'], provider: ['pending', 'accepted'] },
} satisfies Record<string, Record<Side, readonly string[]>>;

export type CountedList = keyof typeof COUNTED_STATUSES;
