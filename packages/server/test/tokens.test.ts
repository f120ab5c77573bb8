import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../src/http/context.ts';
import { createToken } from '../src/modules/identity/tokens/service.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let vendor: Session;
let other: Session;
beforeAll(async () => {
  t = await testApp();
  vendor = await t.login('vendor@demo.trellis');
  other = await t.login('other@demo.trellis');
});
afterAll(async () => {
  await t?.close();
});

const TOKENS = '/public/v1/auth/tokens';
const KEY_RE = /^ApiKey SU-\d{3}-\d{3}-\d{3}:[A-Za-z0-9_-]{20,}$/;

async function newToken(s: Session | string, body: Record<string, unknown> = {}) {
  const res = await t.call(s, {
    method: 'POST',
    url: TOKENS,
    payload: { name: 'CI token', permissions: [{ id: 'MD-0014' }], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; token: string; [k: string]: any };
}
const context = (key: string) => t.call(key, { method: 'GET', url: '/public/v1/auth/context' });
const act = (s: Session | string, id: string, action: string, payload?: object) =>
  t.call(s, { method: 'POST', url: `${TOKENS}/${id}/${action}`, payload });
const auditOf = (id: string) =>
  t.db
    .selectFrom('audit_records')
    .select(['action', 'actor_id', 'account_id'])
    .where('object_id', '=', id)
    .orderBy('created_at')
    .execute();

describe('API tokens', () => {
  it('creates a token whose key is shown once, stored only as a digest, and authenticates as the account', async () => {
    const made = await newToken(vendor, { description: 'for CI', external_id: 'ci-1' });
    expect(made.id).toMatch(/^SU-\d{3}-\d{3}-\d{3}$/);
    expect(made.token).toMatch(KEY_RE);
    expect(made.token.startsWith(`ApiKey ${made.id}:`)).toBe(true);
    expect(made).toMatchObject({
      name: 'CI token',
      description: 'for CI',
      external_id: 'ci-1',
      status: 'active',
      owner: { id: t.demo.vendor.id, name: 'Demo Vendor' },
      permissions: [{ id: 'MD-0014', object: { id: 'MD-0014' }, events: { granted: { by: { name: 'Vera Vendor' } } } }],
      events: { created: { by: { name: 'Vera Vendor' } } },
    });
    // it never expires
    expect(made).not.toHaveProperty('expiration_date');

    const ctx = await context(made.token);
    expect(ctx.statusCode).toBe(200);
    expect(ctx.json().account.id).toBe(t.demo.vendor.id);
    expect(ctx.json().token.id).toBe(made.id);

    const secret = made.token.split(':')[1];
    const got = await t.call(vendor, { method: 'GET', url: `${TOKENS}/${made.id}` });
    expect(got.statusCode).toBe(200);
    expect(got.json().token).toBeUndefined();
    expect(got.body).not.toContain(secret);
    const list = await t.call(vendor, { method: 'GET', url: TOKENS });
    expect(list.json().map((x: any) => x.id)).toContain(made.id);
    expect(list.body).not.toContain(secret);
    const row = await t.db.selectFrom('tokens').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await auditOf(made.id)).map((a) => a.action)).toEqual(['create']);
    const audit = await t.db.selectFrom('audit_records').select('data').where('object_id', '=', made.id).execute();
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('appears in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/auth/tokens', '/auth/tokens/{id}/rotate', '/auth/tokens/{token_pk}/permissions']),
    );
  });

  it('validates the body and names unknown modules', async () => {
    const noName = await t.call(vendor, { method: 'POST', url: TOKENS, payload: { permissions: [] } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual(['name: This field is required']);
    const unknown = await t.call(vendor, {
      method: 'POST',
      url: TOKENS,
      payload: { name: 'x', permissions: ['MD-9999'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toContain('MD-9999');
    const past = await t.call(vendor, {
      method: 'POST',
      url: TOKENS,
      payload: { name: 'x', expiration_date: '2001-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toContain('expiration_date');
    const garbage = await t.call(vendor, {
      method: 'POST',
      url: TOKENS,
      payload: { name: 'x', permissions: [{ foo: 1 }] },
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('reaches only the modules it was granted, and grants only what its caller holds', async () => {
    const made = await newToken(vendor);
    expect((await t.call(made.token, { method: 'GET', url: '/public/v1/accounts' })).statusCode).toBe(403);
    expect((await t.call(made.token, { method: 'GET', url: TOKENS })).statusCode).toBe(200);

    const wider = await t.call(made.token, {
      method: 'POST',
      url: TOKENS,
      payload: { name: 'wider', permissions: ['MD-0001'] },
    });
    expect(wider.statusCode).toBe(403);
    expect(wider.json().errors[0]).toContain('MD-0001');
    const child = await newToken(made.token, { name: 'child', permissions: ['MD-0014'] });
    expect(child.events.created.by.id).toBe(made.id);

    // An admin (MD-0000) may grant any module: the token now reaches accounts.
    const granted = await t.call(vendor, {
      method: 'POST',
      url: `${TOKENS}/${made.id}/permissions`,
      payload: { id: 'MD-0001', object: { id: 'MD-0001' } },
    });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toMatchObject({ id: 'MD-0001', object: { id: 'MD-0001' } });
    expect((await t.call(made.token, { method: 'GET', url: '/public/v1/accounts' })).statusCode).toBe(200);
  });

  it('lists, adds and removes token permissions', async () => {
    const made = await newToken(vendor);
    const url = `${TOKENS}/${made.id}/permissions`;
    const add = await t.call(vendor, {
      method: 'POST',
      url,
      payload: [{ id: 'MD-0002' }, 'MD-0003', { object: { id: 'MD-0014' } }],
    });
    expect(add.statusCode).toBe(201);
    expect(
      add
        .json()
        .map((p: any) => p.object.id)
        .sort(),
    ).toEqual(['MD-0002', 'MD-0003', 'MD-0014']);

    const list = await t.call(vendor, { method: 'GET', url: `${url}?ordering(-id)` });
    expect(list.json().map((p: any) => p.id)).toEqual(['MD-0014', 'MD-0003', 'MD-0002']);
    expect(list.headers['content-range']).toBe('items 0-2/3');
    const filtered = await t.call(vendor, { method: 'GET', url: `${url}?eq(object.id,MD-0003)` });
    expect(filtered.json().map((p: any) => p.id)).toEqual(['MD-0003']);
    expect((await t.call(vendor, { method: 'GET', url: `${url}?eq(secret,1)` })).statusCode).toBe(400);

    expect((await t.call(vendor, { method: 'DELETE', url, payload: [{ id: 'MD-0002' }] })).statusCode).toBe(204);
    expect((await t.call(vendor, { method: 'DELETE', url: `${url}?id=MD-0003` })).statusCode).toBe(204);
    const missing = await t.call(vendor, { method: 'DELETE', url, payload: { id: 'MD-0002' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toContain('MD-0002');
    const after = await t.call(vendor, { method: 'GET', url });
    expect(after.json().map((p: any) => p.id)).toEqual(['MD-0014']);
    expect((await auditOf(made.id)).map((a) => a.action)).toEqual(['create', 'grant', 'revoke', 'revoke']);
  });

  it('deactivates and activates; an inactive key is refused', async () => {
    const made = await newToken(vendor);
    const off = await act(vendor, made.id, 'deactivate');
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe('inactive');
    expect((await context(made.token)).statusCode).toBe(401);
    const again = await act(vendor, made.id, 'deactivate');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toContain('inactive');
    expect((await act(vendor, made.id, 'activate')).json().status).toBe('active');
    expect((await context(made.token)).statusCode).toBe(200);
    expect((await act(vendor, made.id, 'activate')).statusCode).toBe(400);
    expect((await auditOf(made.id)).map((a) => a.action)).toEqual(['create', 'deactivate', 'activate']);
  });

  it('rotates: the new key is shown once and the old one stops working at once', async () => {
    const made = await newToken(vendor);
    const rotated = await act(vendor, made.id, 'rotate', {});
    expect(rotated.statusCode).toBe(200);
    const key = rotated.json().token;
    expect(key).toMatch(KEY_RE);
    expect(key).not.toBe(made.token);
    expect(rotated.json().events.rotated.by.name).toBe('Vera Vendor');
    expect((await context(made.token)).statusCode).toBe(401);
    expect((await context(key)).statusCode).toBe(200);
    expect((await t.call(vendor, { method: 'GET', url: `${TOKENS}/${made.id}` })).json().token).toBeUndefined();
  });

  it('renews the expiration; an expired key is refused until renewed', async () => {
    const never = await newToken(vendor);
    expect((await act(vendor, never.id, 'renew', {})).statusCode).toBe(400);

    const soon = new Date(Date.now() + 60_000).toISOString();
    const made = await newToken(vendor, { expiration_date: soon });
    expect(made.expiration_date).toBe(soon);
    const renewed = await act(vendor, made.id, 'renew');
    expect(renewed.statusCode).toBe(200);
    const days = (new Date(renewed.json().expiration_date).getTime() - new Date(soon).getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
    expect(renewed.json().renewed_expiration_date).toBe(renewed.json().expiration_date);
    expect(renewed.json().token).toBeUndefined();

    // Let it expire.
    const past = new Date(Date.now() - 1000).toISOString();
    await t.db.updateTable('tokens').set({ expires_at: past }).where('id', '=', made.id).execute();
    const expired = await context(made.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errors[0]).toContain('expired');

    const until = '2099-01-01T00:00:00.000Z';
    const back = await act(vendor, made.id, 'renew', { expiration_date: until });
    expect(back.json().expiration_date).toBe(until);
    expect((await context(made.token)).statusCode).toBe(200);
    expect((await act(vendor, made.id, 'renew', { expiration_date: 'soon' })).statusCode).toBe(400);
  });

  it('updates name and description', async () => {
    const made = await newToken(vendor);
    const res = await t.call(vendor, {
      method: 'PUT',
      url: `${TOKENS}/${made.id}`,
      payload: { name: 'Renamed', description: 'd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', description: 'd', status: 'active' });
    expect(
      (await t.call(vendor, { method: 'PUT', url: `${TOKENS}/${made.id}`, payload: { name: '' } })).statusCode,
    ).toBe(400);
  });

  it('deletes: the key stops working, the record stays reviewable by status, and nothing changes it', async () => {
    const made = await newToken(vendor, { name: 'to delete' });
    expect((await t.call(vendor, { method: 'DELETE', url: `${TOKENS}/${made.id}` })).statusCode).toBe(204);
    expect((await context(made.token)).statusCode).toBe(401);
    const list = await t.call(vendor, { method: 'GET', url: TOKENS });
    expect(list.json().map((x: any) => x.id)).not.toContain(made.id);
    const deleted = await t.call(vendor, { method: 'GET', url: `${TOKENS}?eq(status,deleted)` });
    expect(deleted.json().map((x: any) => x.id)).toContain(made.id);
    expect((await t.call(vendor, { method: 'GET', url: `${TOKENS}/${made.id}` })).json().status).toBe('deleted');
    expect((await act(vendor, made.id, 'activate')).statusCode).toBe(400);
    expect((await act(vendor, made.id, 'rotate')).statusCode).toBe(400);
    expect((await t.call(vendor, { method: 'DELETE', url: `${TOKENS}/${made.id}` })).statusCode).toBe(400);
    expect(
      (await t.call(vendor, { method: 'POST', url: `${TOKENS}/${made.id}/permissions`, payload: ['MD-0001'] }))
        .statusCode,
    ).toBe(400);
    const row = await t.db
      .selectFrom('tokens')
      .select('secret_hash')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBeNull();
    const audit = await auditOf(made.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(audit[1].account_id).toBe(t.demo.vendor.id);
  });

  it('filters, searches and orders the list', async () => {
    const s = await t.login('provider@demo.trellis');
    await newToken(s, { name: 'alpha reader', external_id: 'ext-a' });
    await newToken(s, { name: 'beta writer' });
    const names = async (q: string) =>
      (await t.call(s, { method: 'GET', url: `${TOKENS}?${q}` })).json().map((x: any) => x.name);
    expect(await names('ordering(name)')).toEqual(['alpha reader', 'beta writer']);
    expect(await names('ordering(-name)')).toEqual(['beta writer', 'alpha reader']);
    expect(await names('search=beta')).toEqual(['beta writer']);
    expect(await names('eq(external_id,ext-a)')).toEqual(['alpha reader']);
    expect(await names('null(expiration_date,true)&ordering(name)')).toEqual(['alpha reader', 'beta writer']);
    const bad = await t.call(s, { method: 'GET', url: `${TOKENS}?eq(secret_hash,1)` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toContain('secret_hash');
  });

  it("hides another tenant's tokens: 404 on get, update, delete, every action and the permissions", async () => {
    const made = await newToken(vendor);
    const base = `${TOKENS}/${made.id}`;
    const calls = [
      { method: 'GET', url: base },
      { method: 'PUT', url: base, payload: { name: 'mine' } },
      { method: 'DELETE', url: base },
      ...['activate', 'deactivate', 'rotate', 'renew'].map((a) => ({
        method: 'POST',
        url: `${base}/${a}`,
        payload: {},
      })),
      { method: 'GET', url: `${base}/permissions` },
      { method: 'POST', url: `${base}/permissions`, payload: { id: 'MD-0014' } },
      { method: 'DELETE', url: `${base}/permissions`, payload: { id: 'MD-0014' } },
    ] as const;
    for (const c of calls) {
      const res = await t.call(other, c as any);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(404);
    }
    const list = await t.call(other, { method: 'GET', url: TOKENS });
    expect(list.json().map((x: any) => x.id)).not.toContain(made.id);
    expect((await context(made.token)).statusCode).toBe(200);
  });

  it('of two concurrent deactivations exactly one succeeds', async () => {
    const made = await newToken(vendor);
    const results = await Promise.all([act(vendor, made.id, 'deactivate'), act(vendor, made.id, 'deactivate')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('createToken (used by the CLI) returns the record and the key', async () => {
    const { token, apiKey } = await createToken(t.db, systemCtx({ ...t.demo.other, roles: ['vendor'] } as any), {
      name: 'cli',
      permissions: ['MD-0000'],
    });
    expect(apiKey).toMatch(KEY_RE);
    expect((token as any).token).toBeUndefined();
    expect(token.owner.id).toBe(t.demo.other.id);
    expect((await context(apiKey)).json().account.id).toBe(t.demo.other.id);
    expect((await t.call(apiKey, { method: 'GET', url: '/public/v1/accounts' })).statusCode).toBe(200);
  });
});
