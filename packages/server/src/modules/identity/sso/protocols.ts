import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import * as oidc from 'openid-client';
import { sql, type Kysely } from 'kysely';
import type { Idp } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { API_BASE } from '../../../openapi/openapi.ts';
import type { SecretBox } from '../mfa/secret-box.ts';
import { certificatePem } from './idps.ts';
import type { SpKey } from './sp-key.ts';

// The two protocols: SAML 2.0 (a signed AuthnRequest by HTTP-Redirect, the assertion back by HTTP-POST to the ACS)
// and OpenID Connect (authorization code with PKCE, state and nonce). Each start stores a flow (sso_flows): the
// request id or state, the verifier, where the portal runs; it is spent by the answer that names it (single use) and
// lives 10 minutes.

export const FLOW_TTL_MS = 10 * 60 * 1000;
/** Clock difference tolerated between the IdP and this server when checking an assertion's validity window. */
const CLOCK_SKEW_MS = 2 * 60 * 1000;

/** What a flow keeps between its start and the IdP's answer. */
export interface FlowData {
  /** The portal's origin (https://host): where the pop-up is sent back to. */
  origin: string;
  service: string | null;
  /** OpenID Connect: the PKCE verifier, the nonce and the redirect URI used. */
  verifier?: string;
  nonce?: string;
  redirectUri?: string;
  /** SHA-256 (hex) of the secret in the `trellis_sso` cookie of the browser that started the flow. */
  browser?: string;
}

/** Who the IdP says signed in. */
export interface Identity {
  email: string;
  name: string;
  externalId: string;
  /** Group attribute values (SAML `group.attributes.external_id`), for automatic group membership. */
  groups: string[];
}

/** A refusal the user reads (the pop-up shows it on the login form). */
export class SsoError extends Error {}

export const ssoBase = (origin: string, idpId: string) => `${origin}${API_BASE}/auth/sso/${encodeURIComponent(idpId)}`;
export const spEntityId = (origin: string, idpId: string) => `${ssoBase(origin, idpId)}/sp/metadata`;
export const acsUrl = (origin: string, idpId: string) => `${ssoBase(origin, idpId)}/acs`;
export const callbackUrl = (origin: string, idpId: string) => `${ssoBase(origin, idpId)}/callback`;

async function saveFlow(db: Kysely<DB>, id: string, idp: Idp, data: FlowData) {
  // flows nobody finished are cleared as new ones start
  await db.deleteFrom('sso_flows').where('expires_at', '<', new Date().toISOString()).execute();
  await db
    .insertInto('sso_flows')
    .values({
      id,
      idp_id: idp.id,
      service_id: data.service,
      expires_at: new Date(Date.now() + FLOW_TTL_MS).toISOString(),
      data: JSON.stringify(data),
    })
    .execute();
}

/** Spend a flow: its data once, if it exists for this IdP and has not expired; null otherwise. */
export async function spendFlow(db: Kysely<DB>, id: string, idpId: string): Promise<FlowData | null> {
  const { rows } = await sql<{ data: FlowData }>`delete from sso_flows
    where id = ${id} and idp_id = ${idpId} and expires_at > now() returning data`.execute(db);
  return rows[0]?.data ?? null;
}

// ---------------------------------------------------------------- SAML

function samlFor(idp: Idp, origin: string, key: SpKey, cache?: CacheProvider): SAML {
  const cert = certificatePem(idp.settings.x509cert ?? '');
  if (!idp.settings.sso?.url || !cert)
    throw new SsoError(`${idp.name} is not fully set up (sign-in URL, certificate).`);
  return new SAML({
    entryPoint: idp.settings.sso.url,
    issuer: spEntityId(origin, idp.id),
    callbackUrl: acsUrl(origin, idp.id),
    audience: spEntityId(origin, idp.id),
    idpCert: cert,
    ...(idp.settings.entity_id ? { idpIssuer: idp.settings.entity_id } : {}),
    privateKey: key.privateKey,
    publicCert: key.cert,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: FLOW_TTL_MS,
    disableRequestedAuthnContext: true,
    ...(cache ? { cacheProvider: cache } : {}),
  });
}

/** SP metadata (entityID = the metadata URL, ACS = the acs URL, the signing certificate). */
export function samlMetadata(idp: Idp, origin: string, key: SpKey): string {
  const saml = new SAML({
    issuer: spEntityId(origin, idp.id),
    callbackUrl: acsUrl(origin, idp.id),
    idpCert: key.cert,
    privateKey: key.privateKey,
    publicCert: key.cert,
    signatureAlgorithm: 'sha256',
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    wantAssertionsSigned: true,
  });
  return saml.generateServiceProviderMetadata(null, key.cert);
}

/** Start: the IdP's URL carrying a signed AuthnRequest (HTTP-Redirect); its ID is the flow (and the RelayState). */
export async function startSaml(db: Kysely<DB>, idp: Idp, key: SpKey, data: FlowData): Promise<string> {
  let requestId = '';
  const capture: CacheProvider = {
    saveAsync: async (k, value) => {
      requestId = k;
      return { value, createdAt: Date.now() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const saml = samlFor(idp, data.origin, key, capture);
  const relay = randomBytes(16).toString('base64url');
  const url = await saml.getAuthorizeUrlAsync(relay, undefined, {});
  if (!requestId) throw new SsoError('The sign-in request could not be made.');
  await saveFlow(db, requestId, idp, data);
  return url;
}

/**
 * The assertion at the ACS: signature (IdP certificate), audience (our entity id), validity window, and InResponseTo
 * naming a flow of this IdP not yet spent (the flow is spent by this check, whatever follows).
 */
export async function finishSaml(
  db: Kysely<DB>,
  idp: Idp,
  key: SpKey,
  origin: string,
  samlResponse: string,
): Promise<{ identity: Identity; flow: FlowData }> {
  let flow: FlowData | null = null;
  let spent: string | null = null;
  const spend: CacheProvider = {
    saveAsync: async () => null,
    // node-saml asks for the Response's InResponseTo, then again for the subject confirmation's
    getAsync: async (k) => {
      // (node-saml reads the answer as the request's creation time; the flow's own expiry was checked on spending)
      if (spent !== null) return spent === k && flow ? new Date().toISOString() : null;
      spent = k;
      flow = await spendFlow(db, k, idp.id);
      return flow ? new Date().toISOString() : null;
    },
    removeAsync: async () => null,
  };
  // the answer's audience is checked against the entity id of the host the flow started on
  const peek = inResponseToOf(samlResponse);
  const started = peek
    ? await db.selectFrom('sso_flows').select('data').where('id', '=', peek).executeTakeFirst()
    : undefined;
  const saml = samlFor(idp, (started?.data as FlowData | undefined)?.origin ?? origin, key, spend);
  let profile;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (e) {
    throw new SsoError(samlMessage(e as Error));
  }
  if (!profile || !flow) throw new SsoError('The sign-in answer did not name a sign-in request.');
  const attrs = idp.settings.user?.attributes ?? {};
  const attr = (name: string | null | undefined) => {
    if (!name) return undefined;
    const v = (profile as Record<string, unknown>)[name];
    return Array.isArray(v) ? String(v[0] ?? '') : v == null ? undefined : String(v);
  };
  const email = attr(attrs.email) ?? profile.email ?? profile.mail ?? profile.nameID;
  if (!email || !email.includes('@')) throw new SsoError(`${idp.name} did not send an e-mail address.`);
  const groupAttr = idp.settings.group?.attributes?.external_id;
  const groupValue = groupAttr ? (profile as Record<string, unknown>)[groupAttr] : undefined;
  return {
    flow,
    identity: {
      email: email.trim().toLowerCase(),
      name: attr(attrs.name) ?? attr('displayName') ?? email,
      externalId: attr(attrs.external_id) ?? profile.nameID ?? email,
      groups: Array.isArray(groupValue) ? groupValue.map(String) : groupValue ? [String(groupValue)] : [],
    },
  };
}

function inResponseToOf(samlResponse: string): string | null {
  try {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    return /<(?:\w+:)?Response\b[^>]*\sInResponseTo="([^"]+)"/.exec(xml)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** node-saml's reasons, as the user reads them. */
function samlMessage(e: Error): string {
  const m = e.message;
  if (/InResponseTo/i.test(m))
    return 'The sign-in answer does not match a sign-in request in progress (expired or already used). Start again.';
  if (/signature/i.test(m))
    return 'The sign-in answer is not signed by the identity provider: its signature is not valid.';
  if (/audience/i.test(m)) return 'The sign-in answer is meant for another service (audience).';
  if (/expired|NotOnOrAfter|NotBefore|not yet valid|subject confirmation/i.test(m))
    return 'The sign-in answer has expired (or is not valid yet). Start again.';
  return `The sign-in answer was refused: ${m}`;
}

// ---------------------------------------------------------------- OpenID Connect

const loopback = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);

async function oidcConfig(db: Kysely<DB>, box: SecretBox, idp: Idp): Promise<oidc.Configuration> {
  const s = idp.settings.openid;
  if (!s?.issuer || !s.client_id) throw new SsoError(`${idp.name} is not fully set up (issuer, client ID).`);
  const secret = s.client_secret ? await box.open(db, s.client_secret, idp.id) : undefined;
  const issuer = new URL(s.issuer);
  // plain http only for a provider on this machine (development, tests)
  const insecure = issuer.protocol === 'http:' && loopback(issuer);
  try {
    return await oidc.discovery(
      issuer,
      s.client_id,
      secret,
      secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
      insecure ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    );
  } catch (e) {
    throw new SsoError(`${idp.name} could not be reached: ${(e as Error).message}`);
  }
}

/** Start: the provider's authorization URL (code flow, PKCE S256, state = the flow, nonce). */
export async function startOidc(
  db: Kysely<DB>,
  box: SecretBox,
  idp: Idp,
  data: FlowData,
  loginHint?: string,
): Promise<string> {
  const config = await oidcConfig(db, box, idp);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const redirectUri = callbackUrl(data.origin, idp.id);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: idp.settings.openid?.scopes || 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  await saveFlow(db, state, idp, { ...data, verifier, nonce, redirectUri });
  return url.href;
}

/** The callback: the state names a flow not yet spent; the code is exchanged with the verifier; the ID token checked. */
export async function finishOidc(
  db: Kysely<DB>,
  box: SecretBox,
  idp: Idp,
  query: Record<string, string | undefined>,
  rawQuery: string,
  /** Throws when the flow was started in another browser (checked before the code is redeemed). */
  checkBrowser: (flow: FlowData) => void,
): Promise<{ identity: Identity; flow: FlowData }> {
  const flow = query.state ? await spendFlow(db, query.state, idp.id) : null;
  if (!flow || !flow.verifier || !flow.redirectUri)
    throw new SsoError(
      'The sign-in answer does not match a sign-in request in progress (expired or already used). Start again.',
    );
  try {
    checkBrowser(flow);
  } catch (e) {
    throw Object.assign(e as Error, { flow });
  }
  if (query.error)
    throw Object.assign(new SsoError(`${idp.name} refused the sign-in: ${query.error_description || query.error}`), {
      flow,
    });
  const config = await oidcConfig(db, box, idp);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, new URL(`${flow.redirectUri}?${rawQuery}`), {
      pkceCodeVerifier: flow.verifier,
      expectedState: query.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) };
    if (!claims.email && tokens.access_token) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims, email: info.email };
    }
  } catch (e) {
    throw Object.assign(new SsoError(`The sign-in answer of ${idp.name} was refused: ${(e as Error).message}`), {
      flow,
    });
  }
  const attrs = idp.settings.user?.attributes ?? {};
  const email = String(claims[attrs.email || 'email'] ?? '');
  if (!email.includes('@')) throw Object.assign(new SsoError(`${idp.name} did not send an e-mail address.`), { flow });
  if (claims.email_verified === false)
    throw Object.assign(new SsoError(`${idp.name} says the e-mail address ${email} is not verified.`), { flow });
  return {
    flow,
    identity: {
      email: email.trim().toLowerCase(),
      name: String(claims[attrs.name || 'name'] ?? email),
      externalId: String(claims[attrs.external_id || 'sub'] ?? email),
      groups: [],
    },
  };
}
