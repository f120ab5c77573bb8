import { expect } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import { addMember, createAccount, createUser } from '../src/modules/identity/accounts/service.ts';
import type { Session, TestApp } from './helpers.ts';

export const API = '/public/v1';

/** Call and expect a status; returns the JSON body. */
export async function ok(
  t: TestApp,
  who: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  status = method === 'POST' &&
  !/\/(submit|refine|deploy|complete|cancel|assign|unassign|accept|remove|revoke)$/.test(url)
    ? 201
    : 200,
) {
  const res = await t.call(who, { method, url: `${API}${url}`, payload: payload as any });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.statusCode === 204 ? null : res.json();
}

/** A published product of the session's vendor (one built version). */
export async function publishedProduct(t: TestApp, vendor: Session, name = 'Distributed Product') {
  const p = await ok(t, vendor, 'POST', '/products', { name, short_description: 'For distribution' });
  await ok(t, vendor, 'POST', `/products/${p.id}/versions`, { changes_description: 'First' });
  await runDueJobs(t.db);
  return ok(t, vendor, 'GET', `/products/${p.id}`);
}

/** `inviter` invites the account of `invitee`, which accepts: an active partnership. */
export async function partner(t: TestApp, inviter: Session, invitee: Session) {
  const inviterId = inviter.body.account.id;
  const inviteeId = invitee.body.account.id;
  await ok(t, inviter, 'POST', '/partners', { id: inviteeId });
  return ok(t, invitee, 'POST', `/partners/${inviterId}/accept`);
}

/** One more provider with an admin login (the demo has one provider only). */
export async function extraProvider(t: TestApp, name: string, email: string): Promise<Session> {
  const { account, adminGroup } = await createAccount(t.db, { name, type: 'provider' });
  const user = await createUser(t.db, { email, name, password: 'Trellis-demo-1' });
  await addMember(t.db, account.id, user.id, { groups: [adminGroup.id] });
  return t.login(email);
}

/** Provider: a marketplace in Germany and Austria with a hub. */
export async function marketplaceWithHub(t: TestApp, provider: Session, name = 'Europe') {
  const hub = await ok(t, provider, 'POST', '/hubs', {
    name: `${name} hub`,
    description: 'Connect hub',
    instance_type: 'api',
    instance_id: 'cb-1',
  });
  const mp = await ok(t, provider, 'POST', '/marketplaces', {
    name,
    description: 'Resellers',
    currency: 'EUR',
    zone: 'EU',
    countries: [{ id: 'DE' }, { id: 'at' }],
    hubs: [{ hub: { id: hub.id }, external_id: 'ext-1' }],
  });
  return { hub, mp };
}

/** Vendor drafts a request; then the listed actions run in order, each by the side it belongs to. */
export async function request(
  t: TestApp,
  vendor: Session,
  provider: Session,
  body: Record<string, unknown>,
  actions: string[] = [],
) {
  let r = await ok(t, vendor, 'POST', '/listing-requests', body);
  for (const a of actions)
    r = await ok(t, a === 'submit' ? vendor : provider, 'POST', `/listing-requests/${r.id}/${a}`, {});
  return r;
}
