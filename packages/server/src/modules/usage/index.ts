import { defineArea } from '../types.ts';
import { usageAggregates } from './aggregates.ts';
import { categoryRoutes } from './categories.ts';
import { chunkDownloadRoutes } from './chunk-download.ts';
import { usageChunks } from './chunks.ts';
import { countUsageFiles, usageFiles } from './files.ts';
import { RECONCILE_JOB } from './jobs.ts';
import { reconcileJob } from './reconcile-job.ts';
import { reconciliationRoutes } from './reconciliation-routes.ts';
import { reconciliations } from './reconciliations.ts';
import { recordRoutes, usageRecords } from './records.ts';
import { reconciliationRowTable } from './tables.ts';

/**
 * Usage (issue 16): usage files a vendor reports under a contract, their records, the chunks per hub an accepted
 * file is split into, the provider's reconciliations and the aggregates billing reads.
 */
export const usage = defineArea({
  name: 'usage',
  resources: [usageFiles, usageRecords, usageChunks, reconciliations, usageAggregates],
  // written by the reconciliation job only
  tables: [reconciliationRowTable],
  routes: (api) => {
    recordRoutes(api);
    reconciliationRoutes(api);
    chunkDownloadRoutes(api);
    categoryRoutes(api);
  },
  // Dashboard (spec §1, §6): incomplete, pending and accepted usage files, for vendors and providers.
  counters: { usage_files: { visibleTo: ['vendor', 'provider'], count: countUsageFiles } },
  jobs: { [RECONCILE_JOB]: reconcileJob },
});
