import { z } from 'zod';
import { Events } from '../identity/common.ts';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/index.ts';
import { SLA_ENTITY_LABELS, SLA_ENTITY_TYPES, Slo } from './sla.ts';
import { SLO_ZONE_LABELS } from './zones.ts';

// Service level indicators (reference /sli, slm.Sli): one per object waiting in a status that an enabled objective
// covers, from when it started waiting. The object itself carries the short form (`sli`: zone, days, until), which
// its list filters and orders by (`sli.zone`, `sli.days`); the indicator ends when the object leaves the status.

/** The short form on the tracked object (reference dp.SLI), plus when its zone ends (`until`, for time-left chips). */
export const ObjectSli = z.object({
  zone: z.number().int(),
  days: z.number().int(),
  until: z.string().optional(),
});
export type ObjectSli = z.infer<typeof ObjectSli>;

export const Sli = z.object({
  id: z.string(),
  slo: Slo.extend({ sla: z.object({ id: z.string(), entity_type: z.enum(SLA_ENTITY_TYPES) }) }),
  entity_id: z.string(),
  zone: z.number().int(),
  days: z.number().int(),
  start_date: z.string(),
  until: z.string().optional(),
  events: Events,
});
export type Sli = z.infer<typeof Sli>;

const id = { type: 'string', ops: TEXT_OPS } as const;

export const sliResource = defineResource({
  name: 'sli',
  title: 'Service level indicator',
  path: '/sli',
  // the indicators of the account's own objects: whoever reads the objects reads their zones
  module: '',
  schema: Sli,
  filters: {
    id,
    entity_id: id,
    'slo.id': id,
    'slo.sla.id': id,
    'slo.sla.entity_type': { type: 'string', ops: ENUM_OPS, options: SLA_ENTITY_TYPES, label: 'Object' },
    'slo.target_status': { type: 'string', ops: ENUM_OPS },
    zone: { type: 'number', ops: ['eq', 'ne', 'in', 'out', 'gt', 'ge', 'lt', 'le'], label: 'Zone' },
    days: { type: 'number', ops: ['eq', 'gt', 'ge', 'lt', 'le'] },
    start_date: { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['zone', 'days', 'start_date'],
  defaultOrdering: '-zone,start_date',
  search: ['entity_id'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    entity_id: { label: 'Object', kind: 'id' },
    'slo.sla.entity_type': { label: 'Kind', kind: 'enum', labels: SLA_ENTITY_LABELS },
    'slo.target_status': { label: 'Waiting in', kind: 'text' },
    zone: { label: 'Zone', kind: 'enum', labels: SLO_ZONE_LABELS },
    days: { label: 'Days', kind: 'number' },
    start_date: { label: 'Since', kind: 'date' },
  },
  list: { columns: ['entity_id', 'slo.sla.entity_type', 'slo.target_status', 'zone', 'days', 'start_date'] },
});

/** The filters of a tracked object's zone (reference: /requests and /tier/config-requests `sli.zone`, `sli.days`). */
export const SLI_FILTERS = {
  'sli.zone': {
    type: 'number',
    ops: ['eq', 'ne', 'ge', 'gt', 'le', 'lt', 'null', 'in', 'out'],
    options: ['0', '1', '2'],
    labels: SLO_ZONE_LABELS,
    label: 'SLA zone',
  },
  'sli.days': { type: 'number', ops: ['eq', 'ge', 'gt', 'le', 'lt'] },
} as const;
export const SLI_ORDERING = ['sli.zone', 'sli.days'] as const;
/** The zone chip with the time left, on lists and details. */
export const SLI_FIELD = { sli: { label: 'SLA', kind: 'sli', hideEmpty: true, sort: 'sli.zone' } } as const;
