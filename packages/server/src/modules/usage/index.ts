import { fileStoreFor, fileStoreOf } from '../../files/index.ts';
import { defineArea } from '../types.ts';
import { usageAggregates } from './aggregates.ts';
import { categoryRoutes } from './categories.ts';
import { chunkDownloadRoutes } from './chunk-download.ts';
import { usageChunks } from './chunks.ts';
import { countUsageFiles, usageFiles } from './files.ts';
import { PROCESS_JOB, RECONCILE_JOB } from './jobs.ts';
import { processJob } from './process.ts';
import { reconcileJob } from './reconcile-job.ts';
import { reconciliationRoutes } from './reconciliation-routes.ts';
import { reconciliations } from './reconciliations.ts';
import { recordRoutes, usageRecords } from './records.ts';
import { usageRules } from './rules.ts';
import { reconciliationRowTable } from './tables.ts';
import { uploadRoutes } from './upload.ts';

/**
 * Usage (issue 16): usage files a vendor reports under a contract, their records, the chunks per hub an accepted
 * file is split into, the provider's reconciliations, the aggregates billing reads and the provider's usage rules.
 */
export const usage = defineArea({
  name: 'usage',
  resources: [usageFiles, usageRecords, usageChunks, reconciliations, usageAggregates, usageRules],
  // written by the reconciliation job only
  tables: [reconciliationRowTable],
  routes: (api) => {
    recordRoutes(api);
    uploadRoutes(api, fileStoreFor(api.config));
    reconciliationRoutes(api);
    chunkDownloadRoutes(api);
    categoryRoutes(api);
  },
  // Dashboard (spec §1, §6): incomplete, pending and accepted usage files, for vendors and providers.
  counters: { usage_files: { visibleTo: ['vendor', 'provider'], count: countUsageFiles } },
  // jobs are handed the database only: they find the spreadsheets in the store of the app in charge of it
  jobs: { [PROCESS_JOB]: processJob(fileStoreOf), [RECONCILE_JOB]: reconcileJob },
});
