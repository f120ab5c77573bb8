// Row types of the localization tables (see migrations/0008_localization.ts).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LocalizationTables {}
