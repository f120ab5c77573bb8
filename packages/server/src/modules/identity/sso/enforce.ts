import { sql, type Kysely } from 'kysely';
import { PASSWORD_IDP, type Idp, type IdpReference, type SsoLogin } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { ApiError } from '../../../http/errors.ts';
import { API_BASE } from '../../../openapi/openapi.ts';

/** How an e-mail signs in, by the verified domain it is at: its IdP and whether the domain enforces it. */
export interface SsoRule {
  idp: IdpReference;
  enforce: boolean;
  domain: string;
}

/** The verified domain an e-mail is at (a verified name belongs to one account), with its IdP link, if any. */
export async function domainOfEmail(db: Kysely<DB>, email: string) {
  const name = email.split('@')[1]?.trim().toLowerCase();
  if (!name) return undefined;
  return db
    .selectFrom('domains')
    .select(['id', 'account_id', 'domain', 'data'])
    .where('domain', '=', name)
    .where('status', '=', 'verified')
    .executeTakeFirst();
}

/**
 * The rule of the verified domain an e-mail is at: the user's own IdP (PUT /domains/{id}/users/{pk}) when the
 * account owning the domain set one, else the domain's link; `enforce` is the domain's. Null without either.
 */
export async function ssoRuleOf(db: Kysely<DB>, email: string): Promise<SsoRule | null> {
  const row = await domainOfEmail(db, email);
  if (!row) return null;
  const link = row.data?.auth as { idp: { id: string }; enforce: boolean } | undefined;
  const own = await db
    .selectFrom('account_users as au')
    .innerJoin('users as u', 'u.id', 'au.user_id')
    .select(sql<string | null>`au.data->'sso_idp'->>'id'`.as('idp_id'))
    .where('au.account_id', '=', row.account_id)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  const idpId = own?.idp_id ?? link?.idp.id;
  if (!idpId) return null;
  const idp = await db.selectFrom('idps').select('data').where('id', '=', idpId).executeTakeFirst();
  if (!idp) return null;
  const i = idp.data as Idp;
  return { idp: { id: i.id, name: i.name, type: i.type }, enforce: Boolean(link?.enforce), domain: row.domain };
}

/** Why a password cannot be used for this e-mail (its domain enforces single sign-on). */
export const enforcedMessage = (rule: SsoRule) =>
  `Users of ${rule.domain} sign in with single sign-on (${rule.idp.name}), not with a password.`;

/** 403 when the e-mail's domain enforces single sign-on: no password sign-in, restore or set. */
export async function refuseIfSsoEnforced(db: Kysely<DB>, email: string): Promise<void> {
  const rule = await ssoRuleOf(db, email);
  if (rule?.enforce) throw ApiError.forbidden(enforcedMessage(rule));
}

/**
 * /auth/user/check's answer for an e-mail: the IdP (the domain's, else the password), and, when an IdP is linked,
 * spec §4's mode (`saml` when the domain enforces it, `sso` when a password is still allowed) and where to start.
 */
export async function userCheckAnswer(
  db: Kysely<DB>,
  email: string,
  hasPassword: boolean,
  origin: string,
): Promise<{ idp: IdpReference; has_password: boolean; mode?: 'saml' | 'sso'; login?: SsoLogin }> {
  const rule = await ssoRuleOf(db, email);
  if (!rule) return { idp: { ...PASSWORD_IDP }, has_password: hasPassword };
  const url = `${origin}${API_BASE}/auth/sso/${encodeURIComponent(rule.idp.id)}/start?email=${encodeURIComponent(email)}`;
  return {
    idp: rule.idp,
    has_password: hasPassword,
    mode: rule.enforce ? 'saml' : 'sso',
    login: { method: 'GET', url },
  };
}
