import type { ColumnType } from 'kysely';

// Row types of the content tables (see migrations/0007_catalog_content.ts).
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

interface ProductOwned { id: string; product_id: string; account_id: string; created_at: Timestamp; updated_at: Timestamp; data: Json }

export interface ProductTemplatesTable extends ProductOwned { name: string; scope: string; type: string | null; position: number | null }
export interface ProductMediaTable extends ProductOwned { position: number; type: string }
export interface ProductActionsTable extends ProductOwned { action: string; scope: string; type: string }
export interface ProductMessagesTable extends ProductOwned { external_id: string; auto: boolean }
export interface ProductGuidelinesTable extends ProductOwned { name: string; position: number }
export interface CategoriesTable { id: string; parent_id: string | null; family_id: string; name: string; data: Json }

export interface CatalogContentTables {
  product_templates: ProductTemplatesTable;
  product_media: ProductMediaTable;
  product_actions: ProductActionsTable;
  product_messages: ProductMessagesTable;
  product_guidelines: ProductGuidelinesTable;
  categories: CategoriesTable;
}
