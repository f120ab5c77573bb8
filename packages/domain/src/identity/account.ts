import { z } from 'zod';
import { zAccountName } from '../validation/zod.ts';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/define.ts';
import { Events, Ref } from './common.ts';
import { MFA_POLICIES, MfaPolicyInput } from './mfa.ts';

/** Account settings (spec §3): `mfa.policy` is required, optional (the default) or not required (identity/mfa.ts). */
export const AccountSettings = z.object({ mfa: z.object({ policy: z.enum(MFA_POLICIES) }) });
export type AccountSettings = z.infer<typeof AccountSettings>;
/** Settings as a client writes them: `disabled` is read as `not required`. */
const AccountSettingsInput = z.object({ mfa: z.object({ policy: MfaPolicyInput }) });

export const Account = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['vendor', 'provider']),
  role: z.string(),
  roles: z.array(z.string()),
  external_id: z.string().nullable(),
  description: z.string().nullable().optional(),
  brand: z.string().optional(),
  sourcing: z.boolean().optional(),
  settings: AccountSettings.partial().optional(),
  /** The account that manages this one (it signed up with that account's invitation); absent for a top-level one. */
  parent: Ref.optional(),
  events: Events,
});
export type Account = z.infer<typeof Account>;

export const AccountUpdate = z.object({
  name: zAccountName(),
  external_id: z.string().max(100).nullable().optional(),
  description: z.string().max(512).nullable().optional(),
  /** Only the parts given change (e.g. `{mfa: {policy: 'required'}}`). */
  settings: AccountSettingsInput.partial().optional(),
});

/** The accounts the caller belongs to; editing needs the Account module. */
/** One rendering of an account's type and role everywhere. */
export const ACCOUNT_TYPE_LABELS: Record<string, string> = { vendor: 'Vendor', provider: 'Provider' };
export const ACCOUNT_ROLE_LABELS: Record<string, string> = {
  vendor: 'Vendor',
  distributor: 'Distributor',
  reseller: 'Reseller',
};

export const accountResource = defineResource({
  name: 'account',
  title: 'Account',
  path: '/accounts',
  module: 'MD-0001',
  schema: Account,
  update: AccountUpdate,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    external_id: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: ENUM_OPS, options: ['vendor', 'provider'] },
    role: { type: 'string', ops: ENUM_OPS, options: ['vendor', 'distributor', 'reseller'] },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
    'parent.id': { type: 'string', ops: TEXT_OPS },
  },
  ordering: ['id', 'name', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['id', 'name', 'external_id'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    type: { label: 'Type', kind: 'enum', labels: ACCOUNT_TYPE_LABELS },
    role: { label: 'Role', kind: 'enum', labels: ACCOUNT_ROLE_LABELS },
    roles: { label: 'Roles', kind: 'list', labels: ACCOUNT_ROLE_LABELS },
    external_id: { label: 'External ID', kind: 'text' },
    description: { label: 'Description', kind: 'multiline' },
    // the parent's name only: a managed account's users do not see their parent account itself
    'parent.name': { label: 'Managed by', kind: 'text', hideEmpty: true },
  },
  list: { columns: ['id', 'name', 'type', 'role', 'parent.name'], phone: ['name', 'type'], filters: ['type', 'role'] },
  detail: { fields: ['id', 'name', 'type', 'roles', 'external_id', 'description', 'parent.name'] },
});
