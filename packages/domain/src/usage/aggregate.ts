import { z } from 'zod';
import { defineResource, filterOf, DATE_OPS, TEXT_OPS } from '../resource/index.ts';
import type { Fields } from '../resource/fields.ts';
import { UsageAssetRef, UsageItemRef } from './record.ts';

// Usage aggregates (reference /usage/aggregates): the usage of one subscription's item in one month, summed from
// the records of submitted files; `accepted` counts what the provider accepted. These are the numbers billing uses.

export const UsageAggregate = z.object({
  id: z.string(),
  item: UsageItemRef,
  asset: UsageAssetRef,
  product: z.object({ id: z.string() }),
  /** The calendar month (UTC) the usage started in. */
  period: z.object({ from: z.string(), to: z.string() }),
  /** Usage reported in submitted files, and the part of it the provider accepted. */
  consumed: z.number(),
  accepted: z.number(),
  amount: z.number(),
  currency: z.string(),
  records: z.number().int(),
  events: z.object({ last_reported: z.object({ at: z.string() }) }),
});
export type UsageAggregate = z.infer<typeof UsageAggregate>;

const FIELDS: Fields = {
  'period.from': { label: 'Month', kind: 'date' },
  'item.name': { label: 'Item', kind: 'text' },
  'item.unit': { label: 'Unit', kind: 'text' },
  consumed: { label: 'Reported', kind: 'number' },
  accepted: { label: 'Accepted', kind: 'number' },
  records: { label: 'Records', kind: 'number' },
};

export const usageAggregateResource = defineResource({
  name: 'usage-aggregate',
  title: 'Usage aggregate',
  path: '/usage/aggregates',
  module: 'MD-0005',
  schema: UsageAggregate,
  filters: {
    'asset.id': { type: 'string', ops: TEXT_OPS },
    'asset.external_uid': { type: 'string', ops: TEXT_OPS },
    'item.id': { type: 'string', ops: TEXT_OPS },
    'item.local_id': { type: 'string', ops: TEXT_OPS },
    'item.type': filterOf(UsageAggregate, 'item.type'),
    'product.id': { type: 'string', ops: TEXT_OPS },
    'period.from': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['period.from', 'item.name'],
  defaultOrdering: 'period.from',
  search: [],
  visibleTo: ['vendor', 'provider'],
  writableBy: [],
  fields: FIELDS,
  list: {
    columns: ['period.from', 'item.name', 'consumed', 'accepted', 'item.unit', 'records'],
    phone: ['period.from', 'consumed', 'accepted'],
  },
});
