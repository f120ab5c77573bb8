import { sql, type Transaction } from 'kysely';
import {
  agreementContractResource,
  contractResource,
  ErrorCode,
  OPEN_CONTRACT_STATUSES,
  validateFormAnswers,
  type Agreement,
  type Contract,
} from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { setPartnership } from '../distribution/public.ts';
import { agreementParentVisible, agreementVisible, contractVisible } from './access.ts';
import { recordContractVersion } from './contract-versions.ts';
import { saveEnrollData } from './contract-data.ts';
import { formOf } from './forms-ref.ts';
import { recountAgreementGroups } from './groups/index.ts';
import { contractTable } from './tables.ts';

// Contracts (/contracts; reference workflows distribution-, program-, service- and syndication-contracts). The
// machine (domain partners/contract.ts) says who acts; the handlers here do what a transition changes beyond its
// status: the enrolment form's answers, the signatures, and the partnership an active distribution contract makes.

const now = () => new Date().toISOString();

/** An active distribution contract makes its vendor and distributor partners; ending the last one ends that. */
async function followPartnership(ctx: Ctx, c: Contract, db: Transaction<DB>) {
  if (c.type !== 'distribution') return;
  const pair = { vendorId: c.owner.id, providerId: c.issuer.id, by: { id: c.issuer.id, name: c.issuer.name } };
  if (c.status === 'active') return setPartnership(db, ctx, pair, true);
  const { rows } = await sql<{ n: string }>`select count(*) as n from contracts where type = 'distribution'
    and status = 'active' and account_id = ${c.issuer.id} and owner_id = ${c.owner.id} and id <> ${c.id}`.execute(db);
  if (Number(rows[0].n) === 0) await setPartnership(db, ctx, pair, false);
}

/** The stamp of whoever signs now: the partner signs, the distributor countersigns (reference events). */
function signed(ctx: Ctx, c: Contract): Contract {
  const at = now();
  const by = actorOf(ctx);
  const event = ctx.account.id === c.owner.id ? 'signed' : 'countersigned';
  return {
    ...c,
    ...(event === 'signed' && ctx.user ? { signee: { id: ctx.user.id, name: ctx.user.name } } : {}),
    events: { ...c.events, [event]: { at, by } },
  };
}

/** Answers to the agreement's enroll form, validated with the shared parameter rules (400 naming each field). */
async function enrollAnswers(db: Db, agreement: Agreement, answers: Record<string, unknown> | undefined) {
  const ref = agreement.forms.enroll;
  if (!ref) return null;
  const form = await formOf(db, ref.id);
  if (!form) return null;
  const result = validateFormAnswers(form.schema, answers ?? {});
  if (!result.valid) {
    const messages = Object.entries(result.errors).flatMap(([name, e]) => [
      ...(e.value_error ? [`data.${name}: ${e.value_error}`] : []),
      ...Object.entries(e.structured_error ?? {}).map(([part, m]) => `data.${name}.${part}: ${m}`),
    ]);
    const fields = Object.fromEntries(
      Object.entries(result.errors).map(([name, e]) => [
        `data.${name}`,
        [e.value_error ?? Object.values(e.structured_error ?? {})[0] ?? ''],
      ]),
    );
    throw new ApiError(400, ErrorCode.validation, messages, { fields, params: result.errors });
  }
  return { form, answers: answers ?? {} };
}

async function agreementOf(db: Db, id: string): Promise<Agreement> {
  const row = await db.selectFrom('agreements').select('data').where('id', '=', id).executeTakeFirstOrThrow();
  return row.data as Agreement;
}

export const contracts: Served<Contract> = {
  decl: contractResource,
  table: contractTable,
  columns: { 'partner.id': 'owner.id' },
  owner: (c) => c.issuer.id,
  scope: (ctx) => contractVisible(ctx),
  async update(_ctx, current, input) {
    return input.note === undefined ? current : { ...current, note: input.note };
  },
  // the groups the agreement covers count its contracts: recount without this one
  async remove(_ctx, current, _params, db) {
    await db.deleteFrom('contracts').where('id', '=', current.id).execute();
    await recountAgreementGroups(db, current.agreement.id);
  },
  actions: {
    async enroll(ctx, current, body, _params, db) {
      const agreement = await agreementOf(db, current.agreement.id);
      const filled = await enrollAnswers(db, agreement, body.data);
      if (filled) await saveEnrollData(ctx, current, filled.form, filled.answers, db);
      const at = now();
      let next: Contract = { ...signed(ctx, current), enrolled: at };
      // an auto-accept agreement needs no approval: the distributor's countersignature is implied
      if (agreement.auto_accept) {
        next = {
          ...next,
          status: 'active',
          events: { ...next.events, countersigned: { at, by: { id: agreement.owner.id, name: agreement.owner.name } } },
        };
        await followPartnership(ctx, next, db);
      }
      return next;
    },
    async refine(_ctx, current, body) {
      return { ...current, note: body.note ?? current.note };
    },
    async sign(ctx, current, _body, _params, db) {
      const next = { ...signed(ctx, current), status: 'active' as const };
      await followPartnership(ctx, next, db);
      return next;
    },
    async reject(_ctx, current, body) {
      return { ...current, note: body.note ?? current.note };
    },
    async terminate(ctx, current, body, _params, db) {
      const next: Contract = {
        ...current,
        status: 'terminated',
        termination_note: body.termination_note ?? current.termination_note,
      };
      await followPartnership(ctx, next, db);
      return next;
    },
  },
};

/** Who may start a contract under an agreement, and how it starts (see agreementContractResource). */
async function startContract(ctx: Ctx, agreement: Agreement, input: any, db: Transaction<DB>) {
  const mine = agreement.owner.id === ctx.account.id;
  if (!agreement.active) throw ApiError.badRequest(`Agreement ${agreement.id} has no active version to sign yet.`);
  let owner: { id: string; name: string };
  if (mine) {
    if (agreement.type === 'distribution' || agreement.type === 'syndication')
      throw ApiError.badRequest(
        `Partners enroll in ${agreement.type} agreements themselves; offer program or service agreements.`,
      );
    if (!input.owner?.id)
      throw new ApiError(400, ErrorCode.validation, ['owner: This field is required'], {
        fields: { owner: ['This field is required'] },
      });
    const account = await db
      .selectFrom('accounts')
      .select(['id', 'name', 'type'])
      .where('id', '=', input.owner.id)
      .executeTakeFirst();
    const wanted = agreement.type === 'program' ? 'vendor' : 'provider';
    if (!account || account.id === ctx.account.id)
      throw ApiError.badRequest(`owner: account ${input.owner.id} cannot sign this agreement.`);
    if (account.type !== wanted)
      throw ApiError.badRequest(
        `owner: a ${agreement.type} agreement is signed by a ${wanted === 'vendor' ? 'vendor' : 'reseller'} account.`,
      );
    owner = { id: account.id, name: account.name };
  } else {
    if (input.owner?.id && input.owner.id !== ctx.account.id)
      throw ApiError.forbidden('A partner enrolls for its own account only.');
    if (agreement.type !== 'distribution' && agreement.type !== 'syndication')
      throw ApiError.forbidden(`Only ${agreement.owner.name} offers contracts under this agreement.`);
    owner = { id: ctx.account.id, name: ctx.account.name };
  }
  const { rows: open } = await sql<{ id: string; status: string }>`select id, status from contracts
    where agreement_id = ${agreement.id} and owner_id = ${owner.id} and status in (${sql.join([...OPEN_CONTRACT_STATUSES])})
    for update`.execute(db);
  if (open.length)
    throw ApiError.conflict(
      `${owner.name} already has contract ${open[0].id} (${open[0].status}) under this agreement.`,
    );
  const at = now();
  const by = actorOf(ctx);
  const status: Contract['status'] =
    agreement.type === 'distribution'
      ? 'enrolling'
      : agreement.type === 'syndication' && agreement.auto_accept
        ? 'active'
        : 'pending';
  const contract: Contract = {
    id: newId('CT', 3, 4),
    type: agreement.type,
    status,
    name: agreement.title,
    version: 1,
    version_created: at,
    agreement: {
      id: agreement.id,
      name: agreement.title,
      type: agreement.type,
      version: agreement.version?.version ?? 1,
    },
    issuer: { id: agreement.owner.id, name: agreement.owner.name },
    owner,
    creator: { id: ctx.account.id, name: ctx.account.name },
    ...(agreement.marketplace ? { marketplace: agreement.marketplace } : {}),
    // a reseller's request to syndicate is its signature
    enrolled: agreement.type === 'syndication' ? at : null,
    kind: 'production',
    note: input.note ?? null,
    termination_note: null,
    expire_at: null,
    created: at,
    updated: at,
    events: agreement.type === 'syndication' ? { signed: { at, by } } : {},
  };
  return contract;
}

/** /agreements/{id}/contracts: how a contract starts, and the contracts under one agreement. */
export const agreementContracts: Served<Contract> = {
  decl: agreementContractResource,
  table: contractTable,
  columns: { 'partner.id': 'owner.id' },
  owner: (c) => c.issuer.id,
  parentVisible: agreementParentVisible,
  scope: (ctx, params) => sql<boolean>`t.agreement_id = ${params.agreementId ?? ''} and ${contractVisible(ctx)}`,
  async create(ctx, input, params, db) {
    const { rows } = await sql<{ data: Agreement }>`select t.data from agreements t
      where t.id = ${params.agreementId ?? ''} and ${agreementVisible(ctx)} for update`.execute(db);
    if (!rows[0]) throw ApiError.notFound('Agreement');
    return startContract(ctx, rows[0].data, input, db);
  },
  async afterCreate(ctx, c, db) {
    await recordContractVersion(ctx, c, db);
    await followPartnership(ctx, c, db);
    await recountAgreementGroups(db, c.agreement.id);
    return c;
  },
};

/** Dashboard `contracts`: what waits for the caller: enrolments to finish, contracts to sign or approve. */
export async function contractsWaiting(db: Db, ctx: Ctx): Promise<number> {
  const me = ctx.account.id;
  const { rows } = await sql<{ n: string }>`select count(*) as n from contracts
    where (status = 'enrolling' and owner_id = ${me})
       or (status = 'pending' and type in ('program', 'service') and owner_id = ${me})
       or (status = 'pending' and type in ('distribution', 'syndication') and account_id = ${me})`.execute(db);
  return Number(rows[0].n);
}
