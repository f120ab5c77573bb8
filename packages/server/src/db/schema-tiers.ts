// Row types of the tiers tables (see migrations/0010_tier_accounts.ts).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TierAccountTables {}
