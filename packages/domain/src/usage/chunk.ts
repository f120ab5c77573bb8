import { z } from 'zod';
import { defineMachine, defineResource, filterOf, TEXT_OPS } from '../resource/index.ts';
import { Events } from '../identity/common.ts';
import type { Fields } from '../resource/fields.ts';
import { UsageStats } from './file.ts';

// Usage chunks (reference /usage/chunks, PartUsageFile): an accepted usage file split by the hub its
// subscriptions are served from, so each provider side bills its own part. A chunk is `outdated` when one of its
// records changed after it was made; regenerate makes it again from the records.

export const USAGE_CHUNK_STATUSES = ['draft', 'ready', 'closed', 'failed'] as const;

const Ref = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });

export const UsageChunk = z.object({
  id: z.string(),
  status: z.enum(USAGE_CHUNK_STATUSES),
  outdated: z.boolean(),
  external_id: z.string(),
  usagefile: z.object({ id: z.string(), name: z.string(), schema: z.string(), currency: z.string() }),
  binding: z.object({
    hub: z.object({ id: z.string(), name: z.string() }).nullable(),
    external_id: z.string(),
  }),
  marketplace: Ref,
  provider: Ref,
  vendor: Ref,
  stats: UsageStats,
  /** Records in the chunk and their total usage. */
  records: z.number().int(),
  usage: z.number(),
  error: z.object({ detail: z.string() }).nullable(),
  created: z.string(),
  updated: z.string(),
  events: Events,
});
export type UsageChunk = z.infer<typeof UsageChunk>;

export const usageChunkMachine = defineMachine<UsageChunk>({
  statuses: {
    draft: { tone: 'default' },
    ready: { tone: 'info' },
    closed: { tone: 'success' },
    failed: { tone: 'error' },
  },
  actions: {
    close: {
      label: 'Close',
      from: ['ready'],
      to: 'closed',
      by: ['provider'],
      form: false,
      event: 'closed',
      confirm: { title: 'Close chunk', text: (c) => `Close ${c.id}? Its ${c.records} records are closed as billed.` },
      done: (c) => `Closed ${c.id}.`,
    },
    regenerate: {
      label: 'Regenerate',
      from: ['ready', 'failed'],
      to: 'ready',
      by: ['provider'],
      form: false,
      done: (c) => `Regenerated ${c.id} from its records.`,
    },
  },
});

const FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  status: { label: 'Status', kind: 'status' },
  outdated: { label: 'Outdated', kind: 'bool' },
  'binding.hub': { label: 'Hub', kind: 'ref', route: 'hubs.details' },
  'binding.hub.name': { label: 'Hub', kind: 'text', empty: 'No hub' },
  records: { label: 'Records', kind: 'number' },
  usage: { label: 'Usage', kind: 'number' },
  usagefile: { label: 'Usage file', kind: 'ref', route: 'usages.details' },
  marketplace: { label: 'Marketplace', kind: 'ref', route: 'marketplaces.details' },
  provider: { label: 'Provider', kind: 'ref', route: 'partners.details' },
  updated: { label: 'Updated', kind: 'date' },
};

export const usageChunkResource = defineResource({
  name: 'usage-chunk',
  title: 'Usage chunk',
  path: '/usage/chunks',
  module: 'MD-0005',
  schema: UsageChunk,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    status: filterOf(UsageChunk, 'status'),
    'usagefile.id': { type: 'string', ops: TEXT_OPS },
    'provider.id': { type: 'string', ops: TEXT_OPS },
    'binding.hub.id': { type: 'string', ops: TEXT_OPS },
  },
  ordering: ['id', 'status', 'created', 'records'],
  defaultOrdering: 'id',
  search: ['id'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['provider'],
  machine: usageChunkMachine,
  fields: FIELDS,
  list: {
    columns: ['id', 'binding.hub.name', 'records', 'usage', 'outdated', 'status', 'updated'],
    phone: ['id', 'status'],
  },
  detail: {
    fields: ['id', 'status', 'outdated', 'records', 'usage', 'binding.hub', 'usagefile', 'marketplace', 'provider'],
  },
});
