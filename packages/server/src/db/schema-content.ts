// Row types of the content tables (see migrations/0007_catalog_content.ts).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CatalogContentTables {}
