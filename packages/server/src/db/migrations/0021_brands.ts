import { sql, type Kysely } from 'kysely';
import { DEFAULT_BRAND, DEFAULT_BRAND_ID, DEFAULT_FOOTER, DEFAULT_HELP_URL, DEFAULT_TOS_URL } from '@trellis/domain';
import { runStatements } from '../sql-script.ts';

// Issue 14: brands and portals become resources (/brands, /brands/{id}/portals) in the reference shapes. The look
// (title, colours, links, footer, analytics key, replaced_by) moves from the brand to each portal, as in the
// reference; a brand keeps its name and a unique subdomain label. An account owns at most one brand. Rows written
// before (by hand or by tests: 0011 had no API) are carried over: each portal takes its brand's former look.

interface OldBrand {
  title?: string;
  theme?: { primary?: string; navText?: string; accent?: string };
  urls?: { help?: string; tos?: string; logo?: string | null; signUp?: string | null; favicons?: object };
  footer?: string;
  analytics_key?: string | null;
}

export async function up(db: Kysely<any>): Promise<void> {
  const brands = (
    await sql<{
      id: string;
      account_id: string | null;
      title: string;
      replaced_by: string | null;
      created_at: Date;
      updated_at: Date;
      data: OldBrand;
      owner_name: string | null;
    }>`select b.id, b.account_id, b.title, b.replaced_by, b.created_at, b.updated_at, b.data, a.name as owner_name
    from brands b left join accounts a on a.id = b.account_id order by b.created_at, b.id`.execute(db)
  ).rows;
  const portals = (
    await sql<{
      id: string;
      brand_id: string;
      domain: string;
      type: string;
      replaced_by: string | null;
      created_at: Date;
      updated_at: Date;
    }>`select id, brand_id, domain, type, replaced_by, created_at, updated_at from brand_portals`.execute(db)
  ).rows;

  await runStatements(
    db,
    `
    alter table brands rename column title to name;
    alter table brands add column subdomain text;
    alter table brands drop column type;
    alter table brands drop column replaced_by
  `,
  );

  const iso = (d: Date) => new Date(d).toISOString();
  const system = { id: 'system', name: 'System' };
  const byId = new Map(brands.map((b) => [b.id, b]));
  const owners = new Set<string>();
  for (const b of brands) {
    // one brand per account: a second one left by hand loses its owner (its portals stay, served by host)
    const owned = b.account_id && !owners.has(b.account_id) ? b.account_id : null;
    if (owned) owners.add(owned);
    const subdomain = b.id === DEFAULT_BRAND_ID ? null : b.id.toLowerCase().replace(/[^a-z0-9-]/g, '-');
    const data = {
      id: b.id,
      name: b.title,
      ...(subdomain ? { subdomain } : {}),
      ...(owned ? { owner: { id: owned, name: b.owner_name ?? '' } } : {}),
      events: { created: { at: iso(b.created_at), by: system }, updated: { at: iso(b.updated_at), by: system } },
    };
    await sql`update brands set subdomain = ${subdomain}, account_id = ${owned}, data = ${JSON.stringify(data)}::jsonb
      where id = ${b.id}`.execute(db);
  }
  for (const p of portals) {
    const b = byId.get(p.brand_id)!;
    const old = b.data ?? {};
    const favicons = Object.fromEntries(
      Object.entries(old.urls?.favicons ?? {}).filter(([k, v]) => ['svg', 'png', 'ico'].includes(k) && v),
    );
    const data = {
      id: p.id,
      domains: p.domain,
      type: p.type,
      title: old.title ?? b.title,
      theme: {
        primary: old.theme?.primary ?? DEFAULT_BRAND.theme.primary,
        navigation: old.theme?.navText ?? DEFAULT_BRAND.theme.navText,
        accent: old.theme?.accent ?? DEFAULT_BRAND.theme.accent,
      },
      urls: {
        tos: old.urls?.tos ?? DEFAULT_TOS_URL,
        ...(old.urls?.signUp ? { sign_up: old.urls.signUp } : {}),
        ...(old.urls?.logo ? { logo: old.urls.logo } : {}),
        favicons,
      },
      signin: { help: old.urls?.help ?? DEFAULT_HELP_URL },
      footer: { content: old.footer ?? DEFAULT_FOOTER },
      ...(old.analytics_key ? { analytics_key: old.analytics_key } : {}),
      ...((p.replaced_by ?? b.replaced_by) ? { replaced_by: p.replaced_by ?? b.replaced_by } : {}),
      brand: { id: b.id, name: b.title },
      events: { created: { at: iso(p.created_at), by: system }, updated: { at: iso(p.updated_at), by: system } },
    };
    await sql`update brand_portals set account_id = ${b.account_id}, replaced_by = ${data.replaced_by ?? null},
      data = ${JSON.stringify(data)}::jsonb where id = ${p.id}`.execute(db);
  }

  await runStatements(
    db,
    `
    create unique index brands_subdomain on brands (subdomain);
    drop index brands_account;
    create unique index brands_account on brands (account_id);
    create index brand_portals_account on brand_portals (account_id, brand_id)
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runStatements(
    db,
    `
    drop index if exists brand_portals_account;
    drop index if exists brands_subdomain;
    drop index if exists brands_account;
    create index brands_account on brands (account_id);
    alter table brands drop column subdomain;
    alter table brands rename column name to title;
    alter table brands add column type text not null default 'universal';
    alter table brands add column replaced_by text
  `,
  );
}
