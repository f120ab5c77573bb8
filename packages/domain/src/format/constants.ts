/** Business constants and limits — spec §9 (plus §8 fixed messages). */

export const CONTRACT_ID_PLACEHOLDER = 'CT-0000-0000-0000';
/** The shape of a usage file id, shown in the empty ID filter. */
export const USAGE_FILE_ID_PLACEHOLDER = 'UF-0000-0000-0000';

export const ACCOUNT_NAME_MIN = 4;
export const ACCOUNT_NAME_MAX = 64;
export const ACCOUNTS_LIST_LIMIT = 500;

/** "List all" fetches in chunks of 100, 5 requests in parallel. */
export const LIST_ALL_CHUNK = 100;
export const LIST_ALL_PARALLEL = 5;

export const DEFAULT_PAGE_LIMIT = 10;
export const DEFAULT_OFFSET = 0;

/** Requests slower than this are logged as long requests. */
export const LONG_REQUEST_MS = 10000;
/** Pricing adjustments (while processing) and product versions are refetched at this interval. */
export const POLLING_INTERVAL_MS = 3000;

export const RECENTS_LIMIT = 7;

export const RESIZE_DEBOUNCE_MS = 16;
export const URL_REPLACE_DEBOUNCE_MS = 300;
export const SORT_ANIMATION_MS = 500;

export const MAX_NESTED_BLOCKQUOTES = 3;
export const SKELETON_ROWS = 10;

/** Latest version query: limit 1, ordered by -version. */
export const LATEST_VERSION_LIMIT = 1;
export const LATEST_VERSION_ORDERING = '-version';

export const DEFAULT_DATE_FORMAT = 'L LT';
export const DEFAULT_TRUNCATE = 100;

export interface Theme {
  readonly primary: string;
  readonly navText: string;
  readonly accent: string;
}
export const DEFAULT_THEME: Theme = Object.freeze({
  primary: '#1565c0',
  navText: '#ffffff',
  accent: '#1565c0',
});

/** Item form defaults. */
export const DEFAULT_COMMITMENT_COUNT = 1;
export const DEFAULT_PERIOD = 'monthly';
export const DEFAULT_PRECISION = 'decimal(1)';
/** A quantity of -1 means unlimited. */
export const UNLIMITED_QUANTITY = -1;

/** Fixed user-facing messages (spec §8/§9). EXACT strings. */
export const FILTERS_RESTORED_MESSAGE = 'Some page values where set-up by previous use or passed in URL';
export const MARKETPLACE_NO_COUNTRY_MESSAGE =
  'This Marketplace is not configured properly (no country assigned). Please contact support.';
export const GENERIC_ERROR = 'Something went wrong';
export const SERVER_ERROR = 'Server error';
export const EMPTY_REQUEST = 'Empty request';
export const INVALID_CONFIRMATION_CODE = 'Invalid confirmation code';
export const EXPIRED_CONFIRMATION_CODE = 'Confirmation code is expired';
