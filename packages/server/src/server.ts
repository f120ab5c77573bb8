import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { DatabaseStatus, isConnectionError } from './db/availability.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfNeeded } from './db/seed/index.ts';
import { buildApp } from './http/app.ts';
import { useCallerCache } from './http/caller-cache.ts';
import { useReadReplica } from './http/read-replica.ts';
import { startMailDelivery } from './mail/delivery.ts';
import { startJobRunner } from './jobs/queue.ts';
import { applyDerivedIndexes } from './resources/indexes.ts';
import { servedResources } from './resources/routes.ts';

export interface Running {
  app: FastifyInstance;
  db: Database;
  /** Whether this start seeded the demo data (false while the database is still out of reach). */
  seeded: boolean;
  /** Whether the database is migrated and reachable; the API answers 503 until it is. */
  status: DatabaseStatus;
  /** Resolves once the database is ready (at once when it was reachable at start). */
  ready: Promise<void>;
}

/**
 * Open the database, migrate, optionally seed the demo data into an empty database, build the app.
 * A PostgreSQL that cannot be reached does not stop the start: the app answers 503 meanwhile, and the
 * migrations (and the demo seed) run as soon as the database answers, tried again every `dbRetryMs`.
 */
export async function startServer(config: Config, opts: { demo?: boolean } = {}): Promise<Running> {
  if (config.databaseReplicaUrl && !config.databaseUrl)
    throw new Error(
      'DATABASE_REPLICA_URL is a replica of the PostgreSQL database of DATABASE_URL: set DATABASE_URL too.',
    );
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const status = new DatabaseStatus();
  let seeded = false;
  const background: (() => Promise<void>)[] = [];
  let app: FastifyInstance | null = null;

  // Work that needs a migrated database: started once it is.
  const startWorkers = () => {
    if (!app) return;
    if (config.smtpUrl) {
      const log = app.log;
      const stopMail = startMailDelivery(db, config, {
        intervalMs: config.mailIntervalMs,
        onError: (err) => log.error({ err }, 'mail delivery failed'),
      });
      background.push(stopMail);
    }
    if (config.jobIntervalMs > 0) background.push(startJobRunner(db, config.jobIntervalMs));
  };

  const prepare = async () => {
    await migrateToLatest(db);
    // after the app is built: every resource it serves is registered by then
    await applyDerivedIndexes(db, servedResources);
    if (opts.demo) seeded = await seedDemoIfNeeded(db, config);
    status.ready = true;
    status.lastError = null;
  };

  try {
    app = await buildApp(db, config, { status });
  } catch (e) {
    await db.destroy();
    throw e;
  }

  let resolveReady!: () => void;
  const ready = new Promise<void>((r) => (resolveReady = r));
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  try {
    await prepare();
    resolveReady();
  } catch (e) {
    if (!config.databaseUrl || !isConnectionError(e)) {
      await db.destroy();
      throw e;
    }
    status.lastError = e instanceof Error ? e.message : String(e);
    console.error(
      `The database is not reachable (${status.lastError}); serving 503 until it is, trying again every ${config.dbRetryMs} ms.`,
    );
    const again = () => {
      retry = setTimeout(async () => {
        if (closed) return;
        try {
          await prepare();
          console.error('The database is reachable again; the schema is up to date.');
          startWorkers();
          resolveReady();
        } catch (err) {
          status.lastError = err instanceof Error ? err.message : String(err);
          if (!isConnectionError(err)) console.error(`Preparing the database failed: ${status.lastError}`);
          if (!closed) again();
        }
      }, config.dbRetryMs);
    };
    again();
  }

  app.addHook('onClose', async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await db.destroy();
  });
  // callers' contexts are kept between calls, and dropped in every process when their source changes
  background.push(useCallerCache(db));
  // lists and objects read from a replica, while the caller cache tells every process who wrote
  if (config.databaseReplicaUrl)
    background.push(await useReadReplica(db, config.databaseReplicaUrl, config.databaseReplicaMaxLagMs));
  // onClose hooks run last-registered first: the workers stop before the database closes.
  app.addHook('onClose', async () => {
    for (const stop of background.splice(0)) await stop();
  });
  if (status.ready) startWorkers();
  return {
    app,
    db,
    status,
    ready,
    get seeded() {
      return seeded;
    },
  };
}
