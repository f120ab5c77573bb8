// Listing requests' types and statuses, apart from their schemas: the dashboard's counters need them and not zod.

export const LISTING_REQUEST_TYPES = ['new', 'update', 'remove'] as const;
export type ListingRequestType = (typeof LISTING_REQUEST_TYPES)[number];
export const LISTING_REQUEST_STATUSES = [
  'draft',
  'reviewing',
  'deploying',
  'completed',
  'canceled',
  'deleted',
] as const;
export type ListingRequestStatus = (typeof LISTING_REQUEST_STATUSES)[number];
/** Requests still in progress: the dashboard counts these and a listing has at most one of them. */
export const PENDING_LISTING_REQUEST_STATUSES = ['draft', 'reviewing', 'deploying'] as const;
