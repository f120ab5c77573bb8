import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import { attemptDelivery } from '../src/modules/notifications/deliver.ts';
import { pruneEvents } from '../src/modules/notifications/dispatch.ts';
import { setOutboundPolicy } from '../src/modules/notifications/policy.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { act, expectStatus, fillActivation } from './fulfillment-requests-helpers.ts';

// Webhooks (issue 18): an account's callbacks for changes of the objects of one class and product it reads
// (reference /notifications/webhooks). Each change the engine audits writes an event in its transaction; the
// dispatcher makes one delivery per watching webhook; each is POSTed signed (Bearer JWT and Trellis-Signature),
// retried with backoff, in order per object, and logged. A loopback receiver plays the account's server.

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let w: FulfillmentWorld;
let server: Server;
let url: string;
const received: Received[] = [];
/** What the receiver answers next (each call takes one; then 200). */
const answers: number[] = [];
/** How the receiver answers a validator's call (path /validate): status and body from the request it was sent. */
let validatorAnswer: (request: any) => { status: number; body: string } | null = () => null;
const SECRET = 'whsec-0123456789abcdef-ABCDEF';

const post = (who: 'vendor' | 'provider' | 'other', path: string, body: object, status = 201) =>
  expectStatus(w, w[who], 'POST', path, body, status);
const get = (who: 'vendor' | 'provider' | 'other', path: string, status = 200) =>
  expectStatus(w, w[who], 'GET', path, undefined, status);
const hookBody = (over: object = {}) => ({
  object_class: 'fulfillment_request',
  label: 'Order processing',
  product_id: w.product.id,
  description: 'Sends requests to our ERP',
  external_url: `${url}/hooks/requests`,
  jwt_secret: SECRET,
  active: true,
  http_method: 'POST',
  headers: { 'X-Erp-Tenant': 'acme' },
  ...over,
});
const drain = async () => {
  while ((await runDueJobs(w.t.db)) > 0);
};
const deliveriesOf = async (id: string) => (await get('vendor', `/notifications/webhooks/${id}/deliveries`)) as any[];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body });
      if (req.url?.startsWith('/validate')) {
        const answer = validatorAnswer(JSON.parse(body));
        if (!answer) return; // no answer at all: the caller's time limit ends it
        return res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      }
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  w = await fulfillmentWorld({}, { webhookAllowPrivate: true, webhookTimeoutMs: 2000 });
  await drain();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
  server?.close();
});
beforeEach(async () => {
  // each test watches with its own webhooks only
  await w.t.db.deleteFrom('webhooks').execute();
  received.length = 0;
  answers.length = 0;
});

describe('webhooks', () => {
  it('are the account’s own, answer the secret masked, and refuse bad input naming the field', async () => {
    const hook = await post('vendor', '/notifications/webhooks', hookBody());
    expect(hook).toMatchObject({
      id: expect.stringMatching(/^WH(-\d{3}){3}$/),
      type: 'event',
      object_class: 'fulfillment_request',
      active: true,
      product: { id: w.product.id, name: w.product.name },
      headers: { 'X-Erp-Tenant': 'acme' },
      stats: { events: 0, triggers: 0, failure_since_last_success: 0 },
      jwt_secret: '********CDEF',
    });
    expect(JSON.stringify(await get('vendor', `/notifications/webhooks/${hook.id}`))).not.toContain(SECRET);
    expect(JSON.stringify(await get('vendor', `/audit/records?object.id=${hook.id}`))).not.toContain(SECRET);
    // another account: not there at all, before the body is looked at
    await get('other', `/notifications/webhooks/${hook.id}`, 404);
    await expectStatus(w, w.other, 'PUT', `/notifications/webhooks/${hook.id}`, { label: 5 }, 404);
    await expectStatus(w, w.other, 'POST', `/notifications/webhooks/${hook.id}/trigger`, {}, 404);
    await get('other', `/notifications/webhooks/${hook.id}/deliveries`, 404);
    expect((await get('other', '/notifications/webhooks')).map((h: any) => h.id)).not.toContain(hook.id);

    const errors = async (over: object) =>
      (await post('vendor', '/notifications/webhooks', hookBody(over), 400)).errors;
    expect(await errors({ external_url: 'example.com/hook' })).toEqual(['external_url: Wrong URL format']);
    expect(await errors({ jwt_secret: 'short' })).toEqual(['jwt_secret: Input must be at least 16 characters']);
    expect(await errors({ headers: { Authorization: 'x' } })).toEqual([
      'headers.Authorization: The header "Authorization" is set by Trellis and cannot be replaced.',
    ]);
    expect(await errors({ label: '' })).toEqual(['label: This field is required']);
    expect(await errors({ type: 'draft_tcr_t1_val' })).toEqual([
      'object_class: A tier 1 setup draft validation webhook watches tier config requests.',
    ]);
    // a product the account does not read
    const theirs = await post('other', '/products', { name: 'Other product', short_description: 'x' });
    expect(await errors({ product_id: theirs.id })).toEqual([`product_id: Product ${theirs.id} was not found.`]);

    // PUT with the masked secret keeps it; a new one replaces it (and is masked again)
    const same = await expectStatus(
      w,
      w.vendor,
      'PUT',
      `/notifications/webhooks/${hook.id}`,
      {
        ...hookBody({ jwt_secret: hook.jwt_secret, label: 'Renamed' }),
      },
      200,
    );
    expect(same).toMatchObject({ label: 'Renamed', jwt_secret: '********CDEF', modified_at: expect.any(String) });
    const rotated = await expectStatus(
      w,
      w.vendor,
      'PUT',
      `/notifications/webhooks/${hook.id}`,
      {
        jwt_secret: 'a-new-secret-of-enough-length-9999',
      },
      200,
    );
    expect(rotated.jwt_secret).toBe('********9999');
  });

  it('refuse plain http and private addresses unless the operator allows them', async () => {
    setOutboundPolicy({ allowPrivate: false });
    try {
      const errors = async (external_url: string) =>
        (await post('vendor', '/notifications/webhooks', hookBody({ external_url }), 400)).errors;
      expect(await errors('http://hooks.example.com/x')).toEqual([
        'external_url: Wrong URL protocol, "https" expected.',
      ]);
      for (const host of ['127.0.0.1', 'localhost', '10.0.0.7', '[::1]', '169.254.169.254', '192.168.1.1'])
        expect((await errors(`https://${host}/x`))[0]).toMatch(/is in a private or local network/);
    } finally {
      setOutboundPolicy({ allowPrivate: true });
    }
  });

  it('deliver each change of a watched request, signed, as the account reads it, in order', async () => {
    const hook = await post('vendor', '/notifications/webhooks', hookBody());
    const providerHook = await post('provider', '/notifications/webhooks', hookBody({ label: 'Provider side' }));
    // another vendor's webhook on its own product hears nothing of this one's requests
    const theirs = await post('other', '/products', { name: 'Unrelated', short_description: 'x' });
    const otherHook = await post('other', '/notifications/webhooks', hookBody({ product_id: theirs.id }));

    const r = await w.purchase();
    await fillActivation(w, r.id);
    await act(w, w.vendor, r.id, 'approve', { activation_tile: 'Done' });
    await drain();

    const mine = received.filter((m) => m.headers['trellis-delivery'] && m.headers['x-erp-tenant']);
    const byHook = (id: string) => mine.filter((m) => JSON.parse(atob(tokenOf(m).split('.')[1])).webhook_id === id);
    const vendorCalls = byHook(hook.id);
    // create, the vendor's parameter fill, the approval: in that order, each the request as it was then or later
    expect(vendorCalls.map((m) => m.headers['trellis-event'])).toEqual([
      'asset_purchase_request_processing',
      'asset_purchase_request_processing',
      'asset_purchase_request_processing',
    ]);
    expect(JSON.parse(vendorCalls.at(-1)!.body)).toMatchObject({ id: r.id, status: 'approved' });
    expect(byHook(providerHook.id)).toHaveLength(3);
    expect(byHook(otherHook.id)).toHaveLength(0);

    // the documented checks: the Bearer JWT (HS256, the webhook as audience) and the body's HMAC signature
    const call = vendorCalls[0];
    const { payload } = await jwtVerify(tokenOf(call), new TextEncoder().encode(SECRET), {
      issuer: 'trellis',
      audience: hook.id,
      algorithms: ['HS256'],
    });
    expect(payload).toMatchObject({ webhook_id: hook.id, object_id: r.id, jti: call.headers['trellis-delivery'] });
    const [t, v1] = String(call.headers['trellis-signature']).split(',');
    const expected = createHmac('sha256', SECRET)
      .update(`${t.slice(2)}.${call.body}`)
      .digest('hex');
    expect(v1).toBe(`v1=${expected}`);
    expect(call.headers['content-type']).toBe('application/json');

    const log = await deliveriesOf(hook.id);
    expect(log).toHaveLength(3);
    expect(log.every((d) => d.status === 'delivered' && d.status_code === 200 && d.attempts === 1)).toBe(true);
    expect(await get('vendor', `/notifications/webhooks/${hook.id}`)).toMatchObject({
      stats: { events: 3, triggers: 3, success_triggers: 3, failure_since_last_success: 0 },
      last_success: { status: 'success', status_code: 200 },
      last_event: expect.any(String),
    });
  });

  it('retry a failed delivery with growing waits, hold the object’s next change back meanwhile, and count failures', async () => {
    const hook = await post('vendor', '/notifications/webhooks', hookBody());
    answers.push(500, 503);
    const r = await w.purchase();
    await drain();
    let [first] = await deliveriesOf(hook.id);
    expect(first).toMatchObject({ status: 'retrying', attempts: 1, status_code: 500 });
    const wait = Date.parse(first.next_attempt_at) - Date.parse(first.events.attempted.at);
    expect(wait).toBeGreaterThanOrEqual(24_000);
    expect(wait).toBeLessThanOrEqual(36_000);
    expect((await get('vendor', `/notifications/webhooks/${hook.id}`)).stats.failure_since_last_success).toBe(1);

    // the next change of the same request waits behind the failing one
    await fillActivation(w, r.id);
    await drain();
    let log = await deliveriesOf(hook.id);
    expect(log.map((d) => [d.status, d.attempts])).toEqual([
      ['pending', 0],
      ['retrying', 1],
    ]);

    // time passes (a controlled clock): the second attempt fails too, with a longer wait, then the third succeeds
    const at = (ms: number) => new Date(Date.now() + ms);
    first = await attemptDelivery(w.t.db, first.id, at(40_000));
    expect(first).toMatchObject({ status: 'retrying', attempts: 2, status_code: 503 });
    expect((await get('vendor', `/notifications/webhooks/${hook.id}`)).stats.failure_since_last_success).toBe(2);
    first = await attemptDelivery(w.t.db, first.id, at(200_000));
    expect(first).toMatchObject({ status: 'delivered', attempts: 3, status_code: 200 });
    await drain();
    log = await deliveriesOf(hook.id);
    expect(log.map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(await get('vendor', `/notifications/webhooks/${hook.id}`)).toMatchObject({
      stats: { triggers: 4, failure_triggers: 2, success_triggers: 2, failure_since_last_success: 0 },
      last_failure: { status: 'failure', status_code: 503 },
    });
  });

  it('are delivered once each when two job runners share the queue', async () => {
    await post('vendor', '/notifications/webhooks', hookBody());
    const made = await Promise.all([w.purchase(), w.purchase(), w.purchase(), w.purchase()]);
    await Promise.all([drain(), drain()]);
    const ids = received.map((m) => m.headers['trellis-delivery']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(received.map((m) => JSON.parse(m.body).id).sort()).toEqual(made.map((r) => r.id).sort());
  });

  it('send a test call on trigger, and report a receiver that is down or too slow', async () => {
    const hook = await post('vendor', '/notifications/webhooks', hookBody({ active: false }));
    const ok = await post('vendor', `/notifications/webhooks/${hook.id}/trigger`, {}, 200);
    expect(ok).toMatchObject({ status: 'delivered', status_code: 200, event: { type: 'webhook_test' } });
    expect(JSON.parse(received[0].body)).toMatchObject({ type: 'webhook_test', webhook: { id: hook.id } });

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expectStatus(
      w,
      w.vendor,
      'PUT',
      `/notifications/webhooks/${hook.id}`,
      {
        external_url: `http://127.0.0.1:${port}/gone`,
      },
      200,
    );
    const down = await post('vendor', `/notifications/webhooks/${hook.id}/trigger`, {}, 200);
    // (the API leaves out null fields: no status code)
    expect(down).toMatchObject({ status: 'failed', error: 'The connection was refused.' });
    expect(down.status_code).toBeUndefined();

    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    await expectStatus(
      w,
      w.vendor,
      'PUT',
      `/notifications/webhooks/${hook.id}`,
      {
        external_url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/slow`,
      },
      200,
    );
    const slow = await post('vendor', `/notifications/webhooks/${hook.id}/trigger`, {}, 200);
    expect(slow).toMatchObject({ status: 'failed', error: 'No answer within 2 s.' });
    silent.closeAllConnections();
    silent.close();
    expect((await get('vendor', `/notifications/webhooks/${hook.id}`)).stats.failure_since_last_success).toBe(2);
    expect((await deliveriesOf(hook.id)).map((d) => d.status)).toEqual(['failed', 'failed', 'delivered']);
  });
});

describe('retention', () => {
  it('drops finished deliveries and dispatched events after 30 days, keeping open ones', async () => {
    const hook = await post('vendor', '/notifications/webhooks', hookBody());
    answers.push(500);
    await w.purchase();
    await w.purchase();
    await drain();
    expect((await deliveriesOf(hook.id)).map((d) => d.status).sort()).toEqual(['delivered', 'retrying']);
    await pruneEvents(w.t.db, new Date(Date.now() + 29 * 86_400_000));
    expect(await deliveriesOf(hook.id)).toHaveLength(2);
    await pruneEvents(w.t.db, new Date(Date.now() + 31 * 86_400_000));
    expect((await deliveriesOf(hook.id)).map((d) => d.status)).toEqual(['retrying']);
    const { rows } = await sql`select count(*)::int as n from events where dispatched_at is not null`.execute(w.t.db);
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('validator webhooks (dynamic validation)', () => {
  it('apply the vendor service’s errors to a draft’s parameters, and name a service that fails', async () => {
    await post('vendor', '/notifications/webhooks', {
      ...hookBody({ type: 'validator', label: 'Order checks', external_url: `${url}/validate` }),
    });
    const draft = await w.purchase({ status: 'draft' });
    validatorAnswer = (request) => ({
      status: 200,
      body: JSON.stringify({
        ...request,
        asset: {
          ...request.asset,
          params: request.asset.params.map((p: any) =>
            p.id === 'admin_email' && String(p.value).endsWith('@blocked.example')
              ? { ...p, value_error: 'This domain cannot order the product.' }
              : p,
          ),
        },
      }),
    });
    const validate = (value: string, status = 200) =>
      post('provider', `/requests/${draft.id}/validate`, { asset: { params: [{ id: 'admin_email', value }] } }, status);
    const paramOf = (r: any) => r.asset.params.find((p: any) => p.id === 'admin_email');

    expect(paramOf(await validate('it@blocked.example'))).toMatchObject({
      value: 'it@blocked.example',
      value_error: 'This domain cannot order the product.',
    });
    const sent = JSON.parse(received.at(-1)!.body);
    expect(sent).toMatchObject({ id: draft.id, status: 'draft' });
    expect(paramOf(sent).value).toBe('it@blocked.example');
    expect(received.at(-1)!.headers['trellis-event']).toBe('validator');
    // the built-in checks still apply where the service says nothing
    expect(paramOf(await validate('not-an-email'))).toMatchObject({ value_error: 'E-mail must be valid' });
    expect(paramOf(await validate('it@fabrikam.example')).value_error ?? '').toBe('');

    validatorAnswer = () => ({ status: 200, body: '<html>oops</html>' });
    expect((await validate('x@fabrikam.example', 400)).errors).toEqual([
      "The vendor's validation service answered something that is not JSON. Try again later, or contact the vendor.",
    ]);
    validatorAnswer = () => ({ status: 502, body: '{}' });
    expect((await validate('x@fabrikam.example', 400)).errors[0]).toMatch(/validation service answered 502/);
    validatorAnswer = () => null;
    expect((await validate('x@fabrikam.example', 400)).errors[0]).toMatch(
      /could not be reached \(No answer within 2 s\)/,
    );
    // nothing was saved by the refused validations
    const stored = await get('provider', `/requests/${draft.id}`);
    expect(paramOf(stored).value).toBe('it@fabrikam.example');
  });
});

function tokenOf(m: Received): string {
  return String(m.headers.authorization).replace(/^Bearer /, '');
}
