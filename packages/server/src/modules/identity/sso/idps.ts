import { X509Certificate } from 'node:crypto';
import { sql } from 'kysely';
import { idpResource, SECRET_MASK, type Idp, type IdpCreate, type IdpSettings, type IdpUpdate } from '@trellis/domain';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import type { Db, Served } from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import type { SecretBox } from '../mfa/secret-box.ts';
import { idpTable } from './tables.ts';

/** An IdP as answered: the OpenID client secret (stored sealed) reads as a mask. */
export function maskedIdp(idp: Idp): Idp {
  const secret = idp.settings?.openid?.client_secret;
  if (!secret) return idp;
  return { ...idp, settings: { ...idp.settings, openid: { ...idp.settings.openid, client_secret: SECRET_MASK } } };
}

/** A PEM certificate, or its base64 body alone (as IdP metadata gives it), as PEM; null when it does not parse. */
export function certificatePem(value: string): string | null {
  const body = value
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  if (!body) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}

/** What an IdP of each type needs before anyone can sign in with it (400 naming the field). */
function checkSettings(type: string, s: IdpSettings) {
  if (type === 'saml') {
    if (!s.sso?.url)
      throw ApiError.badRequest('settings.sso.url: The sign-in URL of the SAML identity provider is required.');
    if (!s.x509cert)
      throw ApiError.badRequest("settings.x509cert: The identity provider's signing certificate is required.");
    if (!certificatePem(s.x509cert))
      throw ApiError.badRequest('settings.x509cert: Must be an X.509 certificate (PEM or base64).');
  }
  if (type === 'openid') {
    if (!s.openid?.issuer) throw ApiError.badRequest('settings.openid.issuer: The issuer URL is required.');
    if (!s.openid?.client_id) throw ApiError.badRequest('settings.openid.client_id: The client ID is required.');
  }
}

/** Drop null and empty parts (the wire allows null for "none"). */
function clean<T extends Record<string, any>>(obj: T): T {
  const out: Record<string, any> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === null || v === undefined || v === '') continue;
    out[k] = v && typeof v === 'object' && !Array.isArray(v) ? clean(v) : v;
  }
  return out as T;
}

/**
 * The stored settings after a write: the parts sent replace the stored ones, the OpenID client secret is sealed
 * (SSO_ENCRYPTION_KEY, bound to the IdP id); the mask sent back, or no secret at all, keeps the stored one.
 */
async function nextSettings(
  db: Db,
  box: SecretBox,
  id: string,
  current: IdpSettings,
  input: IdpSettings | null | undefined,
): Promise<IdpSettings> {
  if (!input) return current;
  const next: IdpSettings = clean({ ...current, ...input });
  if (input.openid !== undefined) {
    const sent = input.openid?.client_secret;
    const kept = current.openid?.client_secret;
    const secret = sent === undefined || sent === SECRET_MASK ? kept : sent ? await box.seal(db, sent, id) : undefined;
    next.openid = clean({ ...(input.openid ?? {}), client_secret: secret });
    if (!Object.keys(next.openid).length) delete next.openid;
  }
  return next;
}

/** The account's own IdP by id (for links from domains and SSO services), or a 400 naming the field. */
export async function ownIdp(db: Db, ctx: Ctx, id: string, field: string): Promise<Idp> {
  const row = await db
    .selectFrom('idps')
    .select('data')
    .where('id', '=', id)
    .where('account_id', '=', ctx.account.id)
    .executeTakeFirst();
  if (!row) throw ApiError.badRequest(`${field}: Identity provider ${id} not found.`);
  return row.data as Idp;
}

/** /idps: the account's identity providers (module MD-0001). */
export function idps(box: SecretBox): Served<Idp> {
  return {
    decl: idpResource,
    table: idpTable,
    scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,
    owner: (i) => i.owner.id,
    present: (i) => maskedIdp(i),
    presentMany: async (list) => list.map(maskedIdp),

    async create(ctx, input: IdpCreate, _params, db) {
      if (input.type === 'system')
        throw ApiError.badRequest(
          'type: The built-in password sign-in (system) cannot be created; choose saml or openid.',
        );
      const id = newId('IDP', 2, 4);
      const settings = await nextSettings(db, box, id, {}, input.settings);
      checkSettings(input.type, settings);
      return {
        id,
        name: input.name || (input.type === 'saml' ? 'SAML identity provider' : 'OpenID Connect provider'),
        description: input.description ?? '',
        external_id: input.external_id ?? '',
        type: input.type,
        settings,
        owner: { id: ctx.account.id, name: ctx.account.name },
        events: {},
      };
    },

    async update(_ctx, current, input: IdpUpdate, _params, db) {
      const next = { ...current };
      if (input.name !== undefined) next.name = input.name || current.name;
      if (input.description !== undefined) next.description = input.description ?? '';
      if (input.external_id !== undefined) next.external_id = input.external_id ?? '';
      next.settings = await nextSettings(db, box, current.id, current.settings, input.settings);
      checkSettings(current.type, next.settings);
      return next;
    },

    async remove(_ctx, current, _params, db) {
      const used = await db
        .selectFrom('domains')
        .select(['id', 'domain'])
        .where('account_id', '=', current.owner.id)
        .where('status', '<>', 'deleted')
        .where(sql<boolean>`data->'auth'->'idp'->>'id' = ${current.id}`)
        .orderBy('domain')
        .execute();
      if (used.length)
        throw ApiError.badRequest(
          `${current.name} is the identity provider of ${used.map((d) => d.domain).join(', ')}: unlink the domain first.`,
        );
      // its sign-in buttons, flows in progress and users' own links to it go with it
      await sql`update account_users set data = data - 'sso_idp'
        where account_id = ${current.owner.id} and data->'sso_idp'->>'id' = ${current.id}`.execute(db);
      await db.deleteFrom('sso_services').where('idp_id', '=', current.id).execute();
      await db.deleteFrom('sso_flows').where('idp_id', '=', current.id).execute();
    },
  };
}
