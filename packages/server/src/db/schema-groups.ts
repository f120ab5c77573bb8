import type {
  agreementProductGroupTable,
  productGroupProductTable,
  productGroupTable,
} from '../modules/partners/groups/tables.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of catalog groups (migrations/0026_catalog_groups.ts), from the declared tables.
export interface CatalogGroupsTables {
  product_groups: RowOf<typeof productGroupTable>;
  product_group_products: RowOf<typeof productGroupProductTable>;
  agreement_product_groups: RowOf<typeof agreementProductGroupTable>;
}
