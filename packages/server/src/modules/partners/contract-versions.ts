import { sql } from 'kysely';
import { contractVersionResource, type Agreement, type Contract, type ContractVersion } from '@trellis/domain';
import { actorOf, type Ctx } from '../../http/context.ts';
import { insertObject, saveStamped, type Db, type Served } from '../../resources/engine.ts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { contractVisible } from './access.ts';
import { contractVersionTable } from './tables.ts';
import { contracts } from './contracts.ts';

// Contract versions (/contracts/{id}/versions): the contract as it stood at each version. Version 1 is written
// with the contract; each new active version of its agreement moves every open contract to a new version.

const now = () => new Date().toISOString();

export const contractVersions: Served<ContractVersion> = {
  decl: contractVersionResource,
  table: contractVersionTable,
  key: (v) => ({ contract_id: v.contract.id, version: Number(v.version) }),
  idColumn: 'version',
  owner: (v) => v.contract.issuer.id,
  parentVisible: async (ctx, params, db) => {
    const { rows } =
      await sql`select 1 from contracts t where t.id = ${params.contractId ?? ''} and ${contractVisible(ctx)}`.execute(
        db,
      );
    return rows.length > 0;
  },
  scope: (ctx, params) => sql<boolean>`t.contract_id = ${params.contractId ?? ''} and ${contractVisible(ctx)}`,
};

/** Record the contract's current state as its version `contract.version`. */
export async function recordContractVersion(ctx: Ctx, c: Contract, db: Db) {
  const v: ContractVersion = {
    contract: c,
    version: String(c.version),
    ...(c.signee ? { signee: c.signee } : {}),
    version_created: c.version_created,
  };
  await insertObject(contractVersions, v, db);
  void ctx;
}

/** The agreement's version `version` became active: every open contract under it moves to a new version. */
export async function reviseContracts(ctx: Ctx, agreement: Agreement, version: number, db: Transaction<DB>) {
  const { rows } = await sql<{ data: Contract }>`select data from contracts
    where agreement_id = ${agreement.id} and status in ('enrolling', 'pending', 'active') order by id for update`.execute(
    db,
  );
  const at = now();
  for (const { data: before } of rows) {
    const after: Contract = {
      ...before,
      version: before.version + 1,
      version_created: at,
      agreement: { ...before.agreement, version },
      events: { ...before.events, revised: { at, by: actorOf(ctx) } },
    };
    const saved = await saveStamped(contracts, ctx, before, after, 'revise', db);
    await recordContractVersion(ctx, saved, db);
  }
  return rows.length;
}
