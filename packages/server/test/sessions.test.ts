import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createAccount, createUser } from '../src/modules/identity/accounts/service.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Session-pass-1';
let n = 0;

/** A fresh member of Demo Vendor, so each test counts its own sessions. */
async function member() {
  const email = `se${++n}@example.test`;
  const user = await createUser(t.db, { email, name: `Sam ${n}`, password: PASSWORD });
  await addMember(t.db, t.demo.vendor.id, user.id);
  return { ...user, email };
}

async function login(email: string, ua = 'TestAgent/1.0'): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': ua, host: 'portal.test' },
    remoteAddress: '10.1.2.3',
  });
  expect(res.statusCode).toBe(201);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const body = res.json();
  return { cookie, sessionId: body.session_id, body, headers: { cookie, 'x-session-id': body.session_id } };
}

const get = (s: Session, url: string) => t.call(s, { method: 'GET', url: `/public/v1${url}` });
const post = (s: Session, url: string, payload: object = {}) =>
  t.call(s, { method: 'POST', url: `/public/v1${url}`, payload });
const alive = async (s: Session) => (await get(s, '/auth/context')).statusCode === 200;

describe('user sessions', () => {
  it("lists the caller's sessions in the reference shape, newest first, marking the current one", async () => {
    const u = await member();
    const first = await login(u.email, 'FirstBrowser/1');
    const second = await login(u.email, 'SecondBrowser/2');
    const res = await get(second, `/users/${u.id}/sessions`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-1/2');
    const list = res.json();
    expect(list.map((s: any) => s.id)).toEqual([second.sessionId, first.sessionId]);
    expect(list[0]).toMatchObject({
      id: second.sessionId,
      status: 'active',
      current: true,
      host: 'portal.test',
      location: { ip: '10.1.2.3' },
      device: { ua: 'SecondBrowser/2' },
      events: { created: { by: { id: u.id, name: u.name } } },
    });
    expect(list[0].events.created.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(list[1].current).toBe(false);
    expect(JSON.stringify(list)).not.toContain('secret');

    const one = await get(second, `/users/${u.id}/sessions/${first.sessionId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: first.sessionId, current: false, device: { ua: 'FirstBrowser/1' } });
  });

  it("hides other users' sessions: 404 for their path and for their session ids under one's own path", async () => {
    const a = await member();
    const b = await member();
    const sa = await login(a.email);
    const sb = await login(b.email);
    for (const url of [
      `/users/${b.id}/sessions`,
      `/users/${b.id}/sessions/${sb.sessionId}`,
      `/users/${a.id}/sessions/${sb.sessionId}`,
    ]) {
      const res = await get(sa, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error_code).toBe('NF_001');
    }
    expect((await post(sa, `/users/${b.id}/sessions/${sb.sessionId}/terminate`)).statusCode).toBe(404);
    expect((await post(sa, `/users/${a.id}/sessions/${sb.sessionId}/terminate`)).statusCode).toBe(404);
    expect((await post(sa, `/users/${b.id}/sessions/terminate`)).statusCode).toBe(404);
    expect(await alive(sb)).toBe(true);
  });

  it('terminates one session: its cookie stops working at once; terminating again is refused', async () => {
    const u = await member();
    const keep = await login(u.email);
    const gone = await login(u.email);
    const res = await post(keep, `/users/${u.id}/sessions/${gone.sessionId}/terminate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: gone.sessionId, status: 'terminated', current: false });
    expect(res.json().events.terminated.by).toEqual({ id: u.id, name: u.name });
    expect(await alive(gone)).toBe(false);
    expect(await alive(keep)).toBe(true);

    const again = await post(keep, `/users/${u.id}/sessions/${gone.sessionId}/terminate`);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual(["Action 'terminate' is not allowed in status 'terminated'."]);
    const audit = await t.db
      .selectFrom('audit_records')
      .select('action')
      .where('object_id', '=', gone.sessionId)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['terminate']);
  });

  it('shows logged-out sessions as terminated and outdated ones as expired, and filters by status', async () => {
    const u = await member();
    const me = await login(u.email);
    const out = await login(u.email);
    const old = await login(u.email);
    expect((await post(out, '/auth/logout')).statusCode).toBe(204);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', old.sessionId)
      .execute();

    const byId = Object.fromEntries((await get(me, `/users/${u.id}/sessions`)).json().map((s: any) => [s.id, s]));
    expect(byId[me.sessionId].status).toBe('active');
    expect(byId[out.sessionId].status).toBe('terminated');
    expect(byId[out.sessionId].events.terminated.at).toBeTruthy();
    expect(byId[old.sessionId].status).toBe('expired');
    expect(byId[old.sessionId].events.expired.at).toBeTruthy();

    const active = await get(me, `/users/${u.id}/sessions?status=active`);
    expect(active.json().map((s: any) => s.id)).toEqual([me.sessionId]);
    const ended = await get(me, `/users/${u.id}/sessions?in(status,(terminated,expired))&ordering(events.created.at)`);
    expect(ended.json().map((s: any) => s.id)).toEqual([out.sessionId, old.sessionId]);
    expect((await get(me, `/users/${u.id}/sessions?eq(secret_hash,x)`)).statusCode).toBe(400);
    // An expired session cannot be terminated.
    expect((await post(me, `/users/${u.id}/sessions/${old.sessionId}/terminate`)).statusCode).toBe(400);
  });

  it('terminates all other sessions with POST /users/{id}/sessions/terminate, the current one only when asked', async () => {
    const u = await member();
    const me = await login(u.email);
    const a = await login(u.email);
    const b = await login(u.email);
    const res = await post(me, `/users/${u.id}/sessions/terminate`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((s: any) => s.id)
        .sort(),
    ).toEqual([a.sessionId, b.sessionId].sort());
    expect(res.json().every((s: any) => s.status === 'terminated')).toBe(true);
    expect(await alive(a)).toBe(false);
    expect(await alive(b)).toBe(false);
    expect(await alive(me)).toBe(true);

    const bad = await post(me, `/users/${u.id}/sessions/terminate`, { include_current: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatch(/^include_current: /);

    const all = await post(me, `/users/${u.id}/sessions/terminate`, { include_current: true });
    expect(all.json().map((s: any) => s.id)).toEqual([me.sessionId]);
    expect(await alive(me)).toBe(false);
  });

  it('refuses anonymous callers', async () => {
    const u = await member();
    const res = await t.app.inject({ method: 'GET', url: `/public/v1/users/${u.id}/sessions` });
    expect(res.statusCode).toBe(401);
  });
});

describe("sessions of the users of the caller's account", () => {
  /** A member of Demo Vendor who also works in another tenant, with one live session in each and a second one here. */
  async function twoTenants() {
    const u = await member();
    const far = await createAccount(t.db, { name: `Far ${n}`, type: 'vendor' });
    await addMember(t.db, far.account.id, u.id);
    const here = await login(u.email, 'Here/1');
    const also = await login(u.email, 'Here/2');
    const there = await login(u.email, 'There/1');
    const moved = await t.call(there, {
      method: 'POST',
      url: '/public/v1/auth/context',
      payload: { account: { id: far.account.id } },
    });
    expect(moved.statusCode).toBe(201);
    return { u, far, here, also, there };
  }

  /** A member of Demo Vendor holding the users module (MD-0001) but not full access. */
  async function manager() {
    const m = await member();
    const vera = await t.login('vendor@demo.trellis');
    const group = await post(vera, `/accounts/${t.demo.vendor.id}/groups`, {
      name: `Managers ${n}`,
      description: 'Users',
      permissions: [{ id: 'MD-0001' }],
    });
    expect(group.statusCode).toBe(201);
    await post(vera, `/accounts/${t.demo.vendor.id}/groups/${group.json().id}/users`, { id: m.id });
    return { ...m, session: await login(m.email) };
  }

  it("an admin lists and reads a member's sessions in the admin's account, never those in another tenant", async () => {
    const { u, here, also, there } = await twoTenants();
    const vera = await t.login('vendor@demo.trellis');
    const res = await get(vera, `/users/${u.id}/sessions`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-1/2');
    const list = res.json();
    expect(list.map((s: any) => s.id)).toEqual([also.sessionId, here.sessionId]);
    expect(list[0]).toMatchObject({
      status: 'active',
      current: false,
      location: { ip: '10.1.2.3' },
      device: { ua: 'Here/2' },
      events: { created: { by: { id: u.id } } },
    });
    expect(JSON.stringify(list)).not.toContain('secret');
    expect((await get(vera, `/users/${u.id}/sessions/${here.sessionId}`)).json().device.ua).toBe('Here/1');
    expect((await get(vera, `/users/${u.id}/sessions/${there.sessionId}`)).statusCode).toBe(404);
    expect((await get(vera, `/users/${u.id}/sessions?status=active&limit=1`)).headers['content-range']).toBe(
      'items 0-0/2',
    );
    // the user itself still sees all three
    expect((await get(here, `/users/${u.id}/sessions`)).json()).toHaveLength(3);
  });

  it("an admin terminates a member's session in the admin's account, one or all, and the other tenant's stays", async () => {
    const { u, here, also, there } = await twoTenants();
    const vera = await t.login('vendor@demo.trellis');
    const one = await post(vera, `/users/${u.id}/sessions/${here.sessionId}/terminate`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: here.sessionId, status: 'terminated', current: false });
    expect(one.json().events.terminated.by.name).toBe('Vera Vendor');
    expect(await alive(here)).toBe(false);
    expect((await post(vera, `/users/${u.id}/sessions/${there.sessionId}/terminate`)).statusCode).toBe(404);

    // terminate all: the member's live sessions in Demo Vendor; include_current is about the caller's own session
    const all = await post(vera, `/users/${u.id}/sessions/terminate`, { include_current: true });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((s: any) => s.id)).toEqual([also.sessionId]);
    expect(all.headers['set-cookie']).toBeUndefined();
    expect(await alive(also)).toBe(false);
    expect(await alive(there)).toBe(true);
    expect(await alive(vera)).toBe(true);
    const audit = await t.db
      .selectFrom('audit_records')
      .select(['action', 'account_id'])
      .where('object_id', '=', also.sessionId)
      .execute();
    expect(audit).toEqual([{ action: 'terminate', account_id: t.demo.vendor.id }]);
  });

  it('with the users module a manager reads everyone’s sessions but ends only those of members within its power', async () => {
    const mgr = await manager();
    const u = await member();
    const s = await login(u.email);
    const vera = await t.login('vendor@demo.trellis');
    const veraId = t.demo.users['vendor@demo.trellis'].id;
    expect((await get(mgr.session, `/users/${veraId}/sessions`)).statusCode).toBe(200);
    const refused = await post(mgr.session, `/users/${veraId}/sessions/${vera.sessionId}/terminate`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toContain('MD-0000');
    expect((await post(mgr.session, `/users/${veraId}/sessions/terminate`)).statusCode).toBe(403);
    expect(await alive(vera)).toBe(true);
    const ok = await post(mgr.session, `/users/${u.id}/sessions/${s.sessionId}/terminate`);
    expect(ok.statusCode).toBe(200);
    expect(await alive(s)).toBe(false);
  });

  it('another tenant, an unknown user and a member without the users module get 404, before the body is read', async () => {
    const { u, here } = await twoTenants();
    const olga = await t.login('other@demo.trellis');
    const plain = await login((await member()).email);
    for (const [who, userId] of [
      [olga, u.id],
      [plain, u.id],
      [await t.login('vendor@demo.trellis'), 'UR-000-000-000'],
    ] as const) {
      for (const [method, url, payload] of [
        ['GET', `/users/${userId}/sessions`],
        ['GET', `/users/${userId}/sessions/${here.sessionId}`],
        ['POST', `/users/${userId}/sessions/${here.sessionId}/terminate`],
        ['POST', `/users/${userId}/sessions/terminate`, { include_current: 'yes' }],
      ] as const) {
        const res = await t.call(who, { method, url: `/public/v1${url}`, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error_code).toBe('NF_001');
      }
    }
    expect(await alive(here)).toBe(true);
  });

  it("an API token with the users module reaches the sessions of its account's users in its account", async () => {
    const { u, here, there } = await twoTenants();
    const vera = await t.login('vendor@demo.trellis');
    const token = async (module: string) => {
      const res = await post(vera, '/auth/tokens', { name: `Sessions ${module}`, permissions: [{ id: module }] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().token as string;
    };
    const key = await token('MD-0001');
    const list = await t.call(key, { method: 'GET', url: `/public/v1/users/${u.id}/sessions?status=active` });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: any) => s.id)).not.toContain(there.sessionId);
    expect(list.json().map((s: any) => s.id)).toContain(here.sessionId);
    expect(list.json().every((s: any) => s.current === false)).toBe(true);
    const ended = await t.call(key, {
      method: 'POST',
      url: `/public/v1/users/${u.id}/sessions/${here.sessionId}/terminate`,
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().events.terminated.by.name).toBe('Sessions MD-0001');
    const other = await token('MD-0002');
    expect((await t.call(other, { method: 'GET', url: `/public/v1/users/${u.id}/sessions` })).statusCode).toBe(404);
  });
});
