import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { expectStatus } from './fulfillment-requests-helpers.ts';
import { startCli, waitFor, type Proc } from './processes.ts';

// Issue 18: webhook events are delivered once per webhook when several server processes share one PostgreSQL
// database (each runs the job runner: the dispatcher and the deliveries). The world is made in this process (its
// app runs no jobs); two `trellis serve` processes then take every change over HTTP and do all the background work;
// a loopback receiver plays the accounts' servers. Needs a real PostgreSQL: skipped unless TEST_DATABASE_URL is set.
const BASE = process.env.TEST_DATABASE_URL;
const SECRET = 'whsec-processes-0123456789';
const secretKey = new TextEncoder().encode(SECRET);
/** Requests changed, three changes each (created, the vendor's parameter, approved). */
const REQUESTS = 6;

interface Call {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
  /** Calls of the same webhook about the same object that were still unanswered when this one came. */
  overlapping: number;
}

describe.skipIf(!BASE)('webhooks with two server processes on one PostgreSQL', () => {
  let w: FulfillmentWorld;
  let receiver: Server;
  let receiverUrl = '';
  const calls: Call[] = [];
  const servers: Proc[] = [];
  const urls: string[] = [];
  const keys = { vendor: '', provider: '' };

  beforeAll(async () => {
    // The vendor's receiver is slow and the provider's quick: a runner done with a provider call while the other
    // waits on the vendor's takes the next delivery in line, which may be the vendor's next one of the same object.
    const unanswered = new Map<string, number>();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        const key = `${req.url} ${body.id}`;
        calls.push({ path: req.url ?? '', headers: req.headers, body, overlapping: unanswered.get(key) ?? 0 });
        unanswered.set(key, (unanswered.get(key) ?? 0) + 1);
        setTimeout(
          () => {
            unanswered.set(key, unanswered.get(key)! - 1);
            res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
          },
          req.url === '/vendor' ? 400 : 10,
        );
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

    w = await fulfillmentWorld();
    while ((await runDueJobs(w.t.db)) > 0);
    for (const who of ['vendor', 'provider'] as const) {
      const token = await expectStatus(
        w,
        w[who],
        'POST',
        '/auth/tokens',
        { name: `processes ${who}`, permissions: [{ id: 'MD-0000' }] },
        201,
      );
      keys[who] = /^ApiKey /.test(token.token) ? token.token : `ApiKey ${token.token}`;
    }
    // this process's app runs no job runner (jobIntervalMs 0): from here on, the two servers do all the work
    const env = {
      DATABASE_URL: w.t.config.databaseUrl!,
      HOST: '127.0.0.1',
      PORT: '0',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: '5000',
      JOB_INTERVAL_MS: '1000',
    };
    servers.push(startCli(['serve'], env), startCli(['serve'], env));
    for (const s of servers) {
      await waitFor('a server to listen', () => /running at (http:\S+)/.test(s.out()) || s.child.exitCode !== null);
      const found = /running at (http:\S+)/.exec(s.out());
      expect(found, s.err()).not.toBeNull();
      urls.push(found![1]);
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await w?.t.close();
    receiver?.close();
  });

  /** A call to one of the two servers (0 or 1) with an account's API token. */
  async function api(server: number, who: 'vendor' | 'provider', method: string, path: string, body?: unknown) {
    const res = await fetch(`${urls[server]}/public/v1${path}`, {
      method,
      headers: { authorization: keys[who], ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    expect(res.status, `${method} ${path} on server ${server}: ${text}`).toBeLessThan(300);
    return JSON.parse(text);
  }

  it('delivers each change once to each webhook, in order per object', async () => {
    const hookBody = (label: string, path: string) => ({
      object_class: 'fulfillment_request',
      label,
      product_id: w.product.id,
      external_url: `${receiverUrl}${path}`,
      jwt_secret: SECRET,
      active: true,
      http_method: 'POST',
    });
    const hooks = {
      vendor: await api(0, 'vendor', 'POST', '/notifications/webhooks', hookBody('Vendor ERP', '/vendor')),
      provider: await api(1, 'provider', 'POST', '/notifications/webhooks', hookBody('Provider billing', '/provider')),
    };

    // two clients at once, each changing its requests one after the other, every request through both servers
    const change = async (i: number) => {
      const [a, b] = [i % 2, (i + 1) % 2];
      const r = await api(a, 'provider', 'POST', '/requests', w.purchaseBody());
      await api(b, 'vendor', 'PUT', `/requests/${r.id}`, {
        asset: { params: [{ id: 'activation_code', value: `ACT-${i}` }] },
      });
      const approved = await api(a, 'vendor', 'POST', `/requests/${r.id}/approve`, { activation_tile: 'Done' });
      expect(approved.status).toBe('approved');
      return r.id as string;
    };
    const lane = async (first: number) => {
      const ids: string[] = [];
      for (let i = first; i < REQUESTS; i += 2) ids.push(await change(i));
      return ids;
    };
    const changed = (await Promise.all([lane(0), lane(1)])).flat();

    const expected = 2 * 3 * REQUESTS;
    const open = () =>
      w.t.db.selectFrom('webhook_deliveries').select('id').where('status', '<>', 'delivered').executeTakeFirst();
    await waitFor('every delivery', async () => calls.length >= expected && !(await open()), 40_000).catch(
      () => undefined, // the assertions below say what is missing
    );
    // a delivery made twice would come in after the others: give it the time to
    await new Promise((r) => setTimeout(r, 1500));

    const events = await w.t.db
      .selectFrom('events')
      .select(['id', 'seq', 'object_id'])
      .where('object_id', 'in', changed)
      .orderBy('seq')
      .execute();
    expect(events).toHaveLength(3 * REQUESTS);
    const deliveries = await w.t.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'webhook_id', 'object_id', 'event_seq', 'status', 'attempts'])
      .execute();
    expect(deliveries.filter((d) => d.status !== 'delivered' || d.attempts !== 1)).toEqual([]);

    for (const [who, hook] of Object.entries(hooks)) {
      const mine = calls.filter((c) => c.path === `/${who}`);
      // exactly once: each of the webhook's deliveries arrived one time, and there is one per event
      const ids = mine.map((c) => String(c.headers['trellis-delivery']));
      expect(new Set(ids).size, `${who}: a delivery came twice`).toBe(ids.length);
      expect(ids.sort()).toEqual(
        deliveries
          .filter((d) => d.webhook_id === hook.id)
          .map((d) => d.id)
          .sort(),
      );
      expect(mine.map((c) => c.headers['trellis-event-id']).sort(), who).toEqual(events.map((e) => e.id).sort());
      // signed for this webhook, about the object in the body
      for (const c of mine) {
        const token = String(c.headers.authorization).replace(/^Bearer /, '');
        const { payload } = await jwtVerify(token, secretKey, { issuer: 'trellis', audience: hook.id });
        expect(payload).toMatchObject({
          webhook_id: hook.id,
          object_id: c.body.id,
          jti: c.headers['trellis-delivery'],
        });
      }
      // in order per object: one call at a time (the next once the receiver answered the one before), the events as
      // they were numbered, the request as it stood then or later
      expect(mine.filter((c) => c.overlapping > 0).map((c) => `${c.body.id} ${c.headers['trellis-event-id']}`)).toEqual(
        [],
      );
      for (const id of changed) {
        const arrived = mine.filter((c) => c.body.id === id);
        expect(
          arrived.map((c) => c.headers['trellis-event-id']),
          `${who}: ${id}`,
        ).toEqual(events.filter((e) => e.object_id === id).map((e) => e.id));
        const statuses = arrived.map((c) => c.body.status);
        expect(statuses.at(-1)).toBe('approved');
        expect(
          statuses.slice(statuses.indexOf('approved')).every((s) => s === 'approved'),
          `${who}: ${statuses}`,
        ).toBe(true);
        expect(['pending', 'approved']).toEqual(expect.arrayContaining(statuses));
      }
    }
    expect(calls).toHaveLength(expected);
    // both servers still up: neither crashed on the shared work
    expect(servers.map((s) => s.child.exitCode)).toEqual([null, null]);
  }, 90_000);
});
