import type { brandTable } from '../modules/branding/brands.ts';
import type { portalTable } from '../modules/branding/portals.ts';
import type { RowOf } from '../resources/table.ts';

// Row types of the branding tables (migrations 0011 and 0021), from their declared maps (modules/branding).

/** A brand: `data` holds the brand as /brands returns it; account_id null = the installation's brand BR-000. */
export type BrandsTable = RowOf<typeof brandTable>;
/** A portal: one host name (lower case, with the port when not the default) and its look. */
export type BrandPortalsTable = RowOf<typeof portalTable>;

export interface BrandingTables {
  brands: BrandsTable;
  brand_portals: BrandPortalsTable;
}
