import { sql } from 'kysely';
import { usageChunkResource, type UsageChunk, type UsageFile } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { syncClosedCount } from './records.ts';
import { usageChunkTable } from './tables.ts';

// Usage chunks (reference /usage/chunks): an accepted file split by the hub that serves each record's
// subscription, so each provider side bills its own part. Made on acceptance; remade by regenerate.

const now = () => new Date().toISOString();

interface HubPart {
  hub_id: string | null;
  hub_name: string | null;
  records: string;
  usage: string;
}

async function partsOf(db: Db, fileId: string, hubId?: string | null): Promise<HubPart[]> {
  const one = hubId === undefined ? sql`` : sql` and r.hub_id is not distinct from ${hubId}`;
  const { rows } = await sql<HubPart>`select r.hub_id, min(h.name) as hub_name, count(*) as records,
      coalesce(sum(r.usage), 0) as usage
    from usage_records r left join hubs h on h.id = r.hub_id
    where r.usage_file_id = ${fileId} and r.status in ('approved', 'closed')${one}
    group by r.hub_id order by r.hub_id nulls last`.execute(db);
  return rows;
}

const statsOf = (records: number) => ({
  uploaded: records,
  validated: records,
  pending: 0,
  accepted: records,
  closed: 0,
  billed: 0,
});

/** One chunk per hub of the accepted file's records (none when the file has no records). */
export async function makeChunks(ctx: Ctx, db: Db, f: UsageFile) {
  await db.deleteFrom('usage_chunks').where('usage_file_id', '=', f.id).execute();
  const at = now();
  for (const part of await partsOf(db, f.id)) {
    const records = Number(part.records);
    const chunk: UsageChunk = {
      id: newId('UFC', 3, 4),
      status: 'ready',
      outdated: false,
      external_id: '',
      usagefile: { id: f.id, name: f.name, schema: f.schema, currency: f.currency },
      binding: { hub: part.hub_id ? { id: part.hub_id, name: part.hub_name ?? part.hub_id } : null, external_id: '' },
      marketplace: f.marketplace,
      provider: { id: f.provider.id, name: f.provider.name },
      vendor: { id: f.vendor.id, name: f.vendor.name },
      stats: statsOf(records),
      records,
      usage: Number(part.usage),
      error: null,
      created: at,
      updated: at,
      events: { created: { at, by: { id: ctx.user?.id ?? ctx.account.id, name: ctx.user?.name ?? ctx.account.name } } },
    };
    await db
      .insertInto('usage_chunks')
      .values({
        id: chunk.id,
        usage_file_id: f.id,
        vendor_id: f.vendor.id,
        provider_id: f.provider.id,
        hub_id: part.hub_id,
        status: chunk.status,
        records,
        created_at: at,
        updated_at: at,
        data: JSON.stringify(chunk),
      })
      .execute();
  }
}

/** The vendor and the provider of the file read its chunks once it is accepted. */
export const usageChunks: Served<UsageChunk> = {
  decl: usageChunkResource,
  table: usageChunkTable,
  owner: (c) => c.vendor.id,
  scope: (ctx) => sql<boolean>`(t.vendor_id = ${ctx.account.id} or t.provider_id = ${ctx.account.id})`,
  actions: {
    async close(ctx, c, _body, _params, db) {
      const by = ctx.user?.name ?? ctx.account.name;
      await sql`update usage_records set status = 'closed',
          data = data || jsonb_build_object('closed_at', ${now()}::text, 'closed_by', ${by}::text)
        where usage_file_id = ${c.usagefile.id} and hub_id is not distinct from ${c.binding.hub?.id ?? null}
        and status = 'approved'`.execute(db);
      await syncClosedCount(db, c.usagefile.id);
      return { ...c, outdated: false, stats: { ...c.stats, closed: c.records } };
    },
    async regenerate(_ctx, c, _body, _params, db) {
      const [part] = await partsOf(db, c.usagefile.id, c.binding.hub?.id ?? null);
      const records = Number(part?.records ?? 0);
      return { ...c, outdated: false, records, usage: Number(part?.usage ?? 0), stats: statsOf(records), error: null };
    },
  },
};
