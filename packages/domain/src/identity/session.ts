import { z } from 'zod';
import { DATE_OPS, TEXT_OPS, defineResource, defineMachine, statusTones } from '../resource/index.ts';
import { Events } from './common.ts';

export const SESSION_STATUSES = ['active', 'terminated', 'expired'] as const;

/** A login session of a user (reference auth.UserSession); the secret never leaves the server. */
export const UserSession = z.object({
  id: z.string(),
  status: z.enum(SESSION_STATUSES),
  host: z.string().nullable(),
  location: z.object({ ip: z.string() }),
  device: z.object({ ua: z.string() }),
  /** True for the session making the call. */
  current: z.boolean().optional(),
  events: Events,
});
export type UserSession = z.infer<typeof UserSession>;

export const SessionTerminateAll = z.object({
  /** Also end the session making the call (default: keep it). */
  include_current: z.boolean().optional(),
});

/**
 * A user's sessions. No permission module is needed for the caller's own; a caller holding the users module (MD-0001)
 * reaches those of a user of its account that work in its account. Any other user is 404.
 * Terminate-all is POST /users/:user_pk/sessions/terminate (hand-written, outside the engine's derivations).
 */
export const sessionResource = defineResource({
  name: 'session',
  title: 'Session',
  path: '/users/:user_pk/sessions',
  module: '',
  schema: UserSession,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ['eq', 'ne', 'like', 'ilike', 'in', 'out'], options: SESSION_STATUSES },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
    'location.ip': { type: 'string', ops: TEXT_OPS },
  },
  ordering: ['events.created.at'],
  defaultOrdering: '-events.created.at',
  search: ['id', 'location.ip'],
  machine: defineMachine({
    statuses: statusTones(SESSION_STATUSES),
    actions: { terminate: { from: ['active'], to: 'terminated', label: 'Terminate' } },
  }),
  fields: {
    id: { label: 'ID', kind: 'id' },
    status: { label: 'Status', kind: 'status' },
    'device.ua': { label: 'Device', kind: 'text' },
    'location.ip': { label: 'IP address', kind: 'text' },
    'events.created.at': { label: 'Started', kind: 'date' },
    /** The session making the call; its column holds "This session" or the Terminate button. */
    current: { label: '', kind: 'bool' },
  },
  list: {
    columns: ['id', 'status', 'device.ua', 'location.ip', 'events.created.at', 'current'],
    phone: ['device.ua', 'status', 'current'],
  },
});
