import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { buildApp } from '../../http/app.ts';
import { migrateToLatest } from '../migrate.ts';
import type { DB } from '../schema.ts';
import { seedDemoBranding } from './demo-branding.ts';
import { seedDemoCatalog } from './demo-catalog.ts';
import { seedDemoDistribution } from './demo-distribution.ts';
import { seedDemoDomains } from './demo-domains.ts';
import { seedDemoForms } from './demo-forms.ts';
import { seedDemoFulfillment } from './demo-fulfillment.ts';
import { seedDemoGroups } from './demo-groups.ts';
import { isEmpty, seedDemo } from './demo.ts';
import { seedDemoTiers } from './demo-tiers.ts';
import { seedDemoAccess } from './demo-access.ts';
import { seedDemoPartners } from './demo-partners.ts';
import { seedDemoLeads } from './demo-leads.ts';
import { seedDemoUsage } from './demo-usage.ts';
import { seedDemoHelpdesk } from './demo-helpdesk.ts';
import { seedDemoNews } from './demo-news.ts';
import { enableDemoServiceLevels, spreadDemoZones } from './demo-slm.ts';
import { seedDemoWebhooks } from './demo-webhooks.ts';
import { seedDemoNotifications } from './demo-notifications.ts';
import { seedDemoReporting } from './demo-reporting.ts';

/**
 * Everything `npm start` shows a newcomer: the demo tenants and logins, then each area's demo objects,
 * which are made through the API (an in-process app) exactly as a user would make them.
 */
export async function seedDemoData(db: Kysely<DB>, config: Config) {
  const identity = await seedDemo(db);
  const app = await buildApp(db, { ...config, logLevel: 'silent' });
  try {
    await app.ready();
    const { product } = await seedDemoCatalog(app, db);
    const { hub, marketplace } = await seedDemoDistribution(app, product.id);
    await seedDemoForms(app);
    await seedDemoTiers(app);
    await enableDemoServiceLevels(app);
    const { product: mailSuite } = await seedDemoFulfillment(app, db, hub.id, marketplace.id);
    await seedDemoLeads(app, config);
    await seedDemoBranding(app, config);
    await seedDemoAccess(app, db);
    await seedDemoGroups(app, [product.id, mailSuite.id]);
    await seedDemoPartners(app, marketplace.id);
    await seedDemoUsage(app, db, mailSuite.id);
    await seedDemoHelpdesk(app);
    await seedDemoNews(app);
    await seedDemoWebhooks(app, mailSuite.id);
    await seedDemoNotifications(app);
    await seedDemoReporting(app, db, mailSuite.id);
    await spreadDemoZones(db);
  } finally {
    await app.close();
  }
  await seedDemoDomains(db, config);
  return identity;
}

// The demo seed is many API calls, each its own transaction: it cannot be one transaction. Instead a marker
// says 'started' before the first write and 'completed' after the last, so a seed that was cut short
// (kill -9, power loss) is recognised at the next start, wiped and done again: all or nothing.
const MARKER = 'demo_seed';
// PostgreSQL: the seeding process holds this advisory lock on a connection of its own, so another process
// starting at the same time neither seeds twice nor mistakes a seed in progress for an interrupted one.
const SEED_LOCK = 7_263_110;

/** 'empty' (seed it), 'partial' (a seed was cut short), 'complete', or 'other' (a database with real data). */
export async function demoSeedState(db: Kysely<DB>): Promise<'empty' | 'partial' | 'complete' | 'other'> {
  const marker = await db.selectFrom('system_state').select('value').where('key', '=', MARKER).executeTakeFirst();
  if (marker?.value?.status === 'completed') return 'complete';
  if (marker?.value?.status === 'started') return 'partial';
  return (await isEmpty(db)) ? 'empty' : 'other';
}

async function mark(db: Kysely<DB>, status: 'started' | 'completed') {
  const value = JSON.stringify({ status, at: new Date().toISOString(), pid: process.pid });
  await db
    .insertInto('system_state')
    .values({ key: MARKER, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: sql`now()` }))
    .execute();
}

/**
 * Throw away what an interrupted seed left: the schema is dropped and migrated again, so the reference data the
 * migrations insert (units, countries, ...) is back as new. Only ever called on a database whose marker says a
 * demo seed started on it while it had no accounts: nothing but migrations and demo data can be in it.
 */
async function wipe(db: Kysely<DB>) {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = sql.id(rows[0].schema);
  await sql`drop schema ${schema} cascade`.execute(db);
  await sql`create schema ${schema}`.execute(db);
  await migrateToLatest(db);
}

async function seedOnce(db: Kysely<DB>, config: Config): Promise<boolean> {
  const state = await demoSeedState(db);
  if (state === 'complete' || state === 'other') return false;
  if (state === 'partial') {
    console.error('The demo data of an earlier start is incomplete (seeding was interrupted): seeding it again.');
    await wipe(db);
  }
  await mark(db, 'started');
  await seedDemoData(db, config);
  await mark(db, 'completed');
  return true;
}

/**
 * Seed the demo data when the database is empty, or again when an earlier seed was cut short.
 * Returns whether it seeded. A database with data of its own (no demo marker) is never touched.
 */
export async function seedDemoIfNeeded(db: Kysely<DB>, config: Config): Promise<boolean> {
  // The embedded database is opened by one process at a time (its lock file): no other seeder can run.
  if (!config.databaseUrl) return seedOnce(db, config);
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${SEED_LOCK}) as ok`.execute(conn);
    // another process is seeding right now: leave it to that one
    if (!rows[0]?.ok) return false;
    try {
      return await seedOnce(db, config);
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(conn);
    }
  });
}
