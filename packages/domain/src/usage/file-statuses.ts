// The usage files' statuses and their groups, apart from the file's schemas: the dashboard's counters need them
// and not zod (domain dashboard/counted.ts is in the portal's first chunk).

export const USAGE_FILE_STATUSES = [
  'draft',
  'uploading',
  'uploaded',
  'processing',
  'ready',
  'invalid',
  'pending',
  'accepted',
  'rejected',
  'closed',
  'deleted',
] as const;
export type UsageFileStatus = (typeof USAGE_FILE_STATUSES)[number];
/** Spec §3: a file's type follows the kind of the contract it is reported under. */
export const USAGE_FILE_TYPES = ['distribution', 'program', 'service', 'syndication', 'referral'] as const;
/** Reference schemas: transaction, provider, quantity, cost reporting. Trellis reads quantities (`qt`). */
export const USAGE_SCHEMAS = ['tr', 'pr', 'qt', 'cr'] as const;

/** Statuses from which the vendor may upload a (new) spreadsheet. */
export const USAGE_UPLOADABLE: readonly UsageFileStatus[] = ['draft', 'invalid', 'ready', 'rejected'];
/** Statuses in which the file's records are being parsed: the portal polls the progress. */
export const USAGE_BUSY: readonly UsageFileStatus[] = ['uploading', 'uploaded', 'processing'];
/** Spec §1 `usage_files` counter: incomplete (not yet submitted), pending and accepted files. */
export const USAGE_INCOMPLETE: readonly UsageFileStatus[] = [
  'draft',
  'uploading',
  'uploaded',
  'processing',
  'ready',
  'invalid',
  'rejected',
];
/** What a provider sees of a vendor's files: from the submission on (drafts are the vendor's own business). */
export const USAGE_SUBMITTED: readonly UsageFileStatus[] = ['pending', 'accepted', 'rejected', 'closed'];
