import { defineArea } from '../types.ts';
import { usageAggregates } from './aggregates.ts';
import { usageChunks } from './chunks.ts';
import { countUsageFiles, usageFiles } from './files.ts';
import { recordRoutes, usageRecords } from './records.ts';

/**
 * Usage (issue 16): usage files a vendor reports under a contract, their records, the chunks per hub an accepted
 * file is split into, the provider's reconciliations and the aggregates billing reads.
 */
export const usage = defineArea({
  name: 'usage',
  resources: [usageFiles, usageRecords, usageChunks, usageAggregates],
  routes: (api) => {
    recordRoutes(api);
  },
  // Dashboard (spec §1, §6): incomplete, pending and accepted usage files, for vendors and providers.
  counters: { usage_files: { visibleTo: ['vendor', 'provider'], count: countUsageFiles } },
});
