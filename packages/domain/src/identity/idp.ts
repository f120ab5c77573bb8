import { z } from 'zod';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/index.ts';
import * as rules from '../validation/rules.ts';
import { zOptionalString, zRequiredString } from '../validation/zod.ts';
import { EventAt, Ref } from './common.ts';

// Identity providers (reference auth.IDPAccount, /idps): where an account's users sign in when single sign-on is on.
// A verified domain links to one (Domain `auth`), SSO services are the sign-in buttons that start it. `system` is the
// built-in password sign-in: the reference lists it, it is never stored and cannot be created.

export const IDP_MODULE = 'MD-0001';
export const IDP_TYPES = ['system', 'saml', 'openid'] as const;
/** The types an account can create (SAML 2.0 and OpenID Connect). */
export const IDP_CREATABLE_TYPES = ['saml', 'openid'] as const;
export type IdpType = (typeof IDP_TYPES)[number];
export const IDP_TYPE_LABELS: Record<IdpType, string> = {
  system: 'Password',
  saml: 'SAML 2.0',
  openid: 'OpenID Connect',
};
/** How a write-only secret reads once set. */
export const SECRET_MASK = '********';
/** /auth/user/check's `idp` for a user who signs in with a password. */
export const PASSWORD_IDP = { id: 'password', name: 'Password', type: 'password' } as const;

const max = (n: number) => (v: string) => rules.maxLength(v, n);
const UrlObject = z.object({ url: zRequiredString(rules.url), binding: z.string().optional() });

/** Trellis extension (OpenAPI `x-trellis`): an OpenID Connect provider's relying-party settings. */
export const IdpOpenIdSettings = z
  .object({
    issuer: zOptionalString(rules.url, max(512)),
    client_id: zOptionalString(max(256)),
    /** Write-only: answered as SECRET_MASK when set, kept encrypted (SSO_ENCRYPTION_KEY). */
    client_secret: zOptionalString(max(1024)),
    /** Space-separated; `openid email profile` when empty. */
    scopes: zOptionalString(max(256)),
  })
  .meta({
    description:
      'Trellis extension: the OpenID Connect provider (type openid). client_secret is write-only: answered as "********" when set; sending the mask back keeps it.',
  });
export type IdpOpenIdSettings = z.infer<typeof IdpOpenIdSettings>;

/** auth._IDPSettings (+ `openid`). */
export const IdpSettings = z.object({
  entity_id: zOptionalString(max(256)),
  sso: UrlObject.nullish(),
  slo: UrlObject.nullish(),
  x509cert: zOptionalString(max(8192)),
  user: z
    .object({
      attributes: z
        .object({
          external_id: zOptionalString(max(256)),
          email: zOptionalString(max(256)),
          name: zOptionalString(max(256)),
        })
        .nullish(),
      notice: zOptionalString(max(1024)),
    })
    .nullish(),
  group: z
    .object({
      attributes: z.object({ external_id: zOptionalString(max(256)) }).nullish(),
      auto: z.boolean().nullish(),
      /** Trellis extension: the group of the account a user provisioned at first sign-in joins. */
      default: z
        .object({ id: zRequiredString(), name: z.string().optional() })
        .meta({ description: 'Trellis extension: the group a user provisioned at first single sign-on joins.' })
        .nullish(),
    })
    .nullish(),
  openid: IdpOpenIdSettings.nullish(),
});
export type IdpSettings = z.infer<typeof IdpSettings>;

export const Idp = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  external_id: z.string(),
  type: z.enum(IDP_TYPES),
  settings: IdpSettings,
  owner: Ref,
  events: z.record(z.string(), EventAt),
});
export type Idp = z.infer<typeof Idp>;

/** auth.IDPReference: how domains, users, SSO services and /auth/user/check name an identity provider. */
export const IdpReference = z.object({ id: z.string(), name: z.string(), type: z.string() });
export type IdpReference = z.infer<typeof IdpReference>;

export const IdpCreate = z.object({
  name: zOptionalString(max(128)).meta({ title: 'Name' }),
  type: z.enum(IDP_TYPES).meta({ title: 'Type', labels: IDP_TYPE_LABELS }),
  description: zOptionalString(max(512)).meta({ title: 'Description', multiline: true }),
  external_id: zOptionalString(max(128)).meta({ title: 'External ID' }),
  settings: IdpSettings.nullish(),
});
export type IdpCreate = z.infer<typeof IdpCreate>;

/** auth.IDPUpdate: the type is fixed; `settings` is merged part by part (a missing part is kept). */
export const IdpUpdate = z.object({
  name: zOptionalString(max(128)).meta({ title: 'Name' }),
  description: zOptionalString(max(512)).meta({ title: 'Description', multiline: true }),
  external_id: zOptionalString(max(128)).meta({ title: 'External ID' }),
  settings: IdpSettings.nullish(),
});
export type IdpUpdate = z.infer<typeof IdpUpdate>;

export const idpResource = defineResource({
  name: 'idp',
  title: 'Identity provider',
  path: '/idps',
  module: IDP_MODULE,
  schema: Idp,
  create: IdpCreate,
  update: IdpUpdate,
  remove: true,
  removal: {
    label: 'Delete',
    confirm: (i: Idp) => `Delete ${i.name}? Its SSO services stop working; users sign in with a password again.`,
    done: (i: Idp) => `${i.name} was deleted.`,
  },
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    description: { type: 'string', ops: TEXT_OPS },
    external_id: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: ENUM_OPS, options: IDP_TYPES },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['id', 'name', 'type', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['id', 'name'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    type: { label: 'Type', kind: 'enum', labels: IDP_TYPE_LABELS },
    description: { label: 'Description', kind: 'multiline', hideEmpty: true },
    external_id: { label: 'External ID', kind: 'text', hideEmpty: true },
    'settings.entity_id': { label: 'Entity ID', kind: 'text', hideEmpty: true },
    'settings.sso.url': { label: 'Sign-in URL', kind: 'url', hideEmpty: true },
    'settings.slo.url': { label: 'Sign-out URL', kind: 'url', hideEmpty: true },
    'settings.openid.issuer': { label: 'Issuer', kind: 'url', hideEmpty: true },
    'settings.openid.client_id': { label: 'Client ID', kind: 'text', hideEmpty: true },
    'settings.openid.scopes': { label: 'Scopes', kind: 'text', hideEmpty: true },
    'events.created.at': { label: 'Created', kind: 'date' },
  },
  list: { columns: ['name', 'type', 'events.created.at'], phone: ['name', 'type'], filters: ['type'] },
  detail: {
    fields: [
      'id',
      'name',
      'type',
      'description',
      'external_id',
      'settings.entity_id',
      'settings.sso.url',
      'settings.slo.url',
      'settings.openid.issuer',
      'settings.openid.client_id',
      'settings.openid.scopes',
    ],
  },
});
