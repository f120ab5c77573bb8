import { z } from 'zod';
import { DATE_OPS, TEXT_OPS, defineResource, type FilterDecl } from '../resource/define.ts';
import * as rules from '../validation/rules.ts';
import { zRequiredString } from '../validation/zod.ts';
import { EventAt, Events } from './common.ts';
import { PermissionInput } from './token.ts';

export const GROUP_NAME_MAX = 32;
export const GROUP_DESCRIPTION_MAX = 512;

export const Permission = z.object({
  id: z.string(),
  object: z.object({ id: z.string() }),
  events: z.object({ granted: EventAt }).optional(),
});
export type Permission = z.infer<typeof Permission>;

export const Group = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string().nullable().optional(),
  external_id: z.string().nullable().optional(),
  revision: z.number(),
  account: z.object({ id: z.string() }).optional(),
  permissions: z.array(Permission),
  stats: z.object({ users: z.number() }).optional(),
  events: Events,
});
export type Group = z.infer<typeof Group>;

const groupFields = {
  name: zRequiredString((v) => rules.maxLength(v, GROUP_NAME_MAX)),
  description: z
    .string()
    .max(GROUP_DESCRIPTION_MAX, `Input must be at most ${GROUP_DESCRIPTION_MAX} characters`)
    .nullish(),
  color: z.string().max(32, 'Input must be at most 32 characters').nullish(),
  external_id: z.string().max(64, 'Input must be at most 64 characters').nullish(),
};

export const GroupCreate = z.object({ ...groupFields, permissions: z.array(PermissionInput).optional() });
export const GroupUpdate = z.object({
  ...groupFields,
  name: groupFields.name.optional(),
});

/** Add or remove one member of a group (reference auth.GroupUserChangeMembership). */
export const GroupUserChangeMembership = z.object({ id: zRequiredString() });
/** Replace a group's members at once. */
export const GroupUsersReplace = z.array(GroupUserChangeMembership);

export const groupResource = defineResource({
  name: 'group',
  title: 'Group',
  path: '/accounts/:accountId/groups',
  module: 'MD-0001',
  schema: Group,
  create: GroupCreate,
  update: GroupUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    description: { type: 'string', ops: TEXT_OPS },
    external_id: { type: 'string', ops: TEXT_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['id', 'name', 'description', 'external_id'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    description: { label: 'Description', kind: 'multiline' },
    'stats.users': { label: 'Members', kind: 'number' },
    permissions: { label: 'Permissions', kind: 'list' },
  },
  list: { columns: ['id', 'name', 'description', 'stats.users', 'permissions'], phone: ['name', 'stats.users'] },
  detail: { fields: ['id', 'name', 'description', 'stats.users', 'permissions'] },
});

/** Filters of a group's permission list (served from the group's embedded list). */
export const permissionFilters: Record<string, FilterDecl> = {
  id: { type: 'string', ops: TEXT_OPS },
  'object.id': { type: 'string', ops: TEXT_OPS },
};
