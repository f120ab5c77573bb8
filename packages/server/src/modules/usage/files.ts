import { sql } from 'kysely';
import { COUNTED_STATUSES } from '@trellis/domain/dashboard/counted';
import { USAGE_SUBMITTED, usageFileResource, type Contract, type UsageFile } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { hideStatusUnlessAsked, type Db, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { productRefOf } from '../catalog/public.ts';
import { refreshAggregates } from './aggregates.ts';
import { makeChunks } from './chunks.ts';
import { PROCESS_JOB } from './jobs.ts';
import { setRecordStatus } from './records.ts';
import { ruleOutcome } from './rule-outcome.ts';
import { usageFileTable } from './tables.ts';

// Usage files (reference /usage/files): the vendor creates one for a product under a contract, uploads the
// spreadsheet (upload.ts) and submits it once processed; the contract's distributor accepts or rejects it and closes
// it once billed. The machine (domain usage/file.ts) says who acts; the handlers move the records with the file.

const now = () => new Date().toISOString();

/** The vendor sees its files; the provider sees them from the submission on. */
export const usageFileVisible = (ctx: Ctx, alias = 't') =>
  sql<boolean>`(${sql.ref(`${alias}.vendor_id`)} = ${ctx.account.id} or (${sql.ref(`${alias}.provider_id`)} = ${ctx.account.id}
    and ${sql.ref(`${alias}.status`)} in (${sql.join([...USAGE_SUBMITTED])})))`;

/** Record counts by status, as the file's stats and records blocks show them. */
export async function countRecords(db: Db, fileId: string) {
  const { rows } = await sql<{ status: string; n: string }>`select status, count(*) as n from usage_records
    where usage_file_id = ${fileId} group by status`.execute(db);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const all = rows.reduce((n, r) => n + Number(r.n), 0);
  return { by, all };
}

/** The file's counters after its records changed status. */
async function withStats(db: Db, f: UsageFile, stage: 'validated' | 'pending' | 'accepted' | 'closed' | 'rejected') {
  const { by, all } = await countRecords(db, f.id);
  const accepted = (by.approved ?? 0) + (by.closed ?? 0);
  return {
    ...f,
    stats: {
      ...f.stats,
      uploaded: all,
      validated: all,
      pending: stage === 'pending' ? all : 0,
      accepted,
      closed: by.closed ?? 0,
    },
    records: { valid: all, invalid: f.records.invalid, closed: by.closed ?? 0 },
  };
}

async function contractFor(db: Db, ctx: Ctx, id: string): Promise<Contract> {
  const row = await db.selectFrom('contracts').select('data').where('id', '=', id).executeTakeFirst();
  const c = row?.data as Contract | undefined;
  // a contract the vendor does not hold reads as unknown
  if (!c || c.owner.id !== ctx.account.id) throw ApiError.badRequest(`contract: contract ${id} not found.`);
  if (c.status !== 'active')
    throw ApiError.badRequest(`contract: contract ${id} is ${c.status}; usage is reported under an active contract.`);
  return c;
}

async function create(ctx: Ctx, input: any, _params: unknown, db: Db): Promise<UsageFile> {
  if (ctx.account.type !== 'vendor') throw ApiError.forbidden('Only vendors report usage.');
  const product = await db
    .selectFrom('products')
    .select(['id', 'status', 'data'])
    .where('id', '=', input.product.id)
    .where('account_id', '=', ctx.account.id)
    .executeTakeFirst();
  if (!product) throw ApiError.badRequest(`product: product ${input.product.id} not found.`);
  const contract = await contractFor(db, ctx, input.contract.id);
  const marketplaceId: string | undefined = input.marketplace?.id ?? contract.marketplace?.id;
  if (!marketplaceId) throw ApiError.badRequest('marketplace: name the marketplace the usage was sold in.');
  const marketplace = await db
    .selectFrom('marketplaces')
    .select(['id', 'name', 'currency', 'data'])
    .where('id', '=', marketplaceId)
    .where('account_id', '=', contract.issuer.id)
    .executeTakeFirst();
  if (!marketplace)
    throw ApiError.badRequest(`marketplace: ${marketplaceId} is not a marketplace of ${contract.issuer.name}.`);
  const at = now();
  const from = new Date(input.period.from).toISOString();
  const to = new Date(input.period.to).toISOString();
  const ref = productRefOf(product);
  return {
    id: newId('UF', 3, 4),
    name: input.name,
    description: input.description ?? '',
    note: input.note ?? '',
    external_id: input.external_id ?? '',
    status: 'draft',
    type: contract.type,
    schema: 'qt',
    environment: 'production',
    currency: input.currency ?? marketplace.currency ?? 'USD',
    period: { from, to },
    start_datetime_utc: from,
    end_datetime_utc: to,
    vendor: { id: ctx.account.id, name: ctx.account.name },
    provider: { id: contract.issuer.id, name: contract.issuer.name },
    product: { id: ref.id, name: ref.name, icon: ref.icon ?? null },
    contract: { id: contract.id, name: contract.name },
    marketplace: { id: marketplace.id, name: marketplace.name, icon: (marketplace.data as any)?.icon ?? null },
    error_detail: '',
    acceptance_note: '',
    rejection_note: '',
    stats: { uploaded: 0, validated: 0, pending: 0, accepted: 0, closed: 0, billed: 0 },
    records: { valid: 0, invalid: 0, closed: 0 },
    progress: { done: 0, total: null },
    items: [],
    usage_file_uri: null,
    processed_file_uri: null,
    reconciliation_file_uri: null,
    size: null,
    file_name: null,
    created: at,
    updated: at,
    events: {},
  };
}

export const usageFiles: Served<UsageFile> = {
  decl: usageFileResource,
  table: usageFileTable,
  columns: {
    product_id: 'product.id',
    vendor_id: 'vendor.id',
    provider_id: 'provider.id',
    marketplace_id: 'marketplace.id',
    distribution_contract_id: 'contract.id',
    'created.at': 'created',
  },
  owner: (f) => f.vendor.id,
  scope: (ctx) => usageFileVisible(ctx),
  // deleted files stay for the audit trail; lists leave them out unless asked for
  listWhere: hideStatusUnlessAsked('deleted'),
  create,
  async update(_ctx, current, input) {
    return {
      ...current,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
      ...(input.external_id !== undefined ? { external_id: input.external_id ?? '' } : {}),
    };
  },
  actions: {
    async submit(ctx, f, _body, _params, db) {
      // the provider's usage rules may decide at once (rule-outcome.ts)
      const outcome = await ruleOutcome(db, f);
      if (outcome?.status === 'accepted') return { ...(await accepted(ctx, f, db)), acceptance_note: outcome.note };
      if (outcome?.status === 'rejected') return rejected(f, outcome.note, db);
      const next = await withStats(db, f, 'pending');
      await refreshAggregates(db, f.id, 'pending');
      return next;
    },
    async accept(ctx, f, body, _params, db) {
      return { ...(await accepted(ctx, f, db)), acceptance_note: body.acceptance_note ?? '' };
    },
    async 'approve-all'(ctx, f, _body, _params, db) {
      return accepted(ctx, f, db);
    },
    async reject(_ctx, f, body, _params, db) {
      return rejected(f, body.rejection_note, db);
    },
    async close(ctx, f, _body, _params, db) {
      await setRecordStatus(db, f.id, 'approved', 'closed', { at: now(), by: ctx.user?.name ?? ctx.account.name });
      await db
        .updateTable('usage_chunks')
        .set({ status: 'closed', updated_at: now(), data: sql`jsonb_set(data, '{status}', '"closed"')` })
        .where('usage_file_id', '=', f.id)
        .where('status', '=', 'ready')
        .execute();
      const next = await withStats(db, f, 'closed');
      await refreshAggregates(db, f.id, 'closed');
      return next;
    },
    async reprocess(_ctx, f, _body, _params, db) {
      await enqueue(db, PROCESS_JOB, { id: f.id }, { accountId: f.vendor.id });
      return { ...f, error_detail: '', progress: { done: 0, total: null } };
    },
    async delete(_ctx, f, _body, _params, db) {
      await db.deleteFrom('usage_records').where('usage_file_id', '=', f.id).execute();
      return {
        ...f,
        stats: { ...f.stats, uploaded: 0, validated: 0 },
        records: { valid: 0, invalid: 0, closed: 0 },
        items: [],
      };
    },
  },
};

/** An accepted file: its records approved, its chunks made, its aggregates counted. */
async function accepted(ctx: Ctx, f: UsageFile, db: Db): Promise<UsageFile> {
  await setRecordStatus(db, f.id, 'valid', 'approved');
  const next: UsageFile = { ...(await withStats(db, f, 'accepted')), status: 'accepted' };
  await makeChunks(ctx, db, next);
  await refreshAggregates(db, f.id, 'accepted');
  return next;
}

/** A rejected file: its records rejected, with why. */
async function rejected(f: UsageFile, note: string, db: Db): Promise<UsageFile> {
  await setRecordStatus(db, f.id, 'valid', 'rejected');
  const next: UsageFile = { ...(await withStats(db, f, 'rejected')), status: 'rejected', rejection_note: note };
  await refreshAggregates(db, f.id, 'rejected');
  return next;
}

/** Dashboard `usage_files` (spec §1, §6): incomplete, pending and accepted files, as each side sees them. */
export async function countUsageFiles(db: Db, ctx: Ctx): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from usage_files t
    where ${usageFileVisible(ctx)} and t.status in (${sql.join([...COUNTED_STATUSES.usage_files[ctx.account.type]])})`.execute(
    db,
  );
  return Number(rows[0].n);
}
