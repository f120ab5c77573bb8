import { expect } from 'vitest';
import { readOutbox } from '../src/mail/outbox.ts';
import type { Session, TestApp } from './helpers.ts';

export const API = '/public/v1';
export const PASSWORD = 'Managed-pass-42';

/** The code of the newest account invitation mailed to `email`. */
export async function invitationCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await readOutbox(t.db, { to: email, limit: 1 });
  const m = /\/signup\?code=([^\s&]+)/.exec(mail?.body_text ?? '');
  if (!m) throw new Error(`no account invitation mailed to ${email}`);
  return decodeURIComponent(m[1]);
}

/** `parent` invites `email` to open an account; returns the invitation and its code. */
export async function inviteAccount(
  t: TestApp,
  parent: Session,
  email: string,
  body: Record<string, unknown> = { type: 'provider', role: 'reseller' },
) {
  const accountId = parent.body.account.id;
  const res = await t.call(parent, {
    method: 'POST',
    url: `${API}/accounts/${accountId}/invitations`,
    payload: { email, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { invitation: res.json(), code: await invitationCode(t, email) };
}

/** Sign up with a code as a new user; returns the new account. */
export async function signUp(
  t: TestApp,
  code: string,
  name: string,
  user = { name: 'Rita Reseller', password: PASSWORD },
) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/accounts?code=${encodeURIComponent(code)}`,
    payload: { name, user },
  });
}

/** A managed account with one admin user, opened through `parent`'s invitation; logs the user in. */
export async function managedAccount(t: TestApp, parent: Session, email: string, name: string) {
  const { code } = await inviteAccount(t, parent, email);
  const res = await signUp(t, code, name);
  expect(res.statusCode, res.body).toBe(201);
  const session = await t.login(email, PASSWORD);
  return { account: res.json(), session };
}
