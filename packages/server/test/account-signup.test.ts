import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/mail/outbox.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { API, PASSWORD, invitationCode, inviteAccount, managedAccount, signUp } from './access-helpers.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

// Account invitations and sign-up by code (spec §7 POST /accounts?code=, §8 confirmation code errors), and the
// invitation page's read of an invited user (GET /users?code=… with Account-Context).

let t: TestApp;
let paul: Session;
beforeAll(async () => {
  t = await testApp();
  paul = await t.login('provider@demo.trellis');
});
afterAll(async () => {
  await t?.close();
});

const INVALID = { error_code: 'AUTH_004', errors: ['Invalid confirmation code'] };
const EXPIRED = { error_code: 'AUTH_005', errors: ['Confirmation code is expired'] };

describe('account invitations', () => {
  it('e-mails a sign-up link; the invitation is listed in the inviting account only, never with its code', async () => {
    const { invitation, code } = await inviteAccount(t, paul, 'new.reseller@example.test', {
      type: 'provider',
      role: 'reseller',
      message: 'Welcome aboard',
    });
    expect(invitation).toMatchObject({
      email: 'new.reseller@example.test',
      type: 'provider',
      role: 'reseller',
      status: 'pending',
      owner: { id: t.demo.provider.id },
    });
    expect(JSON.stringify(invitation)).not.toContain(code);
    const [mail] = await readOutbox(t.db, { to: 'new.reseller@example.test', limit: 1 });
    expect(mail.subject).toBe('Demo Provider invites you to open an account');
    expect(mail.body_text).toContain('Welcome aboard');
    const row = await t.db
      .selectFrom('account_invitations')
      .select(['code_hash', 'data'])
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row.data)).not.toContain(code);

    const list = await t.call(paul, { method: 'GET', url: `${API}/accounts/${t.demo.provider.id}/invitations` });
    expect(list.json().map((i: any) => i.id)).toContain(invitation.id);
    const vera = await t.login('vendor@demo.trellis');
    for (const url of [
      `${API}/accounts/${t.demo.provider.id}/invitations`,
      `${API}/accounts/${t.demo.provider.id}/invitations/${invitation.id}`,
    ])
      expect((await t.call(vera, { method: 'GET', url })).statusCode).toBe(404);
    const revoke = await t.call(vera, {
      method: 'POST',
      url: `${API}/accounts/${t.demo.provider.id}/invitations/${invitation.id}/revoke`,
    });
    expect(revoke.statusCode).toBe(404);
  });

  it('refuses a vendor invitation with a provider role, and a second pending one to the same address', async () => {
    const url = `${API}/accounts/${t.demo.provider.id}/invitations`;
    const bad = await t.call(paul, {
      method: 'POST',
      url,
      payload: { email: 'v@example.test', type: 'vendor', role: 'reseller' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.role).toEqual(['A vendor account has no provider role']);
    await inviteAccount(t, paul, 'twice@example.test');
    const again = await t.call(paul, {
      method: 'POST',
      url,
      payload: { email: 'TWICE@example.test', type: 'provider' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.email[0]).toContain('already has a pending invitation');
  });
});

describe('sign-up with an invitation code', () => {
  it('opens a managed account with its admin group and the new user as its first member', async () => {
    const { invitation, code } = await inviteAccount(t, paul, 'rita@example.test');
    const res = await signUp(t, code, 'Rita Resells');
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      name: 'Rita Resells',
      type: 'provider',
      role: 'reseller',
      roles: ['reseller'],
      parent: { id: t.demo.provider.id, name: 'Demo Provider' },
    });
    const row = await t.db
      .selectFrom('accounts')
      .select('parent_id')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBe(t.demo.provider.id);

    // the user signs in to the new account, as its admin (MD-0000)
    const rita = await t.login('rita@example.test', PASSWORD);
    expect(rita.body.account.id).toBe(account.id);
    expect(rita.body.permissions).toEqual(['MD-0000']);
    const members = await t.call(rita, { method: 'GET', url: `${API}/accounts/${account.id}/users` });
    expect(members.json().map((m: any) => [m.email, m.status])).toEqual([['rita@example.test', 'joined']]);

    // the inviting account sees the invitation accepted, and the account it manages now
    const inv = await t.call(paul, {
      method: 'GET',
      url: `${API}/accounts/${t.demo.provider.id}/invitations/${invitation.id}`,
    });
    expect(inv.json()).toMatchObject({ status: 'accepted', account: { id: account.id, name: 'Rita Resells' } });
    const managed = await t.call(paul, { method: 'GET', url: `${API}/accounts?eq(parent.id,${t.demo.provider.id})` });
    expect(managed.json().map((a: any) => a.id)).toContain(account.id);
    // …read-only: only the account one works in is edited
    const edit = await t.call(paul, {
      method: 'PUT',
      url: `${API}/accounts/${account.id}`,
      payload: { name: 'Taken over' },
    });
    expect(edit.statusCode).toBe(403);
    // another provider sees nothing of it
    const olga = await t.login('other@demo.trellis');
    expect((await t.call(olga, { method: 'GET', url: `${API}/accounts/${account.id}` })).statusCode).toBe(404);
  });

  it('the sign-up page reads its invitation with the code (not spending it), and nothing else', async () => {
    const { invitation, code } = await inviteAccount(t, paul, 'reader@example.test');
    const [mail] = await readOutbox(t.db, { to: 'reader@example.test', limit: 1 });
    expect(mail.body_text).toContain(`&account=${t.demo.provider.id}`);
    const url = (account: string, c: string) => `${API}/accounts/${account}/invitations?code=${encodeURIComponent(c)}`;
    const res = await t.app.inject({ method: 'GET', url: url(t.demo.provider.id, code) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: invitation.id,
        email: 'reader@example.test',
        owner: { id: t.demo.provider.id, name: 'Demo Provider' },
      }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: url(t.demo.vendor.id, code) })).json()).toEqual(INVALID);
    expect((await t.app.inject({ method: 'GET', url: url(t.demo.provider.id, 'nope') })).json()).toEqual(INVALID);
    expect((await signUp(t, code, 'Reader Ltd')).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: url(t.demo.provider.id, code) })).statusCode).toBe(401);
  });

  it('spends the code once: a second sign-up is 401 Invalid confirmation code', async () => {
    const { code } = await inviteAccount(t, paul, 'once@example.test');
    expect((await signUp(t, code, 'Once Only')).statusCode).toBe(201);
    const again = await signUp(t, code, 'Twice Over', { name: 'Other', password: 'Another-pass-77' });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID);
  });

  it('answers 401 for an unknown, missing or revoked code and 403 for an expired one', async () => {
    for (const url of [`${API}/accounts?code=nope`, `${API}/accounts`]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { name: 'Nowhere', user: { name: 'N', password: PASSWORD } },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
    }
    const revoked = await inviteAccount(t, paul, 'revoked@example.test');
    const r = await t.call(paul, {
      method: 'POST',
      url: `${API}/accounts/${t.demo.provider.id}/invitations/${revoked.invitation.id}/revoke`,
    });
    expect(r.json().status).toBe('revoked');
    expect((await signUp(t, revoked.code, 'Revoked Ltd')).json()).toEqual(INVALID);

    const old = await inviteAccount(t, paul, 'late@example.test');
    await sql`update account_invitations set expires_at = now() - interval '1 minute' where id = ${old.invitation.id}`.execute(
      t.db,
    );
    const late = await signUp(t, old.code, 'Late Comer');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual(EXPIRED);
    // listed as expired; resending makes a new code (the old one stays dead) that works
    const listed = await t.call(paul, {
      method: 'GET',
      url: `${API}/accounts/${t.demo.provider.id}/invitations?eq(status,expired)`,
    });
    expect(listed.json().map((i: any) => i.id)).toContain(old.invitation.id);
    const resent = await t.call(paul, {
      method: 'POST',
      url: `${API}/accounts/${t.demo.provider.id}/invitations/${old.invitation.id}/resend`,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().status).toBe('pending');
    const fresh = await invitationCode(t, 'late@example.test');
    expect(fresh).not.toBe(old.code);
    expect((await signUp(t, old.code, 'Late Comer')).json()).toEqual(INVALID);
    expect((await signUp(t, fresh, 'Late Comer')).statusCode).toBe(201);
  });

  it('validates the name (4 to 64 characters) and the new password before spending the code', async () => {
    const { code } = await inviteAccount(t, paul, 'rules@example.test');
    const short = await signUp(t, code, 'Abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.name).toEqual(['Input must be at least 4 characters']);
    const long = await signUp(t, code, 'x'.repeat(65));
    expect(long.json().fields.name).toEqual(['Input must be at most 64 characters']);
    const weak = await signUp(t, code, 'Rules Ltd', { name: 'Rules', password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields['user.password']).toBeDefined();
    const none = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts?code=${code}`,
      payload: { name: 'Rules Ltd' },
    });
    expect(none.json().fields.user).toEqual(['This field is required']);
    expect((await signUp(t, code, 'Rules Ltd')).statusCode).toBe(201);
  });

  it('an existing user of the e-mail signs in first and becomes the first member', async () => {
    const user = await createUser(t.db, { email: 'known@example.test', name: 'Known Person', password: PASSWORD });
    await addMember(t.db, t.demo.vendor.id, user.id);
    const { code } = await inviteAccount(t, paul, 'known@example.test');
    const anonymous = await signUp(t, code, 'Known Ltd');
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().errors[0]).toContain('sign in as that user');
    const known = await t.login('known@example.test', PASSWORD);
    const res = await t.call(known, {
      method: 'POST',
      url: `${API}/accounts?code=${code}`,
      payload: { name: 'Known Ltd' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const switched = await t.call(known, {
      method: 'POST',
      url: `${API}/auth/context`,
      payload: { account: { id: res.json().id } },
    });
    expect(switched.json().permissions).toEqual(['MD-0000']);
  });
});

describe('GET /users?code= (the invitation page)', () => {
  async function invitedUser(email: string) {
    const res = await t.call(paul, {
      method: 'POST',
      url: `${API}/accounts/${t.demo.provider.id}/users`,
      payload: { email, name: 'Ivy Invited' },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await readOutbox(t.db, { to: email, limit: 1 });
    const m = /\/password\/set\?code=([^\s&]+)&account=(\S+)/.exec(mail.body_text)!;
    return { code: decodeURIComponent(m[1]), account: decodeURIComponent(m[2]) };
  }
  const read = (code: string, account?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `${API}/users?code=${encodeURIComponent(code)}&ordering(-events.invited.at)`,
      headers: account ? { 'account-context': account, ...headers } : headers,
    });

  it('shows the invited user and the account, to anyone holding the code, and nothing else', async () => {
    const { code, account } = await invitedUser('ivy@example.test');
    expect(account).toBe(t.demo.provider.id);
    const res = await read(code, account);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-0/1');
    expect(res.json()).toEqual([
      expect.objectContaining({
        email: 'ivy@example.test',
        status: 'invited',
        account: { id: t.demo.provider.id, name: 'Demo Provider' },
        events: expect.objectContaining({
          invited: expect.objectContaining({ by: expect.objectContaining({ name: 'Paul Provider' }) }),
        }),
      }),
    ]);
    // the code is not spent by reading it
    expect((await read(code, account)).statusCode).toBe(200);
    // a signed-in user of another account reads it the same way (the page may open in any browser)
    const vera = await t.login('vendor@demo.trellis');
    expect((await read(code, account, vera.headers)).json()[0].email).toBe('ivy@example.test');
  });

  it('refuses a wrong code or another account with 401, an expired code with 403', async () => {
    const { code, account } = await invitedUser('ivy2@example.test');
    expect((await read('nope', account)).json()).toEqual(INVALID);
    const other = await read(code, t.demo.vendor.id);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual(INVALID);
    await sql`update confirmation_codes set expires_at = now() - interval '1 minute' where kind = 'invite' and used_at is null`.execute(
      t.db,
    );
    const expired = await read(code, account);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual(EXPIRED);
    // without a code the list still needs a session
    expect((await t.app.inject({ method: 'GET', url: `${API}/users` })).statusCode).toBe(401);
  });
});

describe('managed accounts', () => {
  it('are listed to the parent with the users module, and their accounts too (transitively)', async () => {
    const child = await managedAccount(t, paul, 'child@example.test', 'Child Reseller');
    const { code } = await inviteAccount(t, child.session, 'grandchild@example.test');
    const grand = (await signUp(t, code, 'Grandchild Ltd')).json();
    const list = await t.call(paul, { method: 'GET', url: `${API}/accounts?limit=100` });
    const ids = list.json().map((a: any) => a.id);
    expect(ids).toEqual(expect.arrayContaining([t.demo.provider.id, child.account.id, grand.id]));
    // the child sees its own and the grandchild, never its parent
    const childList = (await t.call(child.session, { method: 'GET', url: `${API}/accounts` }))
      .json()
      .map((a: any) => a.id);
    expect(childList.sort()).toEqual([child.account.id, grand.id].sort());
  });
});
