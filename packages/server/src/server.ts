import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isEmpty } from './db/seed/demo.ts';
import { seedDemoData } from './db/seed/index.ts';
import { buildApp } from './http/app.ts';
import { startMailDelivery } from './modules/mail/delivery.ts';
import { startJobRunner } from './jobs/queue.ts';

export interface Running { app: FastifyInstance; db: Database; seeded: boolean }

/** Open the database, migrate, optionally seed the demo data into an empty database, build the app. */
export async function startServer(config: Config, opts: { demo?: boolean } = {}): Promise<Running> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  let seeded = false;
  if (opts.demo && (await isEmpty(db))) {
    await seedDemoData(db, config);
    seeded = true;
  }
  const app = await buildApp(db, config);
  app.addHook('onClose', async () => { await db.destroy(); });
  if (config.smtpUrl) {
    const stopMail = startMailDelivery(db, config, {
      intervalMs: config.mailIntervalMs,
      onError: (err) => app.log.error({ err }, 'mail delivery failed'),
    });
    // onClose hooks run last-registered first: mail stops before the database closes.
    app.addHook('onClose', stopMail);
  }
  if (config.jobIntervalMs > 0) app.addHook('onClose', startJobRunner(db, config.jobIntervalMs));
  return { app, db, seeded };
}
