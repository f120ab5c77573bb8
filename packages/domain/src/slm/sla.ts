import { z } from 'zod';
import { Events } from '../identity/common.ts';
import type { Side } from '../resource/machine.ts';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/index.ts';
import { SLO_ZONES } from './zones.ts';

// SLA settings (reference /sla, slm.Sla): one per account and kind of object it serves, disabled by default. Each
// objective (SLO) covers the time an object waits in one status, in three zones; a terminating objective runs its
// final action at the end of the last zone. The reference knows subscription and tier config requests; Trellis adds
// the helpdesk cases an account receives (docs/decisions.md, Service levels).

export const SLA_ENTITY_TYPES = ['subscription_request', 'tier_config_request', 'case'] as const;
export type SlaEntityType = (typeof SLA_ENTITY_TYPES)[number];
export const SLA_ENTITY_LABELS: Record<SlaEntityType, string> = {
  subscription_request: 'Fulfillment requests',
  tier_config_request: 'Tier config requests',
  case: 'Helpdesk cases',
};
export const SLA_MAX_DAYS = 365;

/** The objectives of each kind of object: the waiting statuses, and the final action a terminating one runs. */
export const SLO_TARGETS: Record<SlaEntityType, { status: string; finalAction?: 'reject'; days: number[] }[]> = {
  subscription_request: [
    { status: 'pending', finalAction: 'reject', days: [2, 1, 2] },
    { status: 'inquiring', finalAction: 'reject', days: [5, 5, 5] },
  ],
  tier_config_request: [
    { status: 'pending', finalAction: 'reject', days: [2, 1, 2] },
    { status: 'inquiring', finalAction: 'reject', days: [5, 5, 5] },
  ],
  case: [
    { status: 'pending', days: [1, 1, 1] },
    { status: 'inquiring', days: [3, 2, 2] },
  ],
};

/** Which kinds of object an account's side serves: vendors process requests; either side receives cases. */
export const slaEntityTypesOf = (side: Side): SlaEntityType[] => (side === 'vendor' ? [...SLA_ENTITY_TYPES] : ['case']);

const ZoneSpanSchema = z.object({ days: z.number(), zone: z.number().int() });
export const Slo = z.object({
  id: z.string(),
  target_status: z.string(),
  terminate: z.boolean(),
  final_action: z.string().optional(),
  zones: z.array(ZoneSpanSchema),
});
export type Slo = z.infer<typeof Slo>;

export const Sla = z.object({
  id: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() }),
  active: z.boolean(),
  entity_type: z.enum(SLA_ENTITY_TYPES),
  slos: z.array(Slo),
  events: Events,
});
export type Sla = z.infer<typeof Sla>;

const DAYS_MESSAGE = `Days must be a whole number from 0 to ${SLA_MAX_DAYS}.`;
const zoneList = z
  .array(
    z.object({
      days: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(0, DAYS_MESSAGE).max(SLA_MAX_DAYS, DAYS_MESSAGE),
      zone: z.number({ error: 'Zone must be 0, 1 or 2.' }).int().min(0).max(2),
    }),
  )
  .length(3, 'Give the three zones: 0 (green), 1 (yellow) and 2 (red).')
  .superRefine((zones, ctx) => {
    if (zones.some((z, i) => z.zone !== SLO_ZONES[i]))
      ctx.addIssue({ code: 'custom', message: 'Give the zones in order: 0 (green), 1 (yellow), 2 (red).' });
    else if (zones.every((z) => z.days === 0))
      ctx.addIssue({ code: 'custom', message: 'At least one zone must last a day or more.' });
  });

/** The reference's update: `active`, and objectives named by id (their target status and final action are fixed). */
export const SlaUpdate = z.object({
  active: z.boolean({ error: 'Must be true or false.' }).optional(),
  slos: z
    .array(
      z.object({
        id: z.string({ error: 'Name the objective by its id.' }).min(1).max(40),
        terminate: z.boolean({ error: 'Must be true or false.' }).optional(),
        zones: zoneList.optional(),
      }),
    )
    .max(10)
    .optional(),
});
export type SlaUpdate = z.infer<typeof SlaUpdate>;

/** A new account's settings of one kind: disabled, with the default objectives. */
export function defaultSla(id: string, owner: Sla['owner'], entityType: SlaEntityType, at: string): Sla {
  return {
    id,
    owner,
    active: false,
    entity_type: entityType,
    slos: SLO_TARGETS[entityType].map((t, i) => ({
      id: `${id.replace(/^SLA-/, 'SLO-')}-${String(i + 1).padStart(3, '0')}`,
      target_status: t.status,
      terminate: false,
      ...(t.finalAction && { final_action: t.finalAction }),
      zones: t.days.map((days, zone) => ({ days, zone })),
    })),
    events: { created: { at }, updated: { at } },
  };
}

/** The objective of `sla` for an object waiting in `status`, when the settings are enabled. */
export const sloFor = (sla: Pick<Sla, 'active' | 'slos'> | undefined, status: string): Slo | undefined =>
  sla?.active ? sla.slos.find((s) => s.target_status === status) : undefined;

export const slaResource = defineResource({
  name: 'sla',
  title: 'SLA settings',
  noun: 'SLA settings',
  path: '/sla',
  // account settings
  module: 'MD-0001',
  schema: Sla,
  update: SlaUpdate,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    active: { type: 'boolean', ops: ['eq', 'ne'] },
    entity_type: { type: 'string', ops: ENUM_OPS, options: SLA_ENTITY_TYPES, label: 'Object' },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
    'events.updated.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['entity_type', 'events.created.at', 'events.updated.at'],
  defaultOrdering: 'entity_type',
  search: ['id'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    entity_type: { label: 'Object', kind: 'enum', labels: SLA_ENTITY_LABELS },
    active: { label: 'Enabled', kind: 'bool' },
    'events.updated.at': { label: 'Updated', kind: 'date' },
  },
  list: { columns: ['entity_type', 'active', 'events.updated.at'], phone: ['entity_type', 'active'] },
});
