import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fileStoreFor, type FileStore } from '../../files/index.ts';
import { defineArea, type Api } from '../types.ts';
import { usageAggregates } from './aggregates.ts';
import { usageChunks } from './chunks.ts';
import { countUsageFiles, usageFiles } from './files.ts';
import { PROCESS_JOB } from './jobs.ts';
import { processJob } from './process.ts';
import { recordRoutes, usageRecords } from './records.ts';
import { uploadRoutes } from './upload.ts';

/**
 * The file store of the app serving each database: a job is handed the database only and finds the spreadsheets
 * here. The latest app built on a database is the one in charge (the demo seed builds one inside the server's start);
 * once it closes, the one before it is again.
 */
const stores = new WeakMap<Kysely<DB>, FileStore[]>();
const storeOf = (db: Kysely<DB>) => stores.get(db)?.at(-1);
function useStore(api: Api): FileStore {
  const store = fileStoreFor(api.config);
  const list = stores.get(api.db) ?? [];
  stores.set(api.db, [...list, store]);
  api.app.addHook('onClose', async () => {
    const now = stores.get(api.db) ?? [];
    const at = now.lastIndexOf(store);
    if (at >= 0) stores.set(api.db, [...now.slice(0, at), ...now.slice(at + 1)]);
  });
  return store;
}

/**
 * Usage (issue 16): usage files a vendor reports under a contract, their records, the chunks per hub an accepted
 * file is split into, the provider's reconciliations and the aggregates billing reads.
 */
export const usage = defineArea({
  name: 'usage',
  resources: [usageFiles, usageRecords, usageChunks, usageAggregates],
  routes: (api) => {
    const store = useStore(api);
    recordRoutes(api);
    uploadRoutes(api, store);
  },
  // Dashboard (spec §1, §6): incomplete, pending and accepted usage files, for vendors and providers.
  counters: { usage_files: { visibleTo: ['vendor', 'provider'], count: countUsageFiles } },
  jobs: { [PROCESS_JOB]: processJob(storeOf) },
});
