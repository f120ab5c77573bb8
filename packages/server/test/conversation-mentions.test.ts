import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/mail/outbox.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { ok, partner } from './distribution-helpers.ts';
import type { Session, TestApp } from './helpers.ts';
import { openTenants } from './tenants.ts';

// Mentions in conversation messages (`@[Name](UR-…)`): each user of either party that a message mentions gets one
// e-mail through the outbox, with the topic, an excerpt and a link to the object in the portal; a user of any other
// account, an inactive user and the author get none; an edit mails only those it reaches anew; a private message
// reaches its author's account only.

let t: TestApp;
let vendor: Session;
let provider: Session;
let thread: string;
let caseId: string;
const users: Record<'vera' | 'paul' | 'olga' | 'pia' | 'ivo', { id: string; email: string }> = {} as any;

/** The mention e-mails to `email` (newest first). */
const mentionMails = async (email: string) =>
  (await readOutbox(t.db, { to: email, limit: 100 })).filter((m) => m.subject.includes(' mentioned you in '));
const counts = async () =>
  Object.fromEntries(
    await Promise.all(Object.entries(users).map(async ([k, u]) => [k, (await mentionMails(u.email)).length])),
  );
const at = (u: { id: string }, name = 'Someone') => `@[${name}](${u.id})`;
const post = (who: Session, payload: object) => ok(t, who, 'POST', thread, payload);
const edit = (who: Session, id: string, payload: object) => ok(t, who, 'PUT', `${thread}/${id}`, payload, 200);

beforeAll(async () => {
  let other: Session;
  ({ t, vendor, provider, other } = await openTenants());
  await partner(t, vendor, provider);
  users.vera = { id: vendor.body.user.id, email: 'vendor@demo.trellis' };
  users.paul = { id: provider.body.user.id, email: 'provider@demo.trellis' };
  users.olga = { id: other.body.user.id, email: 'other@demo.trellis' };
  // a second user of the provider, and a user invited to the vendor who has not joined yet
  const pia = await createUser(t.db, { email: 'pia@mentions.test', name: 'Pia Provider', password: 'Trellis-demo-1' });
  await addMember(t.db, t.demo.provider.id, pia.id);
  const ivo = await createUser(t.db, { email: 'ivo@mentions.test', name: 'Ivo Invited' });
  await addMember(t.db, t.demo.vendor.id, ivo.id, { status: 'invited' });
  users.pia = { id: pia.id, email: pia.email };
  users.ivo = { id: ivo.id, email: ivo.email };

  const c = await ok(t, provider, 'POST', '/helpdesk/cases', {
    subject: 'Licences not delivered',
    description: 'The activation code never arrived.',
    type: 'technical',
    receiver: { account: { id: t.demo.vendor.id } },
  });
  caseId = c.id;
  const [conversation] = await ok(t, vendor, 'GET', `/conversations?instance_id=${c.id}`);
  thread = `/conversations/${conversation.id}/messages`;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('mentions in conversation messages', () => {
  it('mail a mentioned user of the other party once, and nobody outside the parties, inactive or the author', async () => {
    expect(users.vera.id).toMatch(/^UR-/);
    const before = await counts();
    const text =
      `${at(users.vera, 'Vera Vendor')} could you check the order? ${at(users.vera, 'Vera')} again, ` +
      `${at(users.olga, 'Olga')}, ${at(users.ivo, 'Ivo')}, ${at(users.paul, 'me')} and ${at({ id: 'UR-000-000-000' })}.`;
    const m = await post(provider, { text });
    // mentioning anyone is no error: the text stays as written
    expect(m.text).toBe(text);
    expect(await counts()).toEqual({ ...before, vera: before.vera + 1 });

    const [mail] = await mentionMails(users.vera.email);
    expect(mail.subject).toBe('Paul Provider mentioned you in Case: Licences not delivered');
    expect(mail.account_id).toBe(t.demo.vendor.id);
    expect(mail.body_text).toContain('Paul Provider of Demo Provider mentioned you in "Case: Licences not delivered"');
    // the excerpt reads mentions as @Name and is cut at 100 symbols (spec §9)
    expect(mail.body_text).toContain(
      '> @Vera Vendor could you check the order? @Vera again, @Olga, @Ivo, @me and @Someone.',
    );
    expect(mail.body_text).toContain(`http://portal.test/helpdesk/cases/${caseId}`);
  });

  it('mail on an edit only the users it mentions anew', async () => {
    const m = await post(vendor, { text: `Thanks ${at(users.paul, 'Paul')}, on it.` });
    const before = await counts();
    expect(before.paul).toBeGreaterThan(0);
    // the same mentions, other words: nothing new
    await edit(vendor, m.id, { text: `Thank you ${at(users.paul, 'Paul Provider')}, I am on it.` });
    expect(await counts()).toEqual(before);
    // one mention added: its user alone
    await edit(vendor, m.id, { text: `Thank you ${at(users.paul, 'Paul')} and ${at(users.pia, 'Pia')}.` });
    expect(await counts()).toEqual({ ...before, pia: before.pia + 1 });
  });

  it("keep a private message's mentions in its author's account, until it is made public", async () => {
    const before = await counts();
    const m = await post(provider, {
      text: `${at(users.pia, 'Pia')} ask ${at(users.vera, 'Vera')} later`,
      type: 'private',
    });
    expect(await counts()).toEqual({ ...before, pia: before.pia + 1 });
    const [mail] = await mentionMails(users.pia.email);
    expect(mail.body_text).toContain('(a private message of your account)');

    // made public, it reaches the other party's user it mentions; Pia was told already
    await edit(provider, m.id, { type: 'message' });
    expect(await counts()).toEqual({ ...before, pia: before.pia + 1, vera: before.vera + 1 });
  });
});
