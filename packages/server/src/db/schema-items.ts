// Row types of the items tables (see migrations/0005_catalog_items.ts).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CatalogItemsTables {}
