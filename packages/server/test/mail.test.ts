import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverOnce, MAX_ATTEMPTS, startMailDelivery } from '../src/mail/delivery.ts';
import { queueMail, readOutbox } from '../src/mail/outbox.ts';
import { testApp, type TestApp } from './helpers.ts';
import { parseMail, smtpPeer, type SmtpPeer } from './smtp-peer.ts';

let smtp: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  smtp = await smtpPeer();
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await t.db.deleteFrom('outbox').execute();
});

const withSmtp = () => ({ ...t.config, smtpUrl: smtp.url, mailFrom: 'Trellis <no-reply@trellis.test>' });
const outboxRow = (id: string) => t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('SMTP delivery of the outbox', () => {
  it('sends a queued restore e-mail over SMTP and marks it sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/password/restore',
      payload: { email: 'vendor@demo.trellis' },
    });
    expect(res.statusCode).toBe(200);
    const [queued] = await readOutbox(t.db, { to: 'vendor@demo.trellis' });
    expect(queued.status).toBe('queued');

    expect(await deliverOnce(t.db, withSmtp())).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [msg] = smtp.received;
    expect(msg.from).toBe('no-reply@trellis.test');
    expect(msg.to).toEqual(['vendor@demo.trellis']);
    expect(msg.raw).toMatch(/^Subject: Set a new password\r?$/m);
    expect((await parseMail(msg.raw)).text).toMatch(/http:\/\/portal\.test\/password\/set\?code=[\w-]+/);

    const row = await outboxRow(queued.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
    // Nothing is sent twice.
    expect(await deliverOnce(t.db, withSmtp())).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("records a refused message's error, retries after a backoff and gives up after the last attempt", async () => {
    const id = await queueMail(t.db, { to: 'nobody@refused.test', subject: 'Hello', text: 'Body' });
    expect(await deliverOnce(t.db, withSmtp())).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await outboxRow(id);
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('Mailbox unavailable');
    expect(new Date(row.next_attempt_at!).getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: left alone.
    expect(await deliverOnce(t.db, withSmtp())).toEqual({ sent: 0, retried: 0, failed: 0 });

    // Make each retry due at once; the fifth attempt is the last.
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.db
        .updateTable('outbox')
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', id)
        .execute();
      const result = await deliverOnce(t.db, withSmtp());
      expect(result, `attempt ${attempt}`).toEqual(
        attempt < MAX_ATTEMPTS ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 },
      );
    }
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    await t.db.updateTable('outbox').set({ next_attempt_at: null }).where('id', '=', id).execute();
    expect(await deliverOnce(t.db, withSmtp())).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('lets two deliverers share the queue without sending a message twice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(await queueMail(t.db, { to: `user${i}@example.test`, subject: `Message ${i}`, text: `Body ${i}` }));
    const results = await Promise.all([deliverOnce(t.db, withSmtp()), deliverOnce(t.db, withSmtp())]);
    expect(results[0].sent + results[1].sent).toBe(6);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(ids.map((_, i) => `user${i}@example.test`).sort());
  });

  it('runs in the background until stopped', async () => {
    const stop = startMailDelivery(t.db, withSmtp(), { intervalMs: 50 });
    try {
      await queueMail(t.db, { to: 'bg@example.test', subject: 'Background', text: 'Sent by the loop' });
      for (let i = 0; i < 100 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(smtp.received.map((m) => m.to[0])).toEqual(['bg@example.test']);
    } finally {
      await stop();
    }
    await queueMail(t.db, { to: 'late@example.test', subject: 'After stop', text: 'Stays queued' });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received).toHaveLength(1);
  });

  it('is started by the server when SMTP_URL is set, and stops when the app closes', async () => {
    const s = await testApp({ smtpUrl: smtp.url, mailIntervalMs: 50 });
    try {
      await queueMail(s.db, { to: 'wired@example.test', subject: 'Wired', text: 'From startServer' });
      for (let i = 0; i < 160 && !smtp.received.length; i++) await new Promise((r) => setTimeout(r, 50));
      expect(smtp.received.map((m) => m.to[0])).toEqual(['wired@example.test']);
      // The SMTP server has the message before the deliverer records it as sent: wait for that write.
      const status = async () => (await readOutbox(s.db, { to: 'wired@example.test' }))[0].status;
      for (let i = 0; i < 100 && (await status()) !== 'sent'; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await status()).toBe('sent');
    } finally {
      await s.close();
    }
  });
});
