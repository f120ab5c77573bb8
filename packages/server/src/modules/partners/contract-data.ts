import { sql, type Transaction } from 'kysely';
import {
  contractDataResource,
  contractItemDataResource,
  contractProductDataResource,
  ErrorCode,
  validateFormAnswers,
  type Agreement,
  type Contract,
  type ContractData,
} from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { insertObject, updateObject, type Db, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { contractVisible } from './access.ts';
import { formOf, type FormRef } from './forms-ref.ts';
import { contractDataTable } from './tables.ts';

// Contract data (/contracts/{id}/data/...): the answers a partner gives under a contract: the agreement's enroll
// form (written by the enroll action), and data about each of its products and items, checked against the
// agreement's product or item form when it has one. The partner writes while the contract is open; both read.

const now = () => new Date().toISOString();
const contractRef = (c: Contract) => ({ id: c.id, name: c.name, type: c.type });

async function contractOf(db: Db, ctx: Ctx, id: string, lock = false) {
  const lockSql = lock ? sql`for update` : sql``;
  const { rows } = await sql<{ data: Contract }>`select t.data from contracts t
    where t.id = ${id} and ${contractVisible(ctx)} ${lockSql}`.execute(db);
  if (!rows[0]) throw ApiError.notFound('Contract');
  return rows[0].data;
}

const visibleContract = async (ctx: Ctx, params: Record<string, string>, db: Db) => {
  const { rows } = await sql`select 1 from contracts t where t.id = ${params.contractId ?? ''}
    and ${contractVisible(ctx)}`.execute(db);
  return rows.length > 0;
};

/** The partner fills in data while its contract is being enrolled, reviewed or in force. */
async function writableContract(db: Db, ctx: Ctx, id: string) {
  const c = await contractOf(db, ctx, id, true);
  if (c.owner.id !== ctx.account.id) throw ApiError.forbidden(`Only ${c.owner.name} (the partner) fills in its data.`);
  if (c.status === 'rejected' || c.status === 'terminated')
    throw ApiError.badRequest(`Contract ${c.id} is ${c.status}; its data can no longer change.`);
  return c;
}

function checkAnswers(form: FormRef | undefined, data: Record<string, unknown>) {
  if (!form) return;
  const result = validateFormAnswers(form.schema, data);
  if (result.valid) return;
  const messages = Object.entries(result.errors).map(
    ([name, e]) => `data.${name}: ${e.value_error ?? 'Invalid value'}`,
  );
  const fields = Object.fromEntries(
    Object.entries(result.errors).map(([name, e]) => [`data.${name}`, [e.value_error ?? 'Invalid value']]),
  );
  throw new ApiError(400, ErrorCode.validation, messages, { fields, params: result.errors });
}

async function formFor(db: Db, c: Contract, type: 'product' | 'item') {
  const row = await db.selectFrom('agreements').select('data').where('id', '=', c.agreement.id).executeTakeFirst();
  const ref = (row?.data as Agreement | undefined)?.forms[type];
  return ref ? await formOf(db, ref.id) : undefined;
}

/** One of the partner's products (a vendor's own product). */
async function ownProduct(db: Db, c: Contract, id: string) {
  const row = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('account_id', '=', c.owner.id)
    .executeTakeFirst();
  if (!row) throw ApiError.badRequest(`product: ${id} is not a product of ${c.owner.name}.`);
  return { id: row.id, name: row.name };
}

const base = {
  table: contractDataTable,
  owner: (d: ContractData) => d.contract.id,
  parentVisible: visibleContract,
};

/** The parties' columns of a data row (the object names only the contract). */
const stored = (c: Contract) => ({ account_id: c.issuer.id, owner_id: c.owner.id });

/** Write the enroll form's answers (the enroll action, inside its transaction). */
export async function saveEnrollData(
  ctx: Ctx,
  c: Contract,
  form: FormRef,
  answers: Record<string, unknown>,
  db: Transaction<DB>,
) {
  const at = now();
  const by = actorOf(ctx);
  const existing = await db
    .selectFrom('contract_data')
    .select('data')
    .where('contract_id', '=', c.id)
    .where('type', '=', 'enroll')
    .executeTakeFirst();
  const prior = existing?.data as ContractData | undefined;
  const d: ContractData = {
    id: prior?.id ?? newId('CTD', 3, 4),
    type: 'enroll',
    contract: contractRef(c),
    data: answers,
    form_version: { id: form.id, version: form.version },
    events: { created: prior?.events.created ?? { at, by }, updated: { at, by } },
  };
  if (prior) await updateObject(contractData, d, db, stored(c));
  else await insertObject(contractData, d, db, stored(c));
}

export const contractData: Served<ContractData> = {
  ...base,
  decl: contractDataResource,
  scope: (ctx, params) => sql<boolean>`t.contract_id = ${params.contractId ?? ''} and ${contractVisible(ctx)}`,
};

/** New data about one product or item: one per target, checked against the agreement's form of that kind. */
async function newData(
  db: Db,
  c: Contract,
  target: Pick<ContractData, 'product' | 'item'> & { type: 'product' | 'item' },
  data: Record<string, unknown>,
) {
  const about = target.type === 'item' ? target.item! : target.product!;
  const dup = await db
    .selectFrom('contract_data')
    .select('id')
    .where('contract_id', '=', c.id)
    .where('type', '=', target.type)
    .where(target.type === 'item' ? 'item_id' : 'product_id', '=', about.id)
    .executeTakeFirst();
  if (dup) throw ApiError.conflict(`Contract ${c.id} already has data about ${about.id}; change it instead.`);
  const form = await formFor(db, c, target.type);
  checkAnswers(form, data);
  const d: ContractData = {
    id: newId('CTD', 3, 4),
    contract: contractRef(c),
    ...target,
    data,
    ...(form ? { form_version: { id: form.id, version: form.version } } : {}),
    events: {},
  };
  return { object: d, extra: stored(c) };
}

/** Changed answers, checked against the agreement's form of the data's kind as it is now. */
async function changedData(db: Db, c: Contract, current: ContractData, data: Record<string, unknown>) {
  const form = await formFor(db, c, current.type === 'item' ? 'item' : 'product');
  checkAnswers(form, data);
  return { ...current, data, ...(form ? { form_version: { id: form.id, version: form.version } } : {}) };
}

export const contractProductData: Served<ContractData> = {
  ...base,
  decl: contractProductDataResource,
  idColumn: 'product_id',
  scope: (ctx, params) =>
    sql<boolean>`t.contract_id = ${params.contractId ?? ''} and t.type = 'product' and ${contractVisible(ctx)}`,
  async create(ctx, input, params, db) {
    const c = await writableContract(db, ctx, params.contractId ?? '');
    const product = await ownProduct(db, c, input.product.id);
    return newData(db, c, { type: 'product', product }, input.data);
  },
  async update(ctx, current, input, params, db) {
    return changedData(db, await writableContract(db, ctx, params.contractId ?? ''), current, input.data);
  },
};

export const contractItemData: Served<ContractData> = {
  ...base,
  decl: contractItemDataResource,
  idColumn: 'item_id',
  scope: (ctx, params) => sql<boolean>`t.contract_id = ${params.contractId ?? ''} and t.type = 'item'
    and t.product_id = ${params.productId ?? ''} and ${contractVisible(ctx)}`,
  async create(ctx, input, params, db) {
    const c = await writableContract(db, ctx, params.contractId ?? '');
    const product = await ownProduct(db, c, params.productId ?? '');
    const item = await db
      .selectFrom('items')
      .select(['id', 'name'])
      .where('id', '=', input.item.id)
      .where('product_id', '=', product.id)
      .executeTakeFirst();
    if (!item) throw ApiError.badRequest(`item: ${input.item.id} is not an item of ${product.id}.`);
    return newData(db, c, { type: 'item', product, item: { id: item.id, name: item.name } }, input.data);
  },
  async update(ctx, current, input, params, db) {
    return changedData(db, await writableContract(db, ctx, params.contractId ?? ''), current, input.data);
  },
};
