import { z } from 'zod';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource, defineMachine, statusTones } from '../resource/index.ts';
import * as rules from '../validation/rules.ts';
import { zDateTime, zOptionalString, zRequiredString } from '../validation/zod.ts';
import { EventAt, Events, Ref } from './common.ts';

export const TOKEN_MODULE = 'MD-0014';
/** Stored statuses. The reference also lists pending/expiring/expired/revitalised; tokens here start active. */
export const TOKEN_STATUSES = ['active', 'inactive', 'deleted'] as const;
/** Renew without a date extends the expiration by this much. */
export const TOKEN_RENEW_DAYS = 30;

/** A granted module: `object.id` is the module id (the auth layer reads `object.id ?? id`). */
export const TokenPermission = z.object({
  id: z.string(),
  object: z.object({ id: z.string() }),
  events: z.object({ granted: EventAt }).partial().optional(),
});
export type TokenPermission = z.infer<typeof TokenPermission>;

export const Token = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  external_id: z.string().nullable(),
  owner: Ref,
  status: z.enum(['pending', 'active', 'inactive', 'deleted', 'expiring', 'expired', 'revitalised']),
  extension: Ref.nullable(),
  permissions: z.array(TokenPermission),
  expiration_date: z.string().nullable(),
  renewed_expiration_date: z.string().nullable().optional(),
  /** "ApiKey SU-...:<secret>", present only in the answer of create and rotate. */
  token: z.string().optional(),
  events: Events,
});
export type Token = z.infer<typeof Token>;

/** A permission as clients send it: a module id, {id}, or {object: {id}} (PermissionMerge). */
export const PermissionInput = z.union([
  z.string().min(1),
  z
    .object({ id: z.string().min(1).optional(), object: z.object({ id: z.string().min(1) }).optional() })
    .refine((p) => p.id || p.object, { message: 'A permission needs an id or object.id' }),
]);
export type PermissionInput = z.infer<typeof PermissionInput>;

/** The module id a permission input names. */
export const permissionModule = (p: PermissionInput): string => (typeof p === 'string' ? p : (p.object?.id ?? p.id!));

const zFutureDate = () =>
  zDateTime({
    message: 'Must be a date-time with a time zone, e.g. 2030-01-31T00:00:00Z',
    future: 'Must be in the future',
  });

const nameRules = (v: string) => rules.maxLength(v, 128);

export const TokenWrite = z.object({
  name: zRequiredString(nameRules),
  description: zOptionalString((v) => rules.maxLength(v, 255)),
  external_id: zOptionalString((v) => rules.maxLength(v, 128)),
  expiration_date: zFutureDate().nullish(),
  permissions: z.array(PermissionInput).optional(),
  extension: z.object({ id: z.string().optional(), name: z.string().optional() }).nullish(),
});
export type TokenWrite = z.infer<typeof TokenWrite>;

export const TokenUpdate = z.object({
  name: zRequiredString(nameRules).optional(),
  description: zOptionalString((v) => rules.maxLength(v, 255)),
  external_id: zOptionalString((v) => rules.maxLength(v, 128)),
});

/** Body of renew and rotate (both optional). */
export const TokenRenewRotate = z.object({ expiration_date: zFutureDate().nullish() });

/** Body of the permissions endpoints: one permission or a list. */
export const TokenPermissionsBody = z.union([PermissionInput, z.array(PermissionInput).min(1)]);

/** API tokens of the caller's account (module MD-0014). */
export const tokenResource = defineResource({
  name: 'token',
  title: 'Token',
  path: '/auth/tokens',
  module: TOKEN_MODULE,
  schema: Token,
  create: TokenWrite,
  update: TokenUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: TOKEN_STATUSES },
    external_id: { type: 'string', ops: TEXT_OPS },
    expiration_date: { type: 'datetime', ops: DATE_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
    'events.created.by.id': { type: 'string', ops: TEXT_OPS },
    'events.created.by.name': { type: 'string', ops: TEXT_OPS },
  },
  ordering: ['id', 'name', 'status', 'expiration_date', 'events.created.at'],
  defaultOrdering: '-events.created.at',
  search: ['id', 'name'],
  machine: defineMachine({
    statuses: statusTones(TOKEN_STATUSES),
    actions: {
      activate: { from: ['inactive'], to: 'active', label: 'Activate' },
      deactivate: { from: ['active'], to: 'inactive', label: 'Deactivate' },
      rotate: { from: ['active', 'inactive'], body: TokenRenewRotate, label: 'Rotate' },
      renew: { from: ['active', 'inactive'], body: TokenRenewRotate, label: 'Renew' },
    },
  }),
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    description: { label: 'Description', kind: 'multiline' },
    status: { label: 'Status', kind: 'status' },
    external_id: { label: 'External ID', kind: 'text' },
    expiration_date: { label: 'Expires', kind: 'date', empty: 'Never' },
    'events.created.at': { label: 'Created', kind: 'date' },
  },
  list: {
    columns: ['id', 'name', 'status', 'expiration_date', 'events.created.at'],
    phone: ['name', 'status'],
  },
  detail: { fields: ['id', 'name', 'description', 'status', 'external_id', 'expiration_date'] },
});
