import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { readOutbox } from '../src/mail/outbox.ts';
import { addMember, createAccount, createUser } from '../src/modules/identity/accounts/service.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let vera: Session;
let base: string;
beforeAll(async () => {
  t = await testApp();
  vera = await t.login('vendor@demo.trellis');
  base = `/public/v1/accounts/${t.demo.vendor.id}`;
});
afterAll(async () => {
  await t?.close();
});

/** The code of the newest invitation link mailed to `email`. */
async function mailedCode(email: string): Promise<string> {
  const [mail] = await readOutbox(t.db, { to: email, limit: 1 });
  const m = /\/password\/set\?code=([^\s&]+)/.exec(mail?.body_text ?? '');
  if (!m) throw new Error(`no invitation link mailed to ${email}`);
  return decodeURIComponent(m[1]);
}

const setPassword = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: `/public/v1/auth/password/set?code=${encodeURIComponent(code)}`,
    payload: { password: 'Newcomer-pass-1' },
  });

async function invite(email: string, groups: { id: string }[] = []) {
  return t.call(vera, { method: 'POST', url: `${base}/users`, payload: { email, name: 'New Comer', groups } });
}

describe('inviting members', () => {
  it('invites a new e-mail: the member is invited and an e-mail carries the set-password link', async () => {
    const res = await invite('newcomer@example.com');
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ email: 'newcomer@example.com', name: 'New Comer', status: 'invited', active: false });
    expect(user.events.invited.by.name).toBe('Vera Vendor');
    const [mail] = await readOutbox(t.db, { to: 'newcomer@example.com' });
    expect(mail.subject).toContain('Demo Vendor');
    expect(mail.body_text).toMatch(/http:\/\/portal\.test\/password\/set\?code=\S+/);

    const list = await t.call(vera, { method: 'GET', url: `${base}/users?eq(status,invited)` });
    expect(list.json().map((u: any) => u.email)).toEqual(['newcomer@example.com']);
    expect(list.headers['content-range']).toBe('items 0-0/1');
  });

  it('refuses a bad e-mail, a duplicate invitation and an unknown group, naming the problem', async () => {
    const bad = await invite('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['email: E-mail must be valid']);
    const dup = await invite('vendor@demo.trellis');
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors[0]).toContain('vendor@demo.trellis');
    const dupInvited = await invite('NEWCOMER@example.com');
    expect(dupInvited.statusCode).toBe(400);
    expect(dupInvited.json().errors[0]).toContain('newcomer@example.com');
    const group = await invite('someone@example.com', [{ id: 'UG-000-000-000' }]);
    expect(group.statusCode).toBe(400);
    expect(group.json().errors[0]).toContain('UG-000-000-000');
  });

  it('reinvite mails a new code; the old one stops working and the new one lets the user join', async () => {
    const res = await invite('second@example.com');
    const id = res.json().id;
    const first = await mailedCode('second@example.com');
    const again = await t.call(vera, { method: 'POST', url: `${base}/users/${id}/reinvite` });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('invited');
    const second = await mailedCode('second@example.com');
    expect(second).not.toBe(first);

    const old = await setPassword(first);
    expect(old.statusCode).toBe(401);
    expect(old.json().errors).toEqual(['Invalid confirmation code']);
    expect((await setPassword(second)).statusCode).toBe(201);

    const member = await t.call(vera, { method: 'GET', url: `${base}/users/${id}` });
    expect(member.json()).toMatchObject({ status: 'joined', active: true });
    const s = await t.login('second@example.com', 'Newcomer-pass-1');
    expect(s.body.account.id).toBe(t.demo.vendor.id);
  });

  it('an existing user with a password joins at once and is told to sign in', async () => {
    const res = await invite('other@demo.trellis');
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('joined');
    const [mail] = await readOutbox(t.db, { to: 'other@demo.trellis' });
    expect(mail.body_text).toContain('http://portal.test/login');
    const olga = await t.login('other@demo.trellis');
    const ctx = await t.call(olga, {
      method: 'POST',
      url: '/public/v1/auth/context',
      payload: { account: { id: t.demo.vendor.id } },
    });
    expect(ctx.statusCode).toBe(201);
    // Olga joined without groups: she holds no module in Demo Vendor.
    expect(ctx.json().permissions).toEqual([]);
  });

  it('revoking an invitation expires it; activate needs a password; reinvite brings it back', async () => {
    const id = (await invite('third@example.com')).json().id;
    const code = await mailedCode('third@example.com');
    const activate = await t.call(vera, { method: 'POST', url: `${base}/users/${id}/activate` });
    expect(activate.statusCode).toBe(400);
    expect(activate.json().errors[0]).toContain('third@example.com');
    expect((await t.call(vera, { method: 'DELETE', url: `${base}/users/${id}` })).statusCode).toBe(204);
    const expired = await t.call(vera, { method: 'GET', url: `${base}/users/${id}` });
    expect(expired.json().status).toBe('expired');
    expect((await setPassword(code)).statusCode).toBe(401);
    const twice = await t.call(vera, { method: 'POST', url: `${base}/users/${id}/activate` });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toContain("'expired'");
    const back = await t.call(vera, { method: 'POST', url: `${base}/users/${id}/reinvite` });
    expect(back.json().status).toBe('invited');
  });
});

describe('removing members', () => {
  it('refuses removing yourself', async () => {
    const res = await t.call(vera, {
      method: 'DELETE',
      url: `${base}/users/${t.demo.users['vendor@demo.trellis'].id}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toContain('yourself');
  });

  it('a removed member loses its session in the account and vanishes from the lists', async () => {
    const max = await t.login('multi@demo.trellis');
    const maxId = t.demo.users['multi@demo.trellis'].id;
    expect(max.body.account.id).toBe(t.demo.vendor.id);
    const res = await t.call(vera, { method: 'DELETE', url: `${base}/users/${maxId}` });
    expect(res.statusCode).toBe(204);
    expect((await t.call(max, { method: 'GET', url: '/public/v1/auth/context' })).statusCode).toBe(401);
    expect((await t.call(vera, { method: 'GET', url: `${base}/users/${maxId}` })).statusCode).toBe(404);
    const list = await t.call(vera, { method: 'GET', url: `/public/v1/users?eq(id,${maxId})` });
    expect(list.json()).toEqual([]);
    // Still a member of Demo Provider.
    const again = await t.login('multi@demo.trellis');
    expect(again.body.account.id).toBe(t.demo.provider.id);
  });

  it('refuses removing the last member with full access', async () => {
    // Olga (joined above, no groups) has MD-0001 through a new group, but not MD-0000.
    const group = await t.call(vera, {
      method: 'POST',
      url: `${base}/groups`,
      payload: { name: 'Managers', description: '', permissions: ['MD-0001'] },
    });
    const olgaId = t.demo.users['other@demo.trellis'].id;
    await t.call(vera, { method: 'POST', url: `${base}/groups/${group.json().id}/users`, payload: { id: olgaId } });
    const olga = await t.login('other@demo.trellis');
    const ctx = { ...olga, headers: { ...olga.headers, 'account-context': t.demo.vendor.id } };
    const res = await t.call(ctx, { method: 'DELETE', url: `${base}/users/${t.demo.users['vendor@demo.trellis'].id}` });
    // 403: a member holding MD-0000 is out of reach of one who does not hold it (issue 11)
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toContain('MD-0000');
    expect((await t.call(vera, { method: 'GET', url: '/public/v1/auth/context' })).statusCode).toBe(200);

    // Holding MD-0001 is not enough to hand out modules one does not hold.
    const admins = (await t.call(ctx, { method: 'GET', url: `${base}/groups?eq(name,Admins)` })).json()[0];
    const join = await t.call(ctx, {
      method: 'POST',
      url: `${base}/groups/${admins.id}/users`,
      payload: { id: olgaId },
    });
    expect(join.statusCode).toBe(403);
    expect(join.json().errors[0]).toContain('MD-0000');
    const grant = await t.call(ctx, {
      method: 'POST',
      url: `${base}/groups/${group.json().id}/permissions`,
      payload: { id: 'MD-0002' },
    });
    expect(grant.statusCode).toBe(403);
    const inv = await t.call(ctx, {
      method: 'POST',
      url: `${base}/users`,
      payload: { email: 'boss@example.com', groups: [{ id: admins.id }] },
    });
    expect(inv.statusCode).toBe(403);
    const ok = await t.call(ctx, {
      method: 'POST',
      url: `${base}/users`,
      payload: { email: 'helper@example.com', groups: [{ id: group.json().id }] },
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe('users, own profile and settings', () => {
  it('a member without MD-0001 gets 403 on the member list but reads and edits itself', async () => {
    const id = (await invite('limited@example.com')).json().id;
    const products = await t.call(vera, {
      method: 'POST',
      url: `${base}/groups`,
      payload: { name: 'Products', description: 'Catalogue', permissions: [{ id: 'MD-0002' }] },
    });
    await t.call(vera, {
      method: 'PUT',
      url: `${base}/users/${id}`,
      payload: { groups: [{ id: products.json().id }] },
    });
    expect((await setPassword(await mailedCode('limited@example.com'))).statusCode).toBe(201);
    const lim = await t.login('limited@example.com', 'Newcomer-pass-1');

    expect((await t.call(lim, { method: 'GET', url: `${base}/users` })).statusCode).toBe(403);
    const self = await t.call(lim, { method: 'GET', url: `/public/v1/users/${id}?select(permissions,+groups)` });
    expect(self.statusCode).toBe(200);
    expect(self.json().groups.map((g: any) => g.name)).toEqual(['Products']);
    expect(self.json().permissions).toEqual([{ id: 'MD-0002', object: { id: 'MD-0002' } }]);
    // Others are not visible to it, and it cannot edit them.
    const veraId = t.demo.users['vendor@demo.trellis'].id;
    expect((await t.call(lim, { method: 'GET', url: `/public/v1/users/${veraId}` })).statusCode).toBe(404);
    expect((await t.call(lim, { method: 'GET', url: '/public/v1/users' })).json().map((u: any) => u.id)).toEqual([id]);

    const put = await t.call(lim, {
      method: 'PUT',
      url: `/public/v1/users/${id}`,
      payload: { name: 'Lim Ited', timezone: 'Mars/Olympus', region: 'de-de', timeformat: '12h' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Lim Ited', timezone: 'UTC', region: 'de_DE', timeformat: '12h' });
    const bad = await t.call(lim, { method: 'PUT', url: `/public/v1/users/${id}`, payload: { timeformat: 'sundial' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toContain('timeformat');
    // The admin sees the new name and can search it.
    const found = await t.call(vera, { method: 'GET', url: '/public/v1/users?search=ited' });
    expect(found.json().map((u: any) => u.name)).toEqual(['Lim Ited']);
    expect(
      (await t.call(vera, { method: 'PUT', url: `/public/v1/users/${id}`, payload: { name: 'Nope' } })).statusCode,
    ).toBe(403);
  });

  it('lists filter and validate like every list', async () => {
    const res = await t.call(vera, { method: 'GET', url: '/public/v1/users?eq(email,vendor@demo.trellis)' });
    expect(res.json().map((u: any) => u.status)).toEqual(['joined']);
    const bad = await t.call(vera, { method: 'GET', url: '/public/v1/users?eq(password,x)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_code).toBe('RQL_001');
  });

  it("a user lists its own accounts with its groups, and nobody else's", async () => {
    const max = await t.login('provider@demo.trellis');
    const id = t.demo.users['provider@demo.trellis'].id;
    const res = await t.call(max, { method: 'GET', url: `/public/v1/users/${id}/accounts?limit=500` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: any) => [a.name, a.groups.map((g: any) => g.name)])).toEqual([
      ['Demo Provider', ['Admins']],
    ]);
    const one = await t.call(max, { method: 'GET', url: `/public/v1/users/${id}/accounts/${t.demo.provider.id}` });
    expect(one.json().name).toBe('Demo Provider');
    const veraId = t.demo.users['vendor@demo.trellis'].id;
    expect((await t.call(max, { method: 'GET', url: `/public/v1/users/${veraId}/accounts` })).statusCode).toBe(404);
    expect(
      (await t.call(max, { method: 'GET', url: `/public/v1/users/${veraId}/accounts/${t.demo.vendor.id}` })).statusCode,
    ).toBe(404);
  });

  it('settings round trip, limited to the user itself and its accounts', async () => {
    const id = t.demo.users['vendor@demo.trellis'].id;
    const url = `/public/v1/users/${id}/accounts/${t.demo.vendor.id}/settings/recents`;
    // never stored: the empty default, not an error on the first visit
    const fresh = await t.call(vera, { method: 'GET', url });
    expect([fresh.statusCode, fresh.json()]).toEqual([200, []]);
    expect((await t.call(vera, { method: 'GET', url: url.replace('recents', 'layout') })).statusCode).toBe(404);
    const recents = [{ type: 'page', name: 'Products', route: 'products' }];
    const put = await t.call(vera, { method: 'PUT', url, payload: recents });
    expect(put.statusCode).toBe(200);
    expect((await t.call(vera, { method: 'GET', url })).json()).toEqual(recents);

    const tooMany = await t.call(vera, {
      method: 'PUT',
      url,
      payload: Array.from({ length: 8 }, (_, i) => ({ name: `p${i}` })),
    });
    expect(tooMany.statusCode).toBe(400);
    const big = await t.call(vera, {
      method: 'PUT',
      url: url.replace('recents', 'layout'),
      payload: { blob: 'x'.repeat(70_000) },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0]).toContain('64 KB');

    const other = await t.login('provider@demo.trellis');
    expect((await t.call(other, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.call(other, { method: 'PUT', url, payload: [] })).statusCode).toBe(404);
    const foreign = `/public/v1/users/${id}/accounts/${t.demo.provider.id}/settings/recents`;
    expect((await t.call(vera, { method: 'PUT', url: foreign, payload: [] })).statusCode).toBe(404);
  });

  it('lists the modules of the account type with RQL', async () => {
    const vendor = await t.call(vera, { method: 'GET', url: '/public/v1/modules' });
    expect(vendor.json().map((m: any) => m.id)).toContain('MD-0026');
    expect(vendor.json()[0]).toEqual({ id: 'MD-0000', name: 'Full access' });
    const provider = await t.call(await t.login('provider@demo.trellis'), {
      method: 'GET',
      url: '/public/v1/modules?ordering(-id)&limit=2',
    });
    // MD-0026 (product information) is the vendor's only
    expect(provider.json().map((m: any) => m.id)).toEqual(['MD-0027', 'MD-0025']);
    expect(provider.headers['content-range']).toMatch(/^items 0-1\/\d+$/);
    const filtered = await t.call(vera, { method: 'GET', url: '/public/v1/modules?ilike(name,*token*)' });
    expect(filtered.json()).toEqual([{ id: 'MD-0014', name: 'Integrations and API tokens' }]);
    expect((await t.call(vera, { method: 'GET', url: '/public/v1/modules?eq(secret,1)' })).statusCode).toBe(400);
  });
});

describe('tenant isolation', () => {
  it('every member of Demo Vendor is 404 for Other Vendor', async () => {
    const other = await t.login('other@demo.trellis');
    // Olga also joined Demo Vendor above; work in her own account.
    const own = await t.call(other, {
      method: 'POST',
      url: '/public/v1/auth/context',
      payload: { account: { id: t.demo.other.id } },
    });
    expect(own.statusCode).toBe(201);
    const veraId = t.demo.users['vendor@demo.trellis'].id;
    const list = await t.call(other, { method: 'GET', url: '/public/v1/users' });
    expect(list.json().map((u: any) => u.email)).toEqual(['other@demo.trellis']);
    const theirs = `/public/v1/accounts/${t.demo.vendor.id}/users`;
    const mine = `/public/v1/accounts/${t.demo.other.id}/users`;
    const calls: [string, string, unknown?][] = [
      ['GET', theirs],
      ['POST', theirs, { email: 'x@example.com' }],
      ['GET', `${theirs}/${veraId}`],
      ['PUT', `${theirs}/${veraId}`, { groups: [] }],
      ['DELETE', `${theirs}/${veraId}`],
      ['POST', `${theirs}/${veraId}/reinvite`],
      ['POST', `${theirs}/${veraId}/activate`],
      ['GET', `${mine}/${veraId}`],
      ['PUT', `${mine}/${veraId}`, { groups: [] }],
      ['DELETE', `${mine}/${veraId}`],
      ['POST', `${mine}/${veraId}/reinvite`],
      ['GET', `/public/v1/users/${veraId}`],
      ['PUT', `/public/v1/users/${veraId}`, { name: 'x' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.call(other, { method: method as any, url, payload: payload as any });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('member lists', () => {
  it('shows every member of a page with its own groups and modules, as its detail page does', async () => {
    const res = await t.call(vera, { method: 'GET', url: `${base}/users?select(+permissions)&ordering(email)` });
    expect(res.statusCode).toBe(200);
    const members = res.json();
    // members differ in their groups, so a mix-up between rows would show
    expect(new Set(members.map((m: any) => JSON.stringify(m.groups))).size).toBeGreaterThan(2);
    for (const m of members) {
      const one = (await t.call(vera, { method: 'GET', url: `${base}/users/${m.id}?select(+permissions)` })).json();
      expect([m.email, m.groups, m.permissions]).toEqual([one.email, one.groups, one.permissions]);
    }
    const vendor = members.find((m: any) => m.email === 'vendor@demo.trellis');
    expect(vendor.groups.map((g: any) => g.name)).toEqual(['Admins']);
    expect(vendor.permissions.map((p: any) => p.id)).toEqual(['MD-0000']);
  });
});

describe("a user's accounts, as the user and as an admin of the caller's account", () => {
  // Dana works in Demo Vendor (in a group of her own) and in Far Provider, another tenant; Fern administers Far
  // Provider; Nico is a member of Demo Vendor without the users module.
  let dana: { id: string; email: string };
  let far: Awaited<ReturnType<typeof createAccount>>;
  let designers: { id: string; description: string; revision: number };
  let fern: Session;
  let nico: Session;
  let nicoId: string;
  const veraId = () => t.demo.users['vendor@demo.trellis'].id;
  const accountsOf = (s: Session | string, userId: string, rest = '') =>
    t.call(s, { method: 'GET', url: `/public/v1/users/${userId}/accounts${rest}` });

  beforeAll(async () => {
    far = await createAccount(t.db, { name: 'Far Provider', type: 'provider' });
    const made = async (email: string, name: string) => ({
      ...(await createUser(t.db, { email, name, password: DEMO_PASSWORD })),
      email,
    });
    dana = await made('dana@example.com', 'Dana Dual');
    const group = await t.call(vera, {
      method: 'POST',
      url: `${base}/groups`,
      payload: { name: 'Designers', description: 'Catalogue design', permissions: [{ id: 'MD-0002' }] },
    });
    designers = group.json();
    await addMember(t.db, t.demo.vendor.id, dana.id, { groups: [designers.id] });
    await addMember(t.db, far.account.id, dana.id, { groups: [far.adminGroup.id] });
    const f = await made('fern@example.com', 'Fern Far');
    await addMember(t.db, far.account.id, f.id, { groups: [far.adminGroup.id] });
    fern = await t.login('fern@example.com');
    const n = await made('nico@example.com', 'Nico None');
    await addMember(t.db, t.demo.vendor.id, n.id);
    nico = await t.login('nico@example.com');
    nicoId = n.id;
  });

  it('the user sees every account it works in, with its own groups in each, in the reference shape', async () => {
    const own = await t.login('dana@example.com');
    const res = await accountsOf(own, dana.id, '?limit=500');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-1/2');
    const list = res.json();
    expect(list.map((a: any) => [a.id, a.name, a.type, a.groups.map((g: any) => g.name)])).toEqual([
      [t.demo.vendor.id, 'Demo Vendor', 'vendor', ['Designers']],
      [far.account.id, 'Far Provider', 'provider', ['Admins']],
    ]);
    // auth.UserAccount groups[] are auth.GroupBase: id, name, description and revision are required
    expect(list[0].groups).toEqual([
      { id: designers.id, name: 'Designers', description: 'Catalogue design', revision: designers.revision },
    ]);
    expect(list[1].groups[0]).toMatchObject({ description: 'Full access to every module.', revision: 1 });
    const one = await accountsOf(own, dana.id, `/${far.account.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: far.account.id, role: 'distributor', groups: [{ name: 'Admins' }] });
  });

  it("an admin sees the user's membership of the admin's account only, never the user's other tenants", async () => {
    const res = await accountsOf(vera, dana.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-0/1');
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: t.demo.vendor.id,
        name: 'Demo Vendor',
        groups: [{ id: designers.id, name: 'Designers', description: 'Catalogue design', revision: 1 }],
      }),
    ]);
    expect(JSON.stringify(res.json())).not.toContain(far.account.id);
    const one = await accountsOf(vera, dana.id, `/${t.demo.vendor.id}`);
    expect([one.statusCode, one.json().groups.map((g: any) => g.name)]).toEqual([200, ['Designers']]);
    expect((await accountsOf(vera, dana.id, `/${far.account.id}`)).statusCode).toBe(404);
    // filters work on it like on every list
    expect((await accountsOf(vera, dana.id, '?eq(type,provider)')).json()).toEqual([]);
    expect((await accountsOf(vera, dana.id, '?eq(secret,1)')).statusCode).toBe(400);

    // the other tenant's admin sees Dana's membership of Far Provider only
    const theirs = await accountsOf(fern, dana.id);
    expect(theirs.json().map((a: any) => [a.id, a.groups.map((g: any) => g.name)])).toEqual([
      [far.account.id, ['Admins']],
    ]);
    expect((await accountsOf(fern, dana.id, `/${t.demo.vendor.id}`)).statusCode).toBe(404);
  });

  it('a user of another tenant, an unknown id and, without the users module, anyone else are 404', async () => {
    const calls: [Session, string][] = [
      [fern, `/users/${veraId()}/accounts`],
      [fern, `/users/${veraId()}/accounts/${t.demo.vendor.id}`],
      [vera, '/users/UR-000-000-000/accounts'],
      [vera, `/users/UR-000-000-000/accounts/${t.demo.vendor.id}`],
      [nico, `/users/${dana.id}/accounts`],
      [nico, `/users/${veraId()}/accounts/${t.demo.vendor.id}`],
    ];
    for (const [who, url] of calls) {
      const res = await t.call(who, { method: 'GET', url: `/public/v1${url}` });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error_code).toBe('NF_001');
    }
    // Nico still sees his own
    expect((await accountsOf(nico, nicoId)).json().map((a: any) => a.id)).toEqual([t.demo.vendor.id]);
  });

  it('an invited member shows its pending membership to the admin; a removed one is 404', async () => {
    const invited = (await invite('pending@example.com', [{ id: designers.id }])).json();
    const res = await accountsOf(vera, invited.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: any) => [a.id, a.groups.map((g: any) => g.name)])).toEqual([
      [t.demo.vendor.id, ['Designers']],
    ]);
    const gone = await createUser(t.db, { email: 'gone@example.com', name: 'Gone', password: DEMO_PASSWORD });
    await addMember(t.db, t.demo.vendor.id, gone.id);
    expect((await t.call(vera, { method: 'DELETE', url: `${base}/users/${gone.id}` })).statusCode).toBe(204);
    expect((await accountsOf(vera, gone.id)).statusCode).toBe(404);
  });

  it('an API token reaches the users of its account, in its account only, when it holds the users module', async () => {
    const token = async (module: string) => {
      const res = await t.call(vera, {
        method: 'POST',
        url: '/public/v1/auth/tokens',
        payload: { name: `Users ${module}`, permissions: [{ id: module }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().token as string;
    };
    const users = await token('MD-0001');
    for (const id of [dana.id, veraId()]) {
      const res = await accountsOf(users, id);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((a: any) => a.id)).toEqual([t.demo.vendor.id]);
    }
    expect((await accountsOf(users, dana.id)).json()[0].groups.map((g: any) => g.name)).toEqual(['Designers']);
    expect((await accountsOf(users, dana.id, `/${far.account.id}`)).statusCode).toBe(404);
    const fernId = (await t.call(fern, { method: 'GET', url: '/public/v1/auth/context' })).json().user.id;
    expect((await accountsOf(users, fernId)).statusCode).toBe(404);
    const products = await token('MD-0002');
    expect((await accountsOf(products, dana.id)).statusCode).toBe(404);
    // a token has no settings of its own and reads nobody's
    const setting = `/public/v1/users/${dana.id}/accounts/${t.demo.vendor.id}/settings/recents`;
    expect((await t.call(users, { method: 'GET', url: setting })).statusCode).toBe(404);
    expect((await t.call(users, { method: 'PUT', url: setting, payload: [] })).statusCode).toBe(404);
  });

  it("settings stay the user's own: an admin of the account gets 404, before the body is looked at", async () => {
    const url = `/public/v1/users/${dana.id}/accounts/${t.demo.vendor.id}/settings/recents`;
    const own = await t.login('dana@example.com');
    const recents = [{ type: 'page', name: 'Products', route: 'products' }];
    expect((await t.call(own, { method: 'PUT', url, payload: recents })).statusCode).toBe(200);
    expect((await t.call(own, { method: 'GET', url })).json()).toEqual(recents);
    const farUrl = `/public/v1/users/${dana.id}/accounts/${far.account.id}/settings/recents`;
    expect((await t.call(own, { method: 'GET', url: farUrl })).json()).toEqual([]);
    for (const who of [vera, fern, nico]) {
      expect((await t.call(who, { method: 'GET', url })).statusCode).toBe(404);
      // an invalid body (too many recents) would be a 400 for Dana herself
      const put = await t.call(who, { method: 'PUT', url, payload: Array.from({ length: 9 }, () => ({})) });
      expect(put.statusCode).toBe(404);
    }
    expect((await t.call(own, { method: 'GET', url })).json()).toEqual(recents);
  });
});
