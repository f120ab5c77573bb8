import { z } from 'zod';
import { DATE_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
import { Events } from '../identity/common.ts';

/** One change: who did what to which object, with the fields before and after. */
export const AuditRecord = z.object({
  id: z.string(),
  action: z.string(),
  object: z.object({ id: z.string(), type: z.string() }),
  actor: z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['user', 'token', 'system']),
    /** A change made in an impersonation session: who of the managing account was logged in as the actor. */
    impersonator: z.object({ id: z.string(), name: z.string() }).optional(),
  }),
  account: z.object({ id: z.string() }),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  events: Events,
});
export type AuditRecord = z.infer<typeof AuditRecord>;

/** The owning account's audit trail; read-only. */
export const auditRecordResource = defineResource({
  name: 'audit_record',
  title: 'Audit record',
  path: '/audit/records',
  module: 'MD-0001',
  schema: AuditRecord,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    'object.id': { type: 'string', ops: TEXT_OPS },
    'object.type': { type: 'string', ops: TEXT_OPS },
    action: { type: 'string', ops: TEXT_OPS },
    'actor.id': { type: 'string', ops: TEXT_OPS },
    'actor.impersonator.id': { type: 'string', ops: TEXT_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'action', 'object.type', 'events.created.at'],
  defaultOrdering: '-events.created.at',
  search: ['object.id', 'actor.name'],
});
