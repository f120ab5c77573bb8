import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsServer } from '../src/lib/loopback-dns.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

// Domains proven by a DNS TXT record, against a DNS server run on loopback in this test (DNS_RESOLVER).

let t: TestApp;
let dns: DnsServer;
let vendor: Session;
let other: Session;
beforeAll(async () => {
  dns = await startDnsServer();
  t = await testApp({ dnsResolver: dns.address, dnsTimeoutMs: 400 });
  vendor = await t.login('vendor@demo.trellis');
  other = await t.login('other@demo.trellis');
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const DOMAINS = '/public/v1/domains';

async function add(s: Session, domain: string, extra: object = {}) {
  const res = await t.call(s, { method: 'POST', url: DOMAINS, payload: { domain, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const verify = (s: Session, id: string) => t.call(s, { method: 'POST', url: `${DOMAINS}/${id}/verify` });
/** Publish the domain's record, as its owner would. */
const publish = (d: { verification: { name: string; value: string } }, value = d.verification.value) =>
  dns.zone.txt.set(d.verification.name, [[value]]);

describe('domains', () => {
  it('adds a domain with a token and the record that proves it, pending', async () => {
    const d = await add(vendor, '  Example.COM ', { description: 'Main site' });
    expect(d).toMatchObject({
      domain: 'example.com',
      name: 'example.com',
      description: 'Main site',
      type: 'custom',
      status: 'pending',
      owner: { id: t.demo.vendor.id, name: 'Demo Vendor' },
      events: { created: { by: { name: 'Vera Vendor' } } },
    });
    expect(d.id).toMatch(/^DO-\d{3}-\d{3}-\d{3}$/);
    expect(d.token).toMatch(/^[0-9a-f]{32}$/);
    expect(d.verification).toEqual({
      name: '_trellis-verification.example.com',
      type: 'TXT',
      value: `trellis-verification=${d.token}`,
    });
    const list = await t.call(vendor, { method: 'GET', url: `${DOMAINS}?eq(status,pending)` });
    expect(list.json().map((x: any) => x.id)).toContain(d.id);
  });

  it("refuses a name that is not a domain with the spec's message, and the same domain twice", async () => {
    for (const domain of ['not a domain', 'localhost', 'http://x.com', '']) {
      const res = await t.call(vendor, { method: 'POST', url: DOMAINS, payload: { domain } });
      expect(res.statusCode, domain).toBe(400);
    }
    const bad = await t.call(vendor, { method: 'POST', url: DOMAINS, payload: { domain: 'exa mple.com' } });
    expect(bad.json().errors).toEqual(['domain: Wrong Domain format']);
    await add(vendor, 'twice.example');
    const again = await t.call(vendor, { method: 'POST', url: DOMAINS, payload: { domain: 'TWICE.example' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatch(/twice\.example is already a domain of this account/);
  });

  it('verifies when the TXT record holds the token; verified is concluded', async () => {
    const d = await add(vendor, 'verified.example');
    publish(d);
    const res = await verify(vendor, d.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'verified', events: { verified: { by: { name: 'Vera Vendor' } } } });
    expect(dns.asked).toContain('_trellis-verification.verified.example');
    const again = await verify(vendor, d.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().error_code).toBe('STATE_001');
  });

  it('accepts a record split into several strings, among other TXT records', async () => {
    const d = await add(vendor, 'split.example');
    const v: string = d.verification.value;
    dns.zone.txt.set(d.verification.name, [['v=spf1 -all'], [v.slice(0, 10), v.slice(10)]]);
    expect((await verify(vendor, d.id)).json().status).toBe('verified');
  });

  it('fails on a wrong token with the reason; a failed domain may be retried once the record is fixed', async () => {
    const d = await add(vendor, 'wrong.example');
    publish(d, 'trellis-verification=0000');
    const res = await verify(vendor, d.id);
    expect(res.statusCode).toBe(200);
    const failed = res.json();
    expect(failed.status).toBe('failed');
    expect(failed.events.failed.reason).toBe(
      `The TXT record at _trellis-verification.wrong.example holds another token (trellis-verification=0000); it must be ${d.verification.value}.`,
    );
    // concluded: no second verify
    expect((await verify(vendor, d.id)).statusCode).toBe(400);
    const retry = await t.call(vendor, { method: 'POST', url: `${DOMAINS}/${d.id}/retry` });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({
      status: 'pending',
      token: d.token,
      events: { pended: { by: { name: 'Vera Vendor' } } },
    });
    publish(d);
    expect((await verify(vendor, d.id)).json().status).toBe('verified');
  });

  it('fails with a clear reason when the name has no TXT record, does not exist, or DNS does not answer', async () => {
    const noTxt = await add(vendor, 'notxt.example');
    dns.zone.names.add(noTxt.verification.name);
    const nxdomain = await add(vendor, 'nxdomain.example');
    const silent = await add(vendor, 'silent.example');
    dns.zone.silent.add(silent.verification.name);

    const cases: [any, RegExp][] = [
      [noTxt, /^_trellis-verification\.notxt\.example has no TXT record/],
      [nxdomain, /^The name _trellis-verification\.nxdomain\.example does not exist in DNS \(NXDOMAIN\)/],
      [silent, /^The DNS server did not answer in time/],
    ];
    for (const [d, reason] of cases) {
      const res = await verify(vendor, d.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('failed');
      expect(res.json().events.failed.reason).toMatch(reason);
    }
  });

  it('a verified domain belongs to one account: another cannot add it, and loses a race for it (rejected)', async () => {
    const mine = await add(vendor, 'shared.example');
    const theirs = await add(other, 'shared.example');
    publish(mine);
    expect((await verify(vendor, mine.id)).json().status).toBe('verified');

    const late = await t.call(other, { method: 'POST', url: DOMAINS, payload: { domain: 'shared.example' } });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual(['domain: shared.example is already verified by another account.']);

    // the other account publishes its own token too, but the name is taken
    dns.zone.txt.set(mine.verification.name, [[mine.verification.value], [theirs.verification.value]]);
    const res = await verify(other, theirs.id);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      events: { rejected: { reason: 'shared.example is already verified by another account.' } },
    });
  });

  it('is invisible to another account: list, get, update, verify and delete are 404', async () => {
    const d = await add(vendor, 'private.example');
    const list = await t.call(other, { method: 'GET', url: DOMAINS });
    expect(list.json().map((x: any) => x.id)).not.toContain(d.id);
    for (const [method, url] of [
      ['GET', `${DOMAINS}/${d.id}`],
      ['PUT', `${DOMAINS}/${d.id}`],
      ['POST', `${DOMAINS}/${d.id}/verify`],
      ['DELETE', `${DOMAINS}/${d.id}`],
      ['GET', `${DOMAINS}/${d.id}/users`],
    ] as const) {
      const res = await t.call(other, { method, url, payload: method === 'PUT' ? { name: 'x' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // nothing was looked up for the stranger
    expect(dns.asked).not.toContain('_trellis-verification.private.example');
  });

  it('updates name and description; delete marks it deleted, frees the name and hides it from lists', async () => {
    const d = await add(vendor, 'gone.example');
    const put = await t.call(vendor, {
      method: 'PUT',
      url: `${DOMAINS}/${d.id}`,
      payload: { name: 'Gone', description: 'x' },
    });
    expect(put.json()).toMatchObject({ name: 'Gone', description: 'x', domain: 'gone.example' });
    expect((await t.call(vendor, { method: 'DELETE', url: `${DOMAINS}/${d.id}` })).statusCode).toBe(204);
    const one = await t.call(vendor, { method: 'GET', url: `${DOMAINS}/${d.id}` });
    expect(one.json()).toMatchObject({ status: 'deleted', events: { deleted: { by: { name: 'Vera Vendor' } } } });
    expect((await t.call(vendor, { method: 'GET', url: DOMAINS })).json().map((x: any) => x.id)).not.toContain(d.id);
    expect((await verify(vendor, d.id)).statusCode).toBe(400);
    await add(vendor, 'gone.example');
  });

  it("lists the account's joined users at a verified domain, and none before it is verified", async () => {
    const d = await add(vendor, 'demo.trellis');
    const before = await t.call(vendor, { method: 'GET', url: `${DOMAINS}/${d.id}/users` });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual([]);
    publish(d);
    expect((await verify(vendor, d.id)).json().status).toBe('verified');
    const res = await t.call(vendor, { method: 'GET', url: `${DOMAINS}/${d.id}/users` });
    const emails = res
      .json()
      .map((u: any) => u.email)
      .sort();
    // members of Demo Vendor only: Olga of Other Vendor has the same domain but another account
    expect(emails).toEqual(['multi@demo.trellis', 'vendor@demo.trellis']);
    expect(res.json()[0].domain).toEqual({ id: d.id, name: 'demo.trellis' });
    const vera = res.json().find((u: any) => u.email === 'vendor@demo.trellis');
    const one = await t.call(vendor, { method: 'GET', url: `${DOMAINS}/${d.id}/users/${vera.id}` });
    expect(one.json()).toMatchObject({ email: 'vendor@demo.trellis', domain: { id: d.id } });
    const filtered = await t.call(vendor, {
      method: 'GET',
      url: `${DOMAINS}/${d.id}/users?eq(email,multi@demo.trellis)`,
    });
    expect(filtered.json().map((u: any) => u.email)).toEqual(['multi@demo.trellis']);
  });

  it('needs the users module (MD-0001)', async () => {
    const token = await t.call(vendor, {
      method: 'POST',
      url: '/public/v1/auth/tokens',
      payload: { name: 'products only', permissions: ['MD-0002'] },
    });
    const key = token.json().token;
    expect((await t.call(key, { method: 'GET', url: DOMAINS })).statusCode).toBe(403);
    expect((await t.call(key, { method: 'POST', url: DOMAINS, payload: { domain: 'x.example' } })).statusCode).toBe(
      403,
    );
  });

  it('audits each change', async () => {
    const d = await add(vendor, 'audited.example');
    publish(d);
    await verify(vendor, d.id);
    const rows = await t.db
      .selectFrom('audit_records')
      .select(['action'])
      .where('object_id', '=', d.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'verify']);
  });
});
