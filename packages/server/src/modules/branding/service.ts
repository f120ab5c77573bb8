import type { Kysely } from 'kysely';
import {
  DEFAULT_BRAND,
  DEFAULT_BRAND_ID,
  hostWithoutPort,
  type Brand,
  type BrandPortalRef,
  type PortalType,
} from '@trellis/domain';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

function brandQuery(db: Db) {
  return db
    .selectFrom('brands as b')
    .leftJoin('accounts as a', 'a.id', 'b.account_id')
    .select(['b.id', 'b.title', 'b.type', 'b.replaced_by', 'b.account_id', 'b.data', 'a.name as owner_name']);
}
type BrandRow = Awaited<ReturnType<ReturnType<typeof brandQuery>['executeTakeFirstOrThrow']>>;

/** The stored brand over the defaults, so a brand saved with fewer fields still gives the portal every one. */
function present(row: BrandRow): Brand {
  const data = (row.data ?? {}) as Partial<Brand>;
  return {
    id: row.id,
    title: row.title,
    type: row.type as PortalType,
    theme: { ...DEFAULT_BRAND.theme, ...data.theme },
    urls: { ...DEFAULT_BRAND.urls, ...data.urls },
    footer: data.footer ?? DEFAULT_BRAND.footer,
    analytics_key: data.analytics_key ?? null,
    replaced_by: row.replaced_by,
    owner: row.account_id ? { id: row.account_id, name: row.owner_name ?? '' } : null,
  };
}

/** One brand with the hosts that serve it, or null. */
export async function brandById(db: Db, id: string): Promise<Brand | null> {
  const row = await brandQuery(db).where('b.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const portals = await db
    .selectFrom('brand_portals')
    .select(['domain', 'type'])
    .where('brand_id', '=', id)
    .orderBy('domain')
    .execute();
  return { ...present(row), portals: portals.map((p) => ({ domain: p.domain, type: p.type as PortalType })) };
}

/**
 * The brand a host shows: its portal's brand (the exact host first, then the host without its port), else the
 * installation's brand. A portal's own replaced_by wins over its brand's.
 */
export async function brandForHost(db: Db, host: string): Promise<Brand> {
  const names = [...new Set([host, hostWithoutPort(host)])];
  const portals = await db
    .selectFrom('brand_portals')
    .select(['brand_id', 'domain', 'type', 'replaced_by'])
    .where('domain', 'in', names)
    .execute();
  const portal = names.map((n) => portals.find((p) => p.domain === n)).find(Boolean);
  if (portal) {
    const row = await brandQuery(db).where('b.id', '=', portal.brand_id).executeTakeFirst();
    if (row) {
      const brand = present(row);
      const ref: BrandPortalRef = { domain: portal.domain, type: portal.type as PortalType };
      return { ...brand, portal: ref, replaced_by: portal.replaced_by ?? brand.replaced_by };
    }
  }
  const fallback = await brandQuery(db).where('b.id', '=', DEFAULT_BRAND_ID).executeTakeFirst();
  return { ...(fallback ? present(fallback) : DEFAULT_BRAND), portal: null };
}
