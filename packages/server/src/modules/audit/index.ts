import { sql } from 'kysely';
import { auditRecordResource, type AuditRecord } from '@trellis/domain';
import type { Served } from '../../resources/engine.ts';
import { defineArea } from '../types.ts';

/** Audit records are written by the engine (resources/audit.ts); here they are only read, by their owning account. */
export const auditRecords: Served<AuditRecord> = {
  decl: auditRecordResource,
  table: 'audit_records',
  columns: {
    id: 'id',
    'object.id': 'object_id',
    'object.type': 'object_type',
    action: 'action',
    'actor.id': 'actor_id',
    'events.created.at': 'created_at',
  },
  row: (r) => ({
    id: r.id,
    account_id: r.account.id,
    object_id: r.object.id,
    object_type: r.object.type,
    action: r.action,
    actor_id: r.actor.id,
    created_at: r.events.created.at,
  }),
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,
};

/** Who did what to which object; records are written by the engine in the same transaction as the change. */
export const audit = defineArea({ name: 'audit', resources: [auditRecords] });
