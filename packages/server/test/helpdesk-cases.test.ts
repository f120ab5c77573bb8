import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionMessage } from '@trellis/domain';
import { closeDueCases } from '../src/modules/helpdesk/auto-close.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { API, partner, publishedProduct } from './distribution-helpers.ts';
import type { Session, TestApp } from './helpers.ts';
import { openTenants } from './tenants.ts';

// Helpdesk cases (issue 17): raised by an account to an active partner; the reference's machine and who may run
// each action; what each party may change; the case's conversation; the `cases` counter; auto-close after the
// receiver's timeout, with a controlled clock; everyone else gets a 404.

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;

const call = (who: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.call(who, { method, url: `${API}${url}`, ...(payload ? { payload } : {}) });
async function expectStatus(who: Session, method: 'GET' | 'POST' | 'PUT', url: string, status: number, body?: object) {
  const res = await call(who, method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}
const act = (who: Session, id: string, action: string, status = 200, body: object = {}) =>
  expectStatus(who, 'POST', `/helpdesk/cases/${id}/${action}`, status, body);
const raise = (body: object = {}) =>
  expectStatus(provider, 'POST', '/helpdesk/cases', 201, {
    subject: 'Licences not delivered',
    description: 'The **activation code** never arrived.',
    type: 'technical',
    receiver: { account: { id: t.demo.vendor.id } },
    ...body,
  });
const waiting = async (who: Session, account: string) =>
  (await expectStatus(who, 'GET', `/accounts/${account}/statistics`, 200)).cases.count;
const userOf = async (account: string) =>
  (
    await t.db
      .selectFrom('account_users')
      .select('user_id')
      .where('account_id', '=', account)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow()
  ).user_id;

beforeAll(async () => {
  ({ t, vendor, provider, other } = await openTenants());
  await partner(t, vendor, provider);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('helpdesk cases', () => {
  it("run the reference's machine between issuer and receiver, with the conversation and the counters", async () => {
    const before = await waiting(vendor, t.demo.vendor.id);
    const c = await raise({ priority: 2 });
    expect(c).toMatchObject({
      state: 'pending',
      priority: 2,
      type: 'technical',
      issuer: { account: { id: t.demo.provider.id }, recipients: [] },
      receiver: { account: { id: t.demo.vendor.id, name: expect.any(String) }, recipients: [] },
      events: { created: { at: expect.any(String) } },
    });
    expect(c.id).toMatch(/^CA-\d{3}-\d{3}-\d{3}$/);
    // its thread: a conversation about the case that both parties read
    const [thread] = await expectStatus(vendor, 'GET', `/conversations?instance_id=${c.id}`, 200);
    expect(thread).toMatchObject({ instance_id: c.id, status: 'open', topic: 'Case: Licences not delivered' });
    await expectStatus(vendor, 'POST', `/conversations/${thread.id}/messages`, 201, { text: 'Which order?' });
    expect(await waiting(vendor, t.demo.vendor.id)).toBe(before + 1);

    // an account that is no party: 404 to reading and to every action, before any body is read
    await expectStatus(other, 'GET', `/helpdesk/cases/${c.id}`, 404);
    await act(other, c.id, 'inquire', 404);
    await act(other, c.id, 'close', 404, { rating: 'not a number' });
    expect((await expectStatus(other, 'GET', '/helpdesk/cases', 200)).map((x: any) => x.id)).not.toContain(c.id);

    // only the receiver asks for information; the issuer answers (back to pending)
    expect((await act(provider, c.id, 'inquire', 403)).errors[0]).toMatch(/Only Demo Vendor, who received the case/);
    expect(await act(vendor, c.id, 'inquire')).toMatchObject({ state: 'inquiring', events: { inquiring: {} } });
    expect(await waiting(provider, t.demo.provider.id)).toBe(1);
    expect(await waiting(vendor, t.demo.vendor.id)).toBe(before);
    expect((await act(vendor, c.id, 'resolve', 400)).errors).toEqual([transitionMessage('resolve', 'inquiring')]);
    expect((await act(provider, c.id, 'pend')).state).toBe('pending');

    // either party resolves; only the issuer closes, with a rating; closed is final
    expect((await act(vendor, c.id, 'resolve')).state).toBe('resolved');
    await act(vendor, c.id, 'close', 403);
    expect((await act(provider, c.id, 'close', 400, { rating: 9 })).errors).toEqual(['rating: Rate from 1 to 5.']);
    const closed = await act(provider, c.id, 'close', 200, { rating: 5, feedback: 'Quick.' });
    expect(closed).toMatchObject({ state: 'closed', rating: 5, feedback: 'Quick.', events: { closed: {} } });
    expect((await act(provider, c.id, 'pend', 400)).errors).toEqual([transitionMessage('pend', 'closed')]);
    // its conversation closes with it: both read it, nobody writes
    expect((await expectStatus(vendor, 'GET', `/conversations/${thread.id}`, 200)).status).toBe('closed');
    await expectStatus(vendor, 'POST', `/conversations/${thread.id}/messages`, 400, { text: 'Too late?' });
    const edit = await call(provider, 'PUT', `/helpdesk/cases/${c.id}`, { priority: 0 });
    expect(edit.statusCode).toBe(400);
    expect(await waiting(provider, t.demo.provider.id)).toBe(0);

    // the lists each party reads: by state, by who the case waits for
    const mine = await expectStatus(
      vendor,
      'GET',
      `/helpdesk/cases?state=closed&issuer.account.id=${t.demo.provider.id}`,
      200,
    );
    expect(mine.map((x: any) => x.id)).toContain(c.id);
    const open = await raise({ subject: 'Second' });
    const forUs = await expectStatus(vendor, 'GET', `/helpdesk/cases?waiting_for=${t.demo.vendor.id}`, 200);
    expect(forUs.map((x: any) => x.id)).toContain(open.id);
    expect(forUs.map((x: any) => x.id)).not.toContain(c.id);
  });

  it('are refused with a 400 naming the field: a non-partner, the other side’s people, a foreign product, deep quotes', async () => {
    const errors = async (body: object) => {
      const res = await call(provider, 'POST', '/helpdesk/cases', {
        subject: 'S',
        description: 'D',
        type: 'business',
        receiver: { account: { id: t.demo.vendor.id } },
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect(await errors({ receiver: { account: { id: t.demo.other.id } } })).toEqual([
      `receiver.account.id: ${t.demo.other.id} is not an active partner of your account.`,
    ]);
    const vendorUser = await userOf(t.demo.vendor.id);
    expect(await errors({ receiver: { account: { id: t.demo.vendor.id }, agent: { id: vendorUser } } })).toEqual([
      'receiver.agent: The receiving account names its own agent and recipients.',
    ]);
    expect(await errors({ issuer: { agent: { id: vendorUser } } })).toEqual([
      `issuer.agent.id: ${vendorUser} is not an active user of the issuer's account.`,
    ]);
    const foreign = await publishedProduct(t, other, 'Foreign Product');
    expect(await errors({ product: { id: foreign.id } })).toEqual([
      `product.id: No product ${foreign.id} of either party of the case.`,
    ]);
    expect(await errors({ description: '> > > > four deep' })).toEqual([
      'description: Blockquotes nest at most 3 levels deep.',
    ]);
    expect(await errors({ type: 'urgent', priority: 7 })).toEqual([
      'type: Choose one of technical, business.',
      'priority: Must be one of 0 (low), 1 (medium), 2 (high), 3 (urgent).',
    ]);
    // about a product of the vendor: named on the case
    const own = await publishedProduct(t, vendor, 'Helpdesk Product');
    expect((await raise({ product: { id: own.id } })).product).toMatchObject({ id: own.id, name: 'Helpdesk Product' });
  });

  it('are raised by a user with no module but the helpdesk, who reads the partners to choose from and no more', async () => {
    const password = 'Helpdesk-only-7';
    const user = await createUser(t.db, { email: 'desk@demo.trellis', name: 'Dee Desk', password });
    await addMember(t.db, t.demo.provider.id, user.id, { groups: [] });
    const desk = await t.login('desk@demo.trellis', password);
    const partners = await expectStatus(desk, 'GET', '/partners?eq(status,active)', 200);
    expect(partners.map((p: any) => p.id)).toContain(t.demo.vendor.id);
    await expectStatus(desk, 'GET', `/partners/${t.demo.vendor.id}/products`, 200);
    // reading only: no partner is added, and other modules stay closed
    await expectStatus(desk, 'POST', '/partners', 403, { id: t.demo.other.id });
    await expectStatus(desk, 'GET', '/requests', 403);
    const c = await expectStatus(desk, 'POST', '/helpdesk/cases', 201, {
      subject: 'Who handles renewals?',
      description: 'Asked by the front desk.',
      type: 'business',
      receiver: { account: { id: t.demo.vendor.id } },
    });
    expect(c.issuer.account.id).toBe(t.demo.provider.id);
  });

  it('are changed by each party within its part: the issuer the text, each side its own agent', async () => {
    const c = await raise({ issuer: { agent: { id: await userOf(t.demo.provider.id) } } });
    expect(c.issuer.agent).toMatchObject({ id: await userOf(t.demo.provider.id), name: expect.any(String) });
    const vendorUser = await userOf(t.demo.vendor.id);
    const taken = await expectStatus(vendor, 'PUT', `/helpdesk/cases/${c.id}`, 200, {
      priority: 3,
      receiver: { agent: { id: vendorUser } },
    });
    expect(taken).toMatchObject({ priority: 3, receiver: { agent: { id: vendorUser } } });
    expect(
      (await expectStatus(vendor, 'GET', `/helpdesk/cases?receiver.agent.id=${vendorUser}`, 200)).map((x: any) => x.id),
    ).toContain(c.id);
    expect(
      (await expectStatus(vendor, 'PUT', `/helpdesk/cases/${c.id}`, 400, { subject: 'Mine now' })).errors[0],
    ).toMatch(/^subject: Only Demo Provider, who raised the case/);
    expect(
      (await expectStatus(vendor, 'PUT', `/helpdesk/cases/${c.id}`, 400, { issuer: { agent: null } })).errors[0],
    ).toMatch(/^issuer.agent: Demo Provider names its own agent/);
    expect(
      (await expectStatus(provider, 'PUT', `/helpdesk/cases/${c.id}`, 200, { subject: 'Licences still missing' }))
        .subject,
    ).toBe('Licences still missing');
  });

  it("close themselves once resolved for the receiver's auto-close timeout, unless reopened", async () => {
    await expectStatus(vendor, 'PUT', `/modules/helpdesk/accounts/${t.demo.vendor.id}/settings`, 200, { ttl: 2 });
    const a = await raise({ subject: 'Closes itself' });
    const b = await raise({ subject: 'Reopened' });
    for (const c of [a, b]) await act(vendor, c.id, 'resolve');
    await act(provider, b.id, 'pend');
    const jobs = await t.db.selectFrom('jobs').select(['run_at']).where('kind', '=', 'helpdesk.auto-close').execute();
    const inTwoDays = Date.now() + 2 * 86_400_000;
    expect(jobs.some((j) => Math.abs(new Date(j.run_at).getTime() - inTwoDays) < 60_000)).toBe(true);

    const day = (n: number) => new Date(Date.now() + n * 86_400_000);
    expect(await closeDueCases(t.db, day(1))).toEqual([]);
    expect(await closeDueCases(t.db, day(2.01))).toEqual([a.id]);
    const closed = await expectStatus(provider, 'GET', `/helpdesk/cases/${a.id}`, 200);
    expect(closed).toMatchObject({ state: 'closed', events: { closed: { by: { name: 'System' } } } });
    expect((await expectStatus(provider, 'GET', `/helpdesk/cases/${b.id}`, 200)).state).toBe('pending');
    expect(await closeDueCases(t.db, day(3))).toEqual([]);
  });
});
