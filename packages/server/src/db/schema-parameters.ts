import type { configurationTable } from '../modules/catalog/parameters/configurations.ts';
import type { parameterSequenceTable, parameterTable } from '../modules/catalog/parameters/parameters.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the parameters tables (see migrations/0006_catalog_parameters.ts), from their declared maps.
export type ProductParametersTable = RowOf<typeof parameterTable>;
export type ProductConfigurationsTable = RowOf<typeof configurationTable>;
export type ProductParameterSequencesTable = RowOf<typeof parameterSequenceTable>;

export interface CatalogParametersTables {
  product_parameter_sequences: ProductParameterSequencesTable;
  product_parameters: ProductParametersTable;
  product_configurations: ProductConfigurationsTable;
}
