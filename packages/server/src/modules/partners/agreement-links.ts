import { sql } from 'kysely';
import { agreementMarketplaceResource, type AgreementMarketplace } from '@trellis/domain';
import { inList } from '../../db/in-list.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { agreementParentVisible, agreementVisible, ownAgreement } from './access.ts';
import { agreementMarketplaceTable } from './tables.ts';

// What hangs under an agreement besides its versions: the marketplaces it covers (the owner links its own
// marketplaces); its partners are listed with the catalog groups' (groups/sub-lists.ts).

const inAgreement = (params: Record<string, string>) => sql`t.agreement_id = ${params.agreementId ?? ''}`;

/** Marketplace details as they are now, and how many open contracts of the agreement reach each. */
async function currentMarketplaces(ms: AgreementMarketplace[], db: Db) {
  if (!ms.length) return ms;
  const agreementId = ms[0].agreement?.id ?? '';
  const { rows } = await sql<{ id: string; name: string; data: any }>`select id, name, data from marketplaces
    where ${inList(
      sql`id`,
      ms.map((m) => m.id),
    )}`.execute(db);
  const { rows: counts } = await sql<{ n: string }>`select count(*) as n from contracts
    where agreement_id = ${agreementId} and status = 'active'`.execute(db);
  const by = new Map(rows.map((r) => [r.id, r]));
  return ms.map((m) => {
    const r = by.get(m.id);
    if (!r) return m;
    return {
      ...m,
      name: r.name,
      description: r.data.description ?? null,
      ...(r.data.icon ? { icon: r.data.icon } : {}),
      countries: (r.data.countries ?? []).map((c: { id: string; name?: string }) => ({
        id: c.id,
        name: c.name ?? c.id,
      })),
      currency: r.data.currency ?? null,
      stats: { hubs: (r.data.hubs ?? []).length, contracts: Number(counts[0].n) },
    };
  });
}

export const agreementMarketplaces: Served<AgreementMarketplace> = {
  decl: agreementMarketplaceResource,
  table: agreementMarketplaceTable,
  key: (m) => ({ agreement_id: m.agreement?.id, marketplace_id: m.id }),
  idColumn: 'marketplace_id',
  parentVisible: agreementParentVisible,
  scope: (ctx, params) => sql<boolean>`${inAgreement(params)}
    and exists (select 1 from agreements a where a.id = t.agreement_id and ${agreementVisible(ctx, 'a')})`,
  presentMany: (ms, _ctx, _include, db) => currentMarketplaces(ms, db),
  async create(ctx, input, params, db) {
    const agreement = await ownAgreement(db, ctx, params.agreementId ?? '');
    if (agreement.type !== 'distribution')
      throw ApiError.badRequest('Only distribution agreements cover marketplaces.');
    const m = await db
      .selectFrom('marketplaces')
      .select(['id', 'name', 'data'])
      .where('id', '=', input.id)
      .where('account_id', '=', ctx.account.id)
      .executeTakeFirst();
    if (!m) throw ApiError.badRequest(`id: ${input.id} is not a marketplace of this account.`);
    const dup = await db
      .selectFrom('agreement_marketplaces')
      .select('marketplace_id')
      .where('agreement_id', '=', agreement.id)
      .where('marketplace_id', '=', m.id)
      .executeTakeFirst();
    if (dup) throw ApiError.conflict(`Agreement ${agreement.id} already covers ${m.id}.`);
    const obj: AgreementMarketplace = {
      agreement: { id: agreement.id },
      id: m.id,
      name: m.name,
      description: m.data.description ?? null,
      countries: [],
      currency: m.data.currency ?? null,
      stats: { hubs: 0, contracts: 0 },
    };
    return { object: obj, extra: { account_id: ctx.account.id, created_at: new Date().toISOString() } };
  },
};
