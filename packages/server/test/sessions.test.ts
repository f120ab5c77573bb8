import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
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
