import type { itemGroupTable } from '../modules/catalog/items/groups.ts';
import type { itemTable } from '../modules/catalog/items/items.ts';
import type { unitTable } from '../modules/catalog/items/units.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the items tables (see migrations/0005_catalog_items.ts), from their declared maps.
export type UnitsTable = RowOf<typeof unitTable>;
export type ItemGroupsTable = RowOf<typeof itemGroupTable>;
export type ItemsTable = RowOf<typeof itemTable>;

export interface CatalogItemsTables {
  units: UnitsTable;
  item_groups: ItemGroupsTable;
  items: ItemsTable;
}
