import { z } from 'zod';
import {
  DATE_OPS,
  ENUM_OPS,
  TEXT_OPS,
  defineResource,
  type FilterDecl,
  defineMachine,
  statusTones,
} from '../resource/index.ts';
import * as rules from '../validation/rules.ts';
import { resolveRegion, resolveTimezone } from '../validation/settings.ts';
import { zEmail, zRequiredString } from '../validation/zod.ts';
import { Events, Ref } from './common.ts';

/** Member statuses of the reference 'users' workflow: invited → joined, invited → expired → invited, joined → deleted. */
export const MEMBER_STATUSES = ['invited', 'joined', 'expired', 'deleted'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const TIME_FORMATS = ['24h', '12h'] as const;
/** Largest stored value of one user setting (e.g. 'recents'), in bytes of JSON. */
export const USER_SETTING_MAX_BYTES = 64 * 1024;
/** The portal keeps this many recent pages (spec §2). */
export const RECENTS_MAX = 7;

const IdRef = z.object({ id: zRequiredString() });

/** A user as a member of an account (reference auth.User plus membership status and events). */
export const AccountUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(MEMBER_STATUSES),
  active: z.boolean(),
  timezone: z.string(),
  timeformat: z.string(),
  region: z.string(),
  account: z.object({ id: z.string() }).optional(),
  groups: z.array(Ref).optional(),
  permissions: z.array(z.object({ id: z.string(), object: z.object({ id: z.string() }) })).optional(),
  events: Events,
});
export type AccountUser = z.infer<typeof AccountUser>;

/** Invite a user by e-mail (reference auth.AccountUserCreate; groups optional here). */
export const AccountUserCreate = z.object({
  email: zEmail(),
  name: z.string().max(128, 'Input must be at most 128 characters').nullish(),
  groups: z.array(IdRef).optional(),
});

/** Replace a member's groups (reference auth.AccountUserUpdate). */
export const AccountUserUpdate = z.object({ groups: z.array(IdRef) });

/** A user's own profile: unknown time zones fall back to UTC, unknown regions to en_US. */
export const UserUpdate = z.object({
  name: zRequiredString((v) => rules.maxLength(v, 128)).optional(),
  timezone: z
    .string()
    .nullish()
    .transform((v) => (v === undefined ? undefined : resolveTimezone(v))),
  timeformat: z.enum(TIME_FORMATS, { error: `timeformat must be one of ${TIME_FORMATS.join(', ')}` }).optional(),
  region: z
    .string()
    .nullish()
    .transform((v) => (v === undefined ? undefined : resolveRegion(v))),
});

/** A setting value (any JSON), at most USER_SETTING_MAX_BYTES. */
export const UserSettingValue = z.unknown().superRefine((v, ctx) => {
  if (v === undefined || v === null) ctx.addIssue({ code: 'custom', message: 'This field is required' });
  else if (JSON.stringify(v).length > USER_SETTING_MAX_BYTES) {
    ctx.addIssue({ code: 'custom', message: `A setting must be at most ${USER_SETTING_MAX_BYTES / 1024} KB` });
  }
});

const memberFilters: Record<string, FilterDecl> = {
  id: { type: 'string', ops: TEXT_OPS },
  name: { type: 'string', ops: TEXT_OPS },
  email: { type: 'string', ops: TEXT_OPS },
  status: { type: 'string', ops: ENUM_OPS, options: MEMBER_STATUSES },
  'events.created.at': { type: 'datetime', ops: DATE_OPS },
  'events.invited.at': { type: 'datetime', ops: DATE_OPS },
  'events.activated.at': { type: 'datetime', ops: DATE_OPS },
};
const memberOrdering = [
  'id',
  'name',
  'email',
  'status',
  'events.created.at',
  'events.invited.at',
  'events.activated.at',
];

/** Members of the caller's account: invite, reinvite, activate, remove. */
export const accountUserResource = defineResource({
  name: 'account-user',
  title: 'User',
  path: '/accounts/:accountId/users',
  module: 'MD-0001',
  schema: AccountUser,
  create: AccountUserCreate,
  update: AccountUserUpdate,
  remove: true,
  filters: memberFilters,
  ordering: memberOrdering,
  defaultOrdering: 'name',
  search: ['id', 'name', 'email'],
  machine: defineMachine({
    statuses: statusTones(MEMBER_STATUSES),
    actions: {
      reinvite: {
        from: ['invited', 'expired'],
        to: 'invited',
        label: 'Resend invitation',
        done: (m) => `The invitation was sent again to ${m.email}.`,
      },
      activate: {
        from: ['invited'],
        to: 'joined',
        label: 'Activate',
        done: (m) => `${m.name || m.email} is now an active member.`,
      },
    },
  }),
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    email: { label: 'E-mail', kind: 'text' },
    status: { label: 'Status', kind: 'status' },
    groups: { label: 'Groups', kind: 'list' },
    timezone: { label: 'Time zone', kind: 'text' },
  },
  list: { columns: ['id', 'name', 'email', 'groups', 'status'], phone: ['name', 'status'] },
  detail: { fields: ['id', 'name', 'email', 'status', 'groups', 'timezone'] },
});

/**
 * The users of the current account (joined and invited). Everyone may read and edit itself;
 * reading other members needs MD-0001, so the module check happens in the visibility rule.
 */
export const userResource = defineResource({
  name: 'user',
  title: 'User',
  path: '/users',
  module: '',
  schema: AccountUser,
  update: UserUpdate,
  filters: memberFilters,
  ordering: memberOrdering,
  defaultOrdering: 'name',
  search: ['id', 'name', 'email'],
  machine: defineMachine({ statuses: statusTones(MEMBER_STATUSES), actions: {} }),
});

/** Members of one group (reference /accounts/{a}/groups/{g}/users). */
export const groupUserResource = defineResource({
  name: 'group-user',
  title: 'Group member',
  path: '/accounts/:accountId/groups/:groupId/users',
  module: 'MD-0001',
  schema: AccountUser,
  filters: { id: memberFilters.id, name: memberFilters.name, email: memberFilters.email },
  ordering: ['id', 'name', 'email'],
  defaultOrdering: 'name',
  search: ['id', 'name', 'email'],
});

/** A group as an account of a user shows it (reference auth.GroupBase: id, name, description, revision). */
export const UserAccountGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  revision: z.number(),
});

/**
 * The accounts of a user, reference auth.UserAccount, with the user's groups in each: all its joined accounts for the
 * user itself; for a caller holding the users module (MD-0001), a user of the caller's account in that account only.
 */
export const userAccountResource = defineResource({
  name: 'user-account',
  title: 'Account',
  path: '/users/:userId/accounts',
  module: '',
  schema: z.object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    role: z.string(),
    groups: z.array(UserAccountGroup).optional(),
  }),
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    external_id: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: ENUM_OPS, options: ['vendor', 'provider'] },
    role: { type: 'string', ops: ENUM_OPS, options: ['vendor', 'distributor', 'reseller'] },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'external_id', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['id', 'name', 'external_id'],
});

/** Filters of GET /modules (served from the in-code module list). */
export const moduleFilters: Record<string, FilterDecl> = {
  id: { type: 'string', ops: TEXT_OPS },
  name: { type: 'string', ops: TEXT_OPS },
};
