import type { ColumnType } from 'kysely';

// Row types of the items tables (see migrations/0005_catalog_items.ts).
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

export interface UnitsTable { id: string; account_id: string | null; name: string; created_at: Timestamp; updated_at: Timestamp; data: Json }
export interface ItemGroupsTable {
  id: string; product_id: string; account_id: string; name: string | null; mpn: string; created_at: Timestamp; updated_at: Timestamp; data: Json;
}
export interface ItemsTable {
  id: string; product_id: string; account_id: string; seq: number; status: string; name: string; mpn: string; type: string;
  period: string; group_id: string | null; unit_id: string; position: number; created_at: Timestamp; updated_at: Timestamp; data: Json;
}

export interface CatalogItemsTables {
  units: UnitsTable;
  item_groups: ItemGroupsTable;
  items: ItemsTable;
}
