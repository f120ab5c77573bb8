import type { Sla, Sli } from '@trellis/domain';
import { defineTable, bool, int, text, timestamp } from '../../resources/table.ts';

// The service level tables (migrations/0038_service_levels.ts): each column names the object path it copies.

export const slaTable = defineTable('slas', {
  id: text('id'),
  account_id: text('owner.id'),
  entity_type: text('entity_type'),
  active: bool('active'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((s: Sla) => s.events.updated?.at ?? s.events.created.at),
});

/** An indicator; `next_at` (when its zone or days change next) and `terminate_at` drive the sweep. */
export const sliTable = defineTable('slis', {
  id: text('id'),
  entity_id: text('entity_id'),
  entity_type: text('slo.sla.entity_type'),
  account_id: text(),
  sla_id: text('slo.sla.id'),
  zone: int('zone'),
  days: int('days'),
  start_at: timestamp('start_date'),
  next_at: timestamp(),
  terminate_at: timestamp().nullable(),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((s: Sli) => s.events.updated?.at ?? s.events.created.at),
});
