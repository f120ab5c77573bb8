import { sql } from 'kysely';
import {
  BRAND_PUBLIC_API,
  DEFAULT_BRAND,
  DEFAULT_FOOTER,
  DEFAULT_HELP_URL,
  DEFAULT_TOS_URL,
  FAVICON_KINDS,
  normalizeHost,
  portalResource,
  type Portal,
  type PortalUpdate,
} from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Params, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { defineTable, text, timestamp } from '../../resources/table.ts';
import { fieldConflict } from './brands.ts';

// /brands/{id}/portals: the hosts of the caller's brand and the look of each. account_id is the brand's owner,
// written when the portal is made (the wire object does not carry it); it scopes every read and write.

export const portalTable = defineTable('brand_portals', {
  id: text('id'),
  brand_id: text('brand.id'),
  account_id: text().nullable(),
  domain: text('domains'),
  type: text('type'),
  replaced_by: text('replaced_by').nullable(),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp('events.updated.at'),
});

/** The caller's brand of the path, or null. */
async function ownBrand(db: Db, ctx: Ctx, brandId: string) {
  return db
    .selectFrom('brands')
    .select(['id', 'name'])
    .where('id', '=', brandId)
    .where('account_id', '=', ctx.account.id)
    .executeTakeFirst();
}

/** A host is served by one portal in the whole installation. */
async function assertHostFree(db: Db, host: string, exceptId = '') {
  const { rows } = await sql<{ id: string }>`select id from brand_portals
    where domain = ${host} and id <> ${exceptId} limit 1`.execute(db);
  if (rows.length) throw fieldConflict('domains', `The host ${host} is already served by another portal.`);
}

async function newPortalId(db: Db): Promise<string> {
  for (;;) {
    const id = newId('PO', 3, 3);
    if (!(await db.selectFrom('brand_portals').select('id').where('id', '=', id).executeTakeFirst())) return id;
  }
}

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

/** A portal with a write applied (create: over the defaults). Uploaded images change through their own routes. */
function applyLook(current: Portal, input: PortalUpdate): Portal {
  const next: Portal = structuredClone(current);
  if (input.domains !== undefined) next.domains = normalizeHost(input.domains)!;
  if (input.title !== undefined) next.title = blankToNull(input.title);
  for (const k of ['primary', 'navigation', 'accent'] as const) {
    const v = input.theme?.[k];
    if (v !== undefined) next.theme[k] = v.trim();
  }
  if (input.urls?.tos !== undefined) next.urls.tos = input.urls.tos.trim();
  if (input.urls?.sign_up !== undefined) next.urls.sign_up = blankToNull(input.urls.sign_up);
  if (input.signin?.help !== undefined) next.signin.help = input.signin.help.trim();
  if (input.footer?.content !== undefined) next.footer.content = input.footer.content;
  if (input.analytics_key !== undefined) next.analytics_key = blankToNull(input.analytics_key);
  if (input.replaced_by !== undefined) {
    const r = blankToNull(input.replaced_by);
    next.replaced_by = r ? normalizeHost(r) : null;
  }
  return next;
}

/** The logo and favicons change through their own routes (upload, remove); a write may send them back as read. */
function checkImages(current: Portal, input: PortalUpdate) {
  const logo = input.urls?.logo;
  if (logo !== undefined && logo !== (current.urls.logo ?? null))
    throw ApiError.badRequest('urls.logo: Upload the logo with POST …/logo and remove it with DELETE …/logo.');
  for (const kind of FAVICON_KINDS) {
    const v = input.urls?.favicons?.[kind];
    if (v !== undefined && v !== (current.urls.favicons[kind] ?? null))
      throw ApiError.badRequest(
        `urls.favicons.${kind}: Upload favicons with POST …/favicon and remove one with DELETE …/favicons/${kind}.`,
      );
  }
}

function checkReplacement(p: Portal) {
  if (p.replaced_by && p.replaced_by === p.domains)
    throw ApiError.badRequest("replaced_by: Must name another host than the portal's own.");
}

export const portals: Served<Portal> = {
  decl: portalResource,
  table: portalTable,
  scope: (ctx, params) => sql<boolean>`t.account_id = ${ctx.account.id} and t.brand_id = ${params.brandId ?? ''}`,
  parentVisible: async (ctx, params, db) => Boolean(await ownBrand(db, ctx, params.brandId ?? '')),
  async create(ctx, input, params: Params, db) {
    const brand = (await ownBrand(db, ctx, params.brandId))!;
    const blank: Portal = {
      id: await newPortalId(db),
      domains: '',
      type: ctx.account.type,
      title: brand.name.slice(0, 40),
      theme: {
        primary: DEFAULT_BRAND.theme.primary,
        navigation: DEFAULT_BRAND.theme.navText,
        accent: DEFAULT_BRAND.theme.accent,
      },
      urls: { tos: DEFAULT_TOS_URL, favicons: {} },
      signin: { help: DEFAULT_HELP_URL },
      footer: { content: DEFAULT_FOOTER },
      brand: { id: brand.id, name: brand.name, public_api: BRAND_PUBLIC_API },
      events: {},
    };
    const portal = applyLook(blank, { ...input, urls: { ...input.urls, logo: undefined, favicons: undefined } });
    checkReplacement(portal);
    await assertHostFree(db, portal.domains);
    return { object: portal, extra: { account_id: ctx.account.id } };
  },
  async update(_ctx, current, input: PortalUpdate, _params, db) {
    checkImages(current, input);
    const next = applyLook(current, input);
    checkReplacement(next);
    if (next.domains !== current.domains) await assertHostFree(db, next.domains, current.id);
    return next;
  },
};
