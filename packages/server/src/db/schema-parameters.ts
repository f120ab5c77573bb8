// Row types of the parameters tables (see migrations/0006_catalog_parameters.ts).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CatalogParametersTables {}
