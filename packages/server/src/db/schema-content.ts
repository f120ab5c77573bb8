import type { actionTable, guidelineTable, messageTable } from '../modules/catalog/content/actions.ts';
import type { categoryTable } from '../modules/catalog/content/categories.ts';
import type { mediaTable } from '../modules/catalog/content/media.ts';
import type { templateTable } from '../modules/catalog/content/templates.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the content tables (see migrations/0007_catalog_content.ts), from their declared maps.
export type ProductTemplatesTable = RowOf<typeof templateTable>;
export type ProductMediaTable = RowOf<typeof mediaTable>;
export type ProductActionsTable = RowOf<typeof actionTable>;
export type ProductMessagesTable = RowOf<typeof messageTable>;
export type ProductGuidelinesTable = RowOf<typeof guidelineTable>;
export type CategoriesTable = RowOf<typeof categoryTable>;

export interface CatalogContentTables {
  product_templates: ProductTemplatesTable;
  product_media: ProductMediaTable;
  product_actions: ProductActionsTable;
  product_messages: ProductMessagesTable;
  product_guidelines: ProductGuidelinesTable;
  categories: CategoriesTable;
}
