import { z } from 'zod';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineMachine, defineResource, statusTones } from '../resource/index.ts';
import * as rules from '../validation/rules.ts';
import { zOptionalString, zRequiredString } from '../validation/zod.ts';
import { EventAt, Ref } from './common.ts';
import { IDP_MODULE, IdpReference } from './idp.ts';

// SSO services (spec §3 "SSO service: id, icon, login data {method, url}", §7 /sso/services): a sign-in button on the
// login page of every portal host whose brand belongs to the service's owner. The button opens /redirect?service=…,
// which asks GET /sso/services/{id}/login where to go (the identity provider's start URL).

export const SSO_SERVICE_STATUSES = ['active', 'disabled'] as const;
export type SsoServiceStatus = (typeof SSO_SERVICE_STATUSES)[number];

export const SsoLogin = z.object({ method: z.enum(['GET', 'POST']), url: z.string() });
export type SsoLogin = z.infer<typeof SsoLogin>;

export const SsoService = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The uploaded icon's URL; absent when none. */
  icon: z.string().optional(),
  idp: IdpReference,
  status: z.enum(SSO_SERVICE_STATUSES),
  owner: Ref,
  login: SsoLogin,
  events: z.record(z.string(), EventAt),
});
export type SsoService = z.infer<typeof SsoService>;

const IdWrite = z.object({ id: zRequiredString() });

export const SsoServiceCreate = z.object({
  name: zRequiredString((v) => rules.maxLength(v, 128)).meta({ title: 'Name' }),
  description: zOptionalString((v) => rules.maxLength(v, 512)).meta({ title: 'Description', multiline: true }),
  /** The account's own identity provider. */
  idp: IdWrite,
  status: z.enum(SSO_SERVICE_STATUSES).optional(),
});
export type SsoServiceCreate = z.infer<typeof SsoServiceCreate>;

export const SsoServiceUpdate = z.object({
  name: zRequiredString((v) => rules.maxLength(v, 128))
    .optional()
    .meta({ title: 'Name' }),
  description: zOptionalString((v) => rules.maxLength(v, 512)).meta({ title: 'Description', multiline: true }),
  idp: IdWrite.optional(),
  status: z
    .enum(SSO_SERVICE_STATUSES)
    .optional()
    .meta({ title: 'Status', labels: { active: 'Active', disabled: 'Disabled' } }),
});
export type SsoServiceUpdate = z.infer<typeof SsoServiceUpdate>;

/** /branding/portal `sso`: the sign-in buttons of a portal host. */
export const PortalSsoButton = z.object({ id: z.string(), name: z.string(), icon: z.string().optional() });
export type PortalSsoButton = z.infer<typeof PortalSsoButton>;

export const ssoServiceResource = defineResource({
  name: 'sso-service',
  title: 'SSO service',
  path: '/sso/services',
  module: IDP_MODULE,
  schema: SsoService,
  create: SsoServiceCreate,
  update: SsoServiceUpdate,
  remove: true,
  removal: {
    label: 'Delete',
    confirm: (s: SsoService) => `Delete ${s.name}? Its sign-in button leaves the login page.`,
    done: (s: SsoService) => `${s.name} was deleted.`,
  },
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: SSO_SERVICE_STATUSES },
    'idp.id': { type: 'string', ops: TEXT_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'status', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  machine: defineMachine<SsoService>({
    statuses: statusTones(SSO_SERVICE_STATUSES, { active: 'success', disabled: 'default' }),
    actions: {
      disable: { from: ['active'], to: 'disabled', label: 'Disable', form: false },
      enable: { from: ['disabled'], to: 'active', label: 'Enable', form: false },
    },
  }),
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    description: { label: 'Description', kind: 'multiline', hideEmpty: true },
    status: { label: 'Status', kind: 'status' },
    idp: { label: 'Identity provider', kind: 'ref', route: 'idp' },
    'login.url': { label: 'Sign-in URL', kind: 'url' },
    'events.created.at': { label: 'Created', kind: 'date' },
  },
  list: { columns: ['name', 'idp', 'status', 'events.created.at'], phone: ['name', 'status'], filters: ['status'] },
  detail: { fields: ['id', 'name', 'description', 'status', 'idp', 'login.url'] },
});
