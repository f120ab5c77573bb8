import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  IDP_CREATABLE_TYPES,
  IDP_TYPE_LABELS,
  IdpCreate,
  IdpOpenIdSettings,
  IdpSettings,
  SECRET_MASK,
  idpResource,
  type Idp,
} from '@trellis/domain/identity/idp';
import { SsoServiceCreate } from '@trellis/domain/identity/sso-service';
import * as rules from '@trellis/domain/validation/rules';
import { zOptionalString, zRequiredString } from '@trellis/domain/validation/zod';
import { API_BASE } from '../../../api/client.ts';
import { listAll } from '../../../api/list.ts';
import { pathTo } from '../../../app/routes.ts';

// The forms of the SSO settings, built from the declarations' bodies (same rules and messages as the server). The
// schema form is flat: an identity provider's nested `settings` are asked field by field and put back together here.

export const idpDetail = (id: string) => pathTo('idp', { id });
export const ssoServiceDetail = (id: string) => pathTo('sso-service', { id });

/** Every identity provider of the account (pickers), under the 'list' key so every write refreshes it. */
export function useIdps(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['list', idpResource.path, 'all'],
    queryFn: ({ signal }) => listAll<Idp>(idpResource.path, 'ordering(name)', signal),
  });
}

const S = IdpSettings.shape;
const O = IdpOpenIdSettings.shape;
const optionalUrl = () => zOptionalString(rules.url, (v) => rules.maxLength(v, 512));

/** A SAML 2.0 provider's settings, flat (the sign-in URL and the certificate are required, as the server says). */
export const SamlSettingsForm = z.object({
  entity_id: S.entity_id.meta({ title: 'Identity provider entity ID' }),
  sso_url: zRequiredString(rules.url, (v) => rules.maxLength(v, 512)).meta({
    title: 'Sign-in URL',
    description: 'Where AuthnRequests go (HTTP-Redirect binding)',
  }),
  slo_url: optionalUrl().meta({ title: 'Sign-out URL' }),
  x509cert: zRequiredString((v) => rules.maxLength(v, 8192)).meta({
    title: 'Signing certificate (X.509, PEM)',
    multiline: true,
  }),
  email_attribute: zOptionalString((v) => rules.maxLength(v, 256)).meta({
    title: 'E-mail attribute',
    description: 'Empty: the NameID',
  }),
  name_attribute: zOptionalString((v) => rules.maxLength(v, 256)).meta({ title: 'Name attribute' }),
});

/** An OpenID Connect provider's settings, flat; the secret is write-only (left empty, the stored one stays). */
export const OpenIdSettingsForm = z.object({
  issuer: zRequiredString(rules.url, (v) => rules.maxLength(v, 512)).meta({
    title: 'Issuer',
    description: 'e.g. https://login.example.com (its discovery document)',
  }),
  client_id: zRequiredString((v) => rules.maxLength(v, 256)).meta({ title: 'Client ID' }),
  client_secret: O.client_secret.meta({ title: 'Client secret', description: 'Leave empty to keep the stored one' }),
  scopes: O.scopes.meta({ title: 'Scopes', description: 'Space-separated; empty: openid email profile' }),
});

/** The types an account can create (the built-in password sign-in is not one). */
export type CreatableIdpType = (typeof IDP_CREATABLE_TYPES)[number];
export { IDP_CREATABLE_TYPES };

/** Create: the declared body's name and description, then the type's settings (the server requires them). */
export const idpCreateForm = (type: CreatableIdpType) =>
  z.object({
    name: IdpCreate.shape.name,
    description: IdpCreate.shape.description,
    ...(type === 'openid' ? OpenIdSettingsForm.shape : SamlSettingsForm.shape),
  });

type Values = Record<string, unknown>;

/** The body of POST /idps from the create form. */
export const idpCreateBody = (type: CreatableIdpType, body: Values) => ({
  name: body.name,
  description: body.description ?? '',
  type,
  settings: settingsBody(type, body),
});
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The settings form's values for an identity provider. */
export function settingsValues(idp: Idp): Values {
  const s = idp.settings ?? {};
  if (idp.type === 'openid')
    return {
      issuer: str(s.openid?.issuer),
      client_id: str(s.openid?.client_id),
      client_secret: '',
      scopes: str(s.openid?.scopes),
    };
  return {
    entity_id: str(s.entity_id),
    sso_url: str(s.sso?.url),
    slo_url: str(s.slo?.url),
    x509cert: str(s.x509cert),
    email_attribute: str(s.user?.attributes?.email),
    name_attribute: str(s.user?.attributes?.name),
  };
}

/** The `settings` part of a PUT /idps/{id} body from the settings form (a missing part is kept by the server). */
export function settingsBody(type: Idp['type'], body: Values): IdpSettings {
  const v = (k: string) => (typeof body[k] === 'string' && body[k] ? (body[k] as string) : undefined);
  if (type === 'openid') {
    const secret = v('client_secret');
    return {
      openid: {
        issuer: v('issuer') ?? null,
        client_id: v('client_id') ?? null,
        scopes: v('scopes') ?? null,
        ...(secret && secret !== SECRET_MASK ? { client_secret: secret } : {}),
      },
    };
  }
  return {
    entity_id: v('entity_id') ?? null,
    sso: v('sso_url') ? { url: v('sso_url')! } : null,
    slo: v('slo_url') ? { url: v('slo_url')! } : null,
    x509cert: v('x509cert') ?? null,
    user: { attributes: { email: v('email_attribute') ?? null, name: v('name_attribute') ?? null } },
  };
}

/** Where the provider sends the browser back (to register with it): the SAML ACS or the OpenID redirect URI. */
export function providerUrls(idp: Pick<Idp, 'id' | 'type'>, origin = window.location.origin) {
  const base = `${origin}${API_BASE}/auth/sso/${idp.id}`;
  return idp.type === 'openid'
    ? [{ label: 'Redirect URI', value: `${base}/callback` }]
    : [
        { label: 'Service provider metadata', value: `${base}/sp/metadata` },
        { label: 'Assertion consumer service (ACS) URL', value: `${base}/acs` },
      ];
}

/** The picker of an identity provider: one of the account's, by name. */
function idpPicker(idps: readonly Pick<Idp, 'id' | 'name' | 'type'>[], extra: Record<string, string> = {}) {
  const labels: Record<string, string> = { ...extra };
  for (const i of idps) labels[i.id] = `${i.name || i.id} (${IDP_TYPE_LABELS[i.type] ?? i.type})`;
  const ids = Object.keys(labels);
  return z.enum(ids.length ? (ids as [string, ...string[]]) : ['']).meta({ title: 'Identity provider', labels });
}

/** Create or edit an SSO service: the declared body with the account's identity providers to pick from. */
export function ssoServiceForm(idps: readonly Pick<Idp, 'id' | 'name' | 'type'>[]) {
  return z.object({
    name: SsoServiceCreate.shape.name,
    description: SsoServiceCreate.shape.description,
    idp: idpPicker(idps),
  });
}

/** The body of POST / PUT /sso/services from the form. */
export const ssoServiceBody = (body: Values) => ({
  name: body.name,
  description: body.description ?? '',
  idp: { id: body.idp },
});

/** "No identity provider" in the domain's picker. */
export const PASSWORD_ONLY = 'password';

/** A domain's sign-in: an identity provider of the account or none, and whether password sign-in is refused. */
export function domainAuthForm(idps: readonly Pick<Idp, 'id' | 'name' | 'type'>[]) {
  return z.object({
    idp: idpPicker(idps, { [PASSWORD_ONLY]: 'None: users sign in with a password' }),
    enforce: z.boolean().optional().meta({
      title: 'Enforce single sign-on',
      description: 'Users of the domain cannot sign in with a password',
    }),
  });
}

/** The `auth` of PUT /domains/{id} from the form: null unlinks. */
export const domainAuthBody = (body: Values) =>
  body.idp && body.idp !== PASSWORD_ONLY ? { idp: { id: String(body.idp) }, enforce: body.enforce === true } : null;

/** "The domain's identity provider" in a domain user's picker. */
export const DOMAIN_IDP = 'domain';

/** A domain user's own identity provider, or the domain's. */
export const userIdpForm = (idps: readonly Pick<Idp, 'id' | 'name' | 'type'>[]) =>
  z.object({ idp: idpPicker(idps, { [DOMAIN_IDP]: 'The domain’s identity provider' }) });

/** The body of PUT /domains/{id}/users/{pk}: null leaves the user to the domain's provider. */
export const userIdpBody = (body: Values) => ({
  idp: body.idp && body.idp !== DOMAIN_IDP ? { id: String(body.idp) } : null,
});
