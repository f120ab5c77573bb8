import { sql, type Kysely } from 'kysely';
import {
  BRAND_PUBLIC_API,
  DEFAULT_BRAND,
  DEFAULT_BRAND_ID,
  hostWithoutPort,
  PORTAL_TITLE_MAX,
  type Brand,
  type Portal,
  type PortalType,
} from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../resources/engine.ts';

// The spec §3 brand object the portal reads, built from a portal (its look) and the portal's brand. Read from the
// database on every call (one indexed query each): no cache to invalidate across processes (DESIGN §7).

interface BrandRow {
  id: string;
  name: string;
  account_id: string | null;
  owner_name: string | null;
}

function brandQuery(db: Db) {
  return db
    .selectFrom('brands as b')
    .leftJoin('accounts as a', 'a.id', 'b.account_id')
    .select(['b.id', 'b.name', 'b.account_id', 'a.name as owner_name']);
}

const ownerOf = (b: BrandRow) => (b.account_id ? { id: b.account_id, name: b.owner_name ?? '' } : null);

/** A brand shown through one of its portals (or, for a brand without portals, the defaults). */
export function brandObject(b: BrandRow, portal: Portal | null): Brand {
  const ref = { id: b.id, name: b.name, public_api: BRAND_PUBLIC_API };
  if (!portal) {
    const title = b.id === DEFAULT_BRAND_ID ? b.name || DEFAULT_BRAND.title : b.name;
    return { ...DEFAULT_BRAND, id: b.id, title: title.slice(0, PORTAL_TITLE_MAX), brand: ref, owner: ownerOf(b) };
  }
  const f = portal.urls.favicons;
  return {
    id: b.id,
    // spec §9: the portal's title, else a fallback text (the brand's name)
    title: portal.title || b.name.slice(0, PORTAL_TITLE_MAX) || DEFAULT_BRAND.title,
    type: portal.type,
    theme: { primary: portal.theme.primary, navText: portal.theme.navigation, accent: portal.theme.accent },
    urls: {
      help: portal.signin.help,
      tos: portal.urls.tos,
      logo: portal.urls.logo ?? null,
      signUp: portal.urls.sign_up ?? null,
      favicons: Object.fromEntries(Object.entries(f).filter((e): e is [string, string] => Boolean(e[1]))),
    },
    footer: portal.footer.content,
    analytics_key: portal.analytics_key ?? null,
    replaced_by: portal.replaced_by ?? null,
    brand: ref,
    owner: ownerOf(b),
    portal: { id: portal.id, domain: portal.domains, type: portal.type },
  };
}

/** The brand's portals, first made first (its main portal, whose look the brand shows by id). */
async function portalsOf(db: Db, brandId: string): Promise<Portal[]> {
  const rows = await db
    .selectFrom('brand_portals')
    .select('data')
    .where('brand_id', '=', brandId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.data as Portal);
}

/** GET /branding/brand?id=: a brand through its main portal, with every host that serves it; null if unknown. */
export async function brandById(db: Kysely<DB>, id: string): Promise<Brand | null> {
  const row = await brandQuery(db).where('b.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const portals = await portalsOf(db, id);
  const { portal: _main, ...brand } = brandObject(row, portals[0] ?? null);
  return {
    ...brand,
    portals: portals
      .map((p) => ({ id: p.id, domain: p.domains, type: p.type as PortalType }))
      .sort((a, b) => a.domain.localeCompare(b.domain)),
  };
}

/**
 * The brand a host shows: the portal of that exact host, else of the host without its port, else the installation's
 * brand BR-000 with the default look (spec §9).
 */
export async function brandForHost(db: Kysely<DB>, host: string): Promise<Brand> {
  const names = [...new Set([host, hostWithoutPort(host)])].filter(Boolean);
  const { rows } = names.length
    ? await sql<{ domain: string; data: Portal; brand_id: string }>`select domain, data, brand_id from brand_portals
        where domain in (${sql.join(names)})`.execute(db)
    : { rows: [] };
  const match = names.map((n) => rows.find((r) => r.domain === n)).find(Boolean);
  if (match) {
    const row = await brandQuery(db).where('b.id', '=', match.brand_id).executeTakeFirst();
    if (row) return brandObject(row, match.data);
  }
  const fallback = await brandQuery(db).where('b.id', '=', DEFAULT_BRAND_ID).executeTakeFirst();
  return { ...(fallback ? brandObject(fallback, null) : DEFAULT_BRAND), portal: null };
}
