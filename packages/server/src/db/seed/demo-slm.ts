import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { DAY_MS } from '@trellis/domain';
import { sweepIndicators } from '../../modules/slm/sweep.ts';
import type { DB } from '../schema.ts';
import { demoUser } from './demo-api.ts';

/**
 * Demo Vendor's service levels, enabled before the demo's requests and cases are made so that those waiting get
 * indicators: fulfillment requests green for a day, yellow for one more, then red; cases with the defaults.
 */
export async function enableDemoServiceLevels(app: FastifyInstance) {
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'service levels');
  const zones = (...days: number[]) => days.map((d, zone) => ({ days: d, zone }));
  for (const sla of await vendor.call('GET', '/sla')) {
    if (sla.entity_type === 'tier_config_request') continue;
    const slos =
      sla.entity_type === 'subscription_request'
        ? sla.slos.map((s: { id: string; target_status: string }) => ({
            id: s.id,
            zones: s.target_status === 'pending' ? zones(1, 1, 2) : zones(2, 2, 3),
          }))
        : undefined;
    await vendor.call('PUT', `/sla/${sla.id}`, { active: true, ...(slos && { slos }) });
  }
  await vendor.logout();
}

/**
 * The demo's objects were all made a moment ago: their indicators start as if they had waited a while, in turn
 * about 3, 1.5 and 0.3 days (pending first), so each zone has something in it; the sweep puts them in their zones.
 */
export async function spreadDemoZones(db: Kysely<DB>) {
  const { rows } = await sql<{ id: string; start_date: string; n: number }>`select id,
      data->>'start_date' as start_date,
      (row_number() over (partition by entity_type order by data#>>'{slo,target_status}' desc, entity_id))::int - 1 as n
    from slis`.execute(db);
  const waited = [3.1, 1.5, 0.3];
  for (const r of rows) {
    const start = new Date(new Date(r.start_date).getTime() - waited[r.n % waited.length] * DAY_MS).toISOString();
    await sql`update slis set start_at = ${start}, next_at = now(),
      data = jsonb_set(data, '{start_date}', to_jsonb(${start}::text)) where id = ${r.id}`.execute(db);
  }
  await sweepIndicators(db);
}
