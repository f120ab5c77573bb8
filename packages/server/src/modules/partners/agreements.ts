import { sql } from 'kysely';
import {
  agreementResource,
  subAgreementResource,
  type Agreement,
  type AgreementDocument,
  type AgreementVersion,
} from '@trellis/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inList } from '../../db/in-list.ts';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { insertObject, type Db, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { agreementParentVisible, agreementVisible } from './access.ts';
import { formOf } from './forms-ref.ts';
import { unlinkAgreementGroups } from './groups/index.ts';
import { agreementTable } from './tables.ts';
import { agreementVersions } from './agreement-versions.ts';

// Agreements (/agreements): a distributor's terms, as versions. Version 1 is made with the agreement (active at
// once when asked); the agreement carries its current version's summary and whether partners can sign it now.

const now = () => new Date().toISOString();

/**
 * Where this installation answers (config.publicUrl), set when the area's routes start: links to documents Trellis
 * keeps are stored as API paths and answered as absolute URLs, so a changed address never leaves stale links.
 */
let publicUrl = '';
export const setPublicUrl = (url: string) => void (publicUrl = url.replace(/\/$/, ''));
const absolute = (link: string) => (link.startsWith('/public/v1/') ? `${publicUrl}${link}` : link);

export const documentLink = (id: string, version?: number) =>
  `/public/v1/agreements/${id}${version === undefined ? '' : `/versions/${version}`}/document`;

/** How the reference names where a document lives: kept by Trellis (text or PDF), or a link elsewhere. */
export const documentType = (d: AgreementDocument | undefined): Agreement['document_type'] =>
  !d ? 'none' : d.format === 'link' ? 'external' : 'uploaded';

/** The agreement's summary of a version (reference AgreementVersionReference) and the fields that follow it. */
export function withVersion(a: Agreement, v: AgreementVersion): Agreement {
  return {
    ...a,
    active: v.status === 'active' ? true : a.active,
    document_type: documentType(v.document),
    link: v.document.format === 'link' ? (v.document.link ?? '') : documentLink(a.id),
    file: v.document.format === 'pdf' ? (v.document.file ?? null) : null,
    version: {
      version: v.version,
      active: v.status === 'active',
      author: v.author,
      link: documentLink(a.id, v.version),
      version_created: v.version_created,
      version_contracts: v.version_contracts,
    },
  };
}

/** A marketplace of the caller's, as an agreement refers to it. */
async function ownMarketplace(db: Db, ctx: Ctx, id: string) {
  const row = await db
    .selectFrom('marketplaces')
    .select(['id', 'name', 'data'])
    .where('id', '=', id)
    .where('account_id', '=', ctx.account.id)
    .executeTakeFirst();
  if (!row) throw ApiError.badRequest(`marketplace: ${id} is not a marketplace of this account.`);
  return { id: row.id, name: row.name, ...(row.data?.icon ? { icon: row.data.icon as string } : {}) };
}

async function ownParent(db: Db, ctx: Ctx, id: string) {
  const row = await db
    .selectFrom('agreements')
    .select(['id', 'title', 'parent_id'])
    .where('id', '=', id)
    .where('account_id', '=', ctx.account.id)
    .executeTakeFirst();
  if (!row) throw ApiError.badRequest(`parent: ${id} is not an agreement of this account.`);
  if (row.parent_id) throw ApiError.badRequest(`parent: ${id} is itself a sub-agreement; agreements nest one level.`);
  return { id: row.id, name: row.title };
}

/** The enroll form an agreement asks partners to fill: one of the owner's forms of type enroll. */
export async function enrollFormRef(db: Db, ctx: Ctx, ref: { id: string } | null | undefined) {
  if (!ref) return null;
  const form = await formOf(db, ref.id);
  if (!form || form.owner !== ctx.account.id)
    throw ApiError.badRequest(`forms.enroll: ${ref.id} is not a form of this account.`);
  if (form.status !== 'active')
    throw ApiError.badRequest(`forms.enroll: form ${ref.id} is a draft; activate it before partners fill it in.`);
  if (form.type !== 'enroll')
    throw ApiError.badRequest(`forms.enroll: ${ref.id} is a ${form.type} form, not an enroll form.`);
  return { id: form.id, type: 'enroll' as const };
}

const firstDocument = (input: any): AgreementDocument =>
  input.document?.link && input.document?.format !== 'markdown'
    ? { format: 'link', link: input.document.link }
    : { format: 'markdown', text: input.document?.text ?? '' };

async function createAgreement(ctx: Ctx, input: any, parentId: string | undefined, db: Transaction<DB>) {
  const id = newId('AGP', 3, 3);
  const at = now();
  if (input.marketplace && input.type !== 'distribution')
    throw ApiError.badRequest('marketplace: only distribution agreements cover marketplaces.');
  const marketplace = input.marketplace ? await ownMarketplace(db, ctx, input.marketplace.id) : undefined;
  const parentRef = parentId ?? input.parent?.id;
  const parent = parentRef ? await ownParent(db, ctx, parentRef) : undefined;
  const enroll = await enrollFormRef(db, ctx, input.forms?.enroll);
  const author = actorOf(ctx);
  const version: AgreementVersion = {
    agreement: {
      id,
      title: input.title,
      name: input.title,
      description: input.description ?? '',
      type: input.type,
      owner: { id: ctx.account.id, name: ctx.account.name },
    },
    version: 1,
    status: input.active ? 'active' : 'draft',
    active: !!input.active,
    author: { id: author.id, name: author.name },
    document: firstDocument(input),
    link: documentLink(id, 1),
    version_created: at,
    version_contracts: 0,
    events: { created: { at, by: author }, updated: { at, by: author } },
  };
  const agreement: Agreement = withVersion(
    {
      id,
      type: input.type,
      title: input.title,
      name: input.title,
      description: input.description ?? '',
      owner: { id: ctx.account.id, name: ctx.account.name },
      ...(marketplace ? { marketplace } : {}),
      ...(parent ? { parent } : {}),
      active: false,
      auto_accept: !!input.auto_accept,
      document_type: 'none',
      link: '',
      file: null,
      forms: { enroll, product: null, item: null },
      stats: { contracts: 0, versions: 1 },
      created: at,
      updated: at,
      events: {},
    },
    version,
  );
  return { agreement, version };
}

/** Version 1 and the marketplace link go in with the agreement (their keys to it are checked at commit). */
async function storeFirst(a: Agreement, v: AgreementVersion, db: Transaction<DB>) {
  await insertObject(agreementVersions, v, db);
  if (a.marketplace) {
    const m = {
      agreement: { id: a.id },
      ...a.marketplace,
      description: null,
      countries: [],
      currency: null,
      stats: { hubs: 0, contracts: 0 },
    };
    await sql`insert into agreement_marketplaces (agreement_id, marketplace_id, account_id, created_at, data)
      values (${a.id}, ${a.marketplace.id}, ${a.owner.id}, ${a.created}, ${JSON.stringify(m)}::jsonb)`.execute(db);
  }
}

/** stats.contracts and stats.versions, counted for a page at once; document links made absolute. */
async function withStats(as: Agreement[], db: Db): Promise<Agreement[]> {
  if (!as.length) return as;
  const ids = as.map((a) => a.id);
  const { rows } = await sql<{ id: string; contracts: string; versions: string }>`
    select a.id,
      (select count(*) from contracts c where c.agreement_id = a.id) as contracts,
      (select count(*) from agreement_versions v where v.agreement_id = a.id) as versions
    from agreements a where ${inList(sql`a.id`, ids)}`.execute(db);
  const by = new Map(rows.map((r) => [r.id, r]));
  return as.map((a) => {
    const r = by.get(a.id);
    const linked = { ...a, link: absolute(a.link) };
    return r ? { ...linked, stats: { contracts: Number(r.contracts), versions: Number(r.versions) } } : linked;
  });
}

const common = {
  table: agreementTable,
  owner: (a: Agreement) => a.owner.id,
  presentMany: (as: Agreement[], _ctx: Ctx, _include: string[], db: Db) => withStats(as, db),
} satisfies Partial<Served<Agreement>>;

export const agreements: Served<Agreement> = {
  ...common,
  decl: agreementResource,
  scope: (ctx) => agreementVisible(ctx),
  async create(ctx, input, _params, db) {
    const { agreement, version } = await createAgreement(ctx, input, undefined, db);
    await storeFirst(agreement, version, db);
    return agreement;
  },
  async update(ctx, current, input, _params, db) {
    const title = input.title ?? current.title;
    const forms =
      input.forms && 'enroll' in input.forms
        ? { ...current.forms, enroll: await enrollFormRef(db, ctx, input.forms.enroll) }
        : current.forms;
    return {
      ...current,
      title,
      name: title,
      description: input.description ?? current.description,
      auto_accept: input.auto_accept ?? current.auto_accept,
      forms,
    };
  },
  async remove(_ctx, current, _params, db) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from contracts c
      join agreements a on a.id = c.agreement_id where a.parent_id = ${current.id}`.execute(db);
    if (Number(rows[0].n) > 0)
      throw ApiError.badRequest('Its sub-agreements have contracts; an agreement with contracts cannot be deleted.');
    await unlinkAgreementGroups(db, current.id);
  },
};

/** Sub-agreements (/agreements/{id}/agreements): created under the parent by its owner. */
export const subAgreements: Served<Agreement> = {
  ...common,
  decl: subAgreementResource,
  parentVisible: agreementParentVisible,
  scope: (ctx, params) => sql<boolean>`t.parent_id = ${params.agreementId ?? ''} and ${agreementVisible(ctx)}`,
  async create(ctx, input, params, db) {
    const { agreement, version } = await createAgreement(ctx, input, params.agreementId, db);
    await storeFirst(agreement, version, db);
    return agreement;
  },
};
