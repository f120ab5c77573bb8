// Row types of the parameters tables (see migrations/0006_catalog_parameters.ts).
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

export interface ProductParametersTable {
  id: string; product_id: string; account_id: string; name: string; title: string; type: string; phase: string; scope: string;
  position: number; created_at: Timestamp; updated_at: Timestamp; data: Json;
}

export interface ProductConfigurationsTable {
  id: string; product_id: string; account_id: string; parameter_id: string; item_id: string | null; marketplace_id: string | null;
  value: string | null; created_at: Timestamp; updated_at: Timestamp; data: Json;
}

export interface ProductParameterSequencesTable { product_id: string; last: number }

export interface CatalogParametersTables {
  product_parameter_sequences: ProductParameterSequencesTable;
  product_parameters: ProductParametersTable;
  product_configurations: ProductConfigurationsTable;
}
