import type { ColumnType } from 'kysely';

// Row types of the branding tables (see migrations/0011_branding.ts).
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

/** A brand: `data` holds the Brand object (theme, urls, footer, ...); account_id null = the installation's brand. */
export interface BrandsTable {
  id: string;
  account_id: string | null;
  title: string;
  type: string;
  replaced_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
/** A host name (lower case, with the port when not the default) that serves a brand. */
export interface BrandPortalsTable {
  id: string;
  brand_id: string;
  account_id: string | null;
  domain: string;
  type: string;
  replaced_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}

export interface BrandingTables {
  brands: BrandsTable;
  brand_portals: BrandPortalsTable;
}
