import type { ColumnType } from 'kysely';

// Row types of the distribution tables (see migrations/0009_distribution.ts).
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type Json = ColumnType<any, any, any>;

export interface CountriesTable {
  id: string;
  name: string;
  data: Json;
}
export interface MarketplacesTable {
  id: string;
  account_id: string;
  name: string;
  currency: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface HubsTable {
  id: string;
  account_id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface ConnectionsTable {
  id: string;
  account_id: string;
  provider_id: string;
  product_id: string;
  hub_id: string;
  type: string;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface ListingsTable {
  id: string;
  account_id: string;
  provider_id: string;
  marketplace_id: string;
  product_id: string;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface ListingRequestsTable {
  id: string;
  account_id: string;
  provider_id: string;
  marketplace_id: string;
  product_id: string;
  listing_id: string | null;
  type: string;
  status: string;
  assignee_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}
export interface PartnersTable {
  account_id: string;
  id: string;
  status: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  data: Json;
}

export interface DistributionTables {
  countries: CountriesTable;
  marketplaces: MarketplacesTable;
  hubs: HubsTable;
  connections: ConnectionsTable;
  listings: ListingsTable;
  listing_requests: ListingRequestsTable;
  partners: PartnersTable;
}
