import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { fulfillmentWorld, ok, type FulfillmentWorld } from './fulfillment-fixture.ts';
import {
  act,
  expectError,
  expectStatus,
  fillActivation,
  future,
  purchaseIn,
  purchaseWith,
  templateOf,
} from './fulfillment-requests-helpers.ts';

let w: FulfillmentWorld;
beforeAll(async () => {
  w = await fulfillmentWorld();
  // an optional choice parameter, for the choice message
  await ok(w.t, w.vendor, 'POST', `/products/${w.product.id}/parameters`, {
    name: 'plan',
    title: 'Plan',
    type: 'choice',
    phase: 'ordering',
    scope: 'asset',
    constraints: {
      required: false,
      choices: [
        { value: 'basic', label: 'Basic' },
        { value: 'pro', label: 'Pro' },
      ],
    },
  });
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const assetCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from assets`.execute(w.t.db)).rows[0].n);
const params = (...p: object[]) => [{ id: 'admin_email', value: 'admin@fabrikam.example' }, ...p];

describe('purchase', () => {
  it('creates a pending request and a processing asset with reference ids; T1 follows from the customer', async () => {
    const body = purchaseWith(w, { tiers: { customer: { external_uid: 'ext-c1' } } });
    const r = await expectStatus(w, w.provider, 'POST', '/requests', body, 201);
    expect(r.id).toMatch(/^PR-\d{4}-\d{4}-\d{4}-001$/);
    expect(r.asset.id).toMatch(/^AS-\d{4}-\d{4}-\d{4}$/);
    expect(r.id.startsWith(r.asset.id.replace('AS-', 'PR-'))).toBe(true);
    expect(r).toMatchObject({
      type: 'purchase',
      status: 'pending',
      activation_key: '',
      marketplace: { id: w.marketplace.id },
      asset: {
        status: 'processing',
        external_uid: body.asset.external_uid,
        product: { id: w.product.id, status: 'published' },
        connection: {
          id: w.connection.id,
          type: 'production',
          provider: { id: w.t.demo.provider.id },
          vendor: { id: w.t.demo.vendor.id },
        },
        tiers: { customer: { id: w.customer.id }, tier1: { id: w.t1.id } },
        items: [{ id: w.items.seat.id, quantity: '5', item_type: 'Reservation', mpn: 'MAIL-SEAT' }],
      },
    });
    // unassigned, no template, no T2
    expect(r).not.toHaveProperty('assignee');
    expect(r).not.toHaveProperty('template');
    expect(r.asset.tiers).not.toHaveProperty('tier2');
    expect(r.asset.params.map((p: any) => p.id)).toEqual(['admin_email', 'seats_note', 'activation_code', 'plan']);
    expect(r.events.created.by.id).toBeTruthy();
    expect((await expectStatus(w, w.vendor, 'GET', `/requests/${r.id}`, undefined, 200)).id).toBe(r.id);
    // the reference's /subscriptions/requests are billing requests, another object: not served until they exist
    await expectStatus(w, w.vendor, 'GET', `/subscriptions/requests/${r.id}`, undefined, 404);
    await expectStatus(w, w.vendor, 'GET', '/subscriptions/requests', undefined, 404);
  });

  it('refuses bad orders with a 400 naming the problem, and writes nothing', async () => {
    const before = await assetCount();
    const other = await ok(w.t, w.provider, 'POST', '/marketplaces', {
      name: 'Unlisted',
      description: 'x',
      currency: 'EUR',
      zone: 'EU',
      countries: [{ id: 'DE' }],
    });
    const otherT1 = await ok(w.t, w.provider, 'POST', '/tier/accounts', {
      name: 'Other Reseller',
      type: 'reseller',
      external_uid: 'ext-t9',
      contact_info: w.customer.contact_info,
    });
    const cases: [object, string][] = [
      [purchaseWith(w, { connection: undefined }), 'asset.connection.id: This field is required'],
      [
        purchaseWith(w, { connection: { id: 'CT-0000-0000-0000' } }),
        'asset.connection.id: connection CT-0000-0000-0000 does not exist.',
      ],
      [purchaseWith(w, { product: undefined }), 'asset.product.id: This field is required'],
      [purchaseWith(w, {}, { marketplace: undefined }), 'marketplace.id: This field is required'],
      [
        purchaseWith(w, {}, { marketplace: { id: other.id } }),
        `marketplace.id: product ${w.product.id} is not listed in marketplace ${other.id}.`,
      ],
      [purchaseWith(w, { items: [] }), 'asset.items: at least one item with a quantity above 0 is required.'],
      [
        purchaseWith(w, { items: [{ id: w.items.seat.id, quantity: 0 }] }),
        'asset.items: at least one item with a quantity above 0 is required.',
      ],
      [
        purchaseWith(w, { items: [{ id: 'PRD-000-000-000-0001', quantity: 1 }] }),
        `asset.items: item PRD-000-000-000-0001 does not exist in product ${w.product.id}.`,
      ],
      [
        purchaseWith(w, { items: [{ id: w.items.seat.id, quantity: 2.5 }] }),
        `asset.items: quantity of ${w.items.seat.id}: Only integers are allowed`,
      ],
      [purchaseWith(w, { items: [{ id: w.items.seat.id, quantity: -3 }] }), 'Only integers are allowed'],
      [
        purchaseWith(w, {
          items: [
            { id: w.items.seat.id, quantity: 1 },
            { id: w.items.seat.id, quantity: 2 },
          ],
        }),
        'is listed more than once.',
      ],
      [purchaseWith(w, { tiers: {} }), 'asset.tiers.customer: This field is required'],
      [
        purchaseWith(w, { tiers: { customer: { id: w.t1.id } } }),
        `asset.tiers.customer: tier account ${w.t1.id} is a reseller, not a customer.`,
      ],
      [
        purchaseWith(w, { tiers: { customer: { id: 'TA-0000-0000-0000' } } }),
        'asset.tiers.customer: tier account TA-0000-0000-0000 does not exist.',
      ],
      [
        purchaseWith(w, { tiers: { customer: { id: w.customer.id }, tier1: { id: otherT1.id } } }),
        `asset.tiers.tier1: ${otherT1.id} is not the T1 of customer ${w.customer.id}`,
      ],
      [
        purchaseWith(w, { tiers: { customer: { id: w.customer.id }, tier2: { id: otherT1.id } } }),
        `asset.tiers.tier2: customer ${w.customer.id} has no T2.`,
      ],
      [
        purchaseWith(w, { params: [{ id: 'admin_email', value: 'not-an-email' }] }),
        'admin_email: E-mail must be valid',
      ],
      [purchaseWith(w, { params: [] }), 'admin_email: This field is required'],
      [purchaseWith(w, { params: params({ id: 'plan', value: 'gold' }) }), 'plan: Select a valid choice'],
      [
        purchaseWith(w, { params: params({ id: 'nope', value: 'x' }) }),
        'params: parameter nope does not exist on this request.',
      ],
      [
        purchaseWith(w, { params: params({ id: 'activation_code', value: 'x' }) }),
        'params: activation_code is a fulfillment parameter; only the vendor sets its value.',
      ],
      [{ type: 'purchase' }, 'asset: This field is required'],
      [{ type: 'upgrade', asset: {} }, 'type must be one of purchase, change'],
    ];
    for (const [body, message] of cases) await expectError(w, w.provider, 'POST', '/requests', body, 400, message);
    expect(await assetCount()).toBe(before);
  });

  it("puts each parameter's message on its field", async () => {
    const res = await expectStatus(
      w,
      w.provider,
      'POST',
      '/requests',
      purchaseWith(w, {
        params: [
          { id: 'admin_email', value: 'x@' },
          { id: 'plan', value: 'gold' },
        ],
      }),
      400,
    );
    expect(res.fields).toEqual({ admin_email: ['E-mail must be valid'], plan: ['Select a valid choice'] });
    expect(res.params).toEqual([
      { id: 'admin_email', value_error: 'E-mail must be valid' },
      { id: 'plan', value_error: 'Select a valid choice' },
    ]);
  });

  it('a test connection needs no marketplace; a revoked connection takes no orders', async () => {
    const test = await ok(w.t, w.vendor, 'POST', `/products/${w.product.id}/connections`, {
      hub: { id: w.hub.id },
      type: 'test',
    });
    const r = await expectStatus(
      w,
      w.provider,
      'POST',
      '/requests',
      purchaseWith(w, { connection: { id: test.id } }, { marketplace: undefined }),
      201,
    );
    expect(r).toMatchObject({ asset: { connection: { id: test.id, type: 'test' } } });
    // no marketplace, on the request or its asset
    expect(r).not.toHaveProperty('marketplace');
    expect(r.asset).not.toHaveProperty('marketplace');
    const testOnly = await expectStatus(w, w.vendor, 'GET', '/assets?connection.type=test', undefined, 200);
    expect(testOnly.map((a: any) => a.id)).toEqual([r.asset.id]);
    await ok(w.t, w.vendor, 'POST', `/products/${w.product.id}/connections/${test.id}/revoke`, {}, 200);
    await expectError(
      w,
      w.provider,
      'POST',
      '/requests',
      purchaseWith(w, { connection: { id: test.id } }, { marketplace: undefined }),
      400,
      `asset.connection.id: connection ${test.id} is revoked.`,
    );
  });

  it('external_uid is unique per provider: a second order with it is a 409 naming the asset', async () => {
    const first = await w.purchase();
    await expectError(
      w,
      w.provider,
      'POST',
      '/requests',
      purchaseWith(w, { external_uid: first.asset.external_uid }),
      409,
      `asset.external_uid: asset ${first.asset.id} already has external_uid '${first.asset.external_uid}'.`,
    );
  });
});

describe('drafts and dynamic validation', () => {
  it('stores a draft as sent; validate marks the errors (200); submit refuses until fixed, then goes pending', async () => {
    const body = purchaseWith(w, { params: [{ id: 'admin_email', value: 'not-an-email' }] }, { status: 'draft' });
    const d = await expectStatus(w, w.provider, 'POST', '/requests', body, 201);
    expect(d.status).toBe('draft');
    expect(d.asset.params[0]).toMatchObject({ value: 'not-an-email', value_error: '' });
    const v = await act(w, w.provider, d.id, 'validate');
    expect(v.status).toBe('draft');
    expect(v.asset.params.find((p: any) => p.id === 'admin_email').value_error).toBe('E-mail must be valid');
    const refused = await expectError(
      w,
      w.provider,
      'POST',
      `/requests/${d.id}/submit`,
      {},
      400,
      'admin_email: E-mail must be valid',
    );
    expect(refused.fields.admin_email).toEqual(['E-mail must be valid']);
    // validate with the new value clears the error; the draft keeps it
    const ok2 = await act(w, w.provider, d.id, 'validate', {
      asset: { params: [{ id: 'admin_email', value: 'it@fabrikam.example' }] },
    });
    expect(ok2.asset.params.find((p: any) => p.id === 'admin_email')).toMatchObject({
      value: 'it@fabrikam.example',
      value_error: '',
    });
    const submitted = await act(w, w.provider, d.id, 'purchase');
    expect(submitted.status).toBe('pending');
    // the processing subscription shows what was ordered
    const asset = await expectStatus(w, w.vendor, 'GET', `/assets/${d.asset.id}`, undefined, 200);
    expect(asset.status).toBe('processing');
    expect(asset.params.find((p: any) => p.id === 'admin_email').value).toBe('it@fabrikam.example');
  });

  it('deletes a draft purchase with its draft asset, by the provider only; a submitted request cannot be deleted', async () => {
    const before = await assetCount();
    const d = await w.purchase({ status: 'draft' });
    expect(await assetCount()).toBe(before + 1);
    await expectStatus(w, w.other, 'DELETE', `/requests/${d.id}`, undefined, 404);
    await expectStatus(w, w.vendor, 'DELETE', `/requests/${d.id}`, undefined, 403);
    await expectStatus(w, w.provider, 'DELETE', `/requests/${d.id}`, undefined, 204);
    await expectStatus(w, w.provider, 'GET', `/requests/${d.id}`, undefined, 404);
    await expectStatus(w, w.provider, 'GET', `/assets/${d.asset.id}`, undefined, 404);
    expect(await assetCount()).toBe(before);
    const p = await w.purchase();
    await expectError(
      w,
      w.provider,
      'DELETE',
      `/requests/${p.id}`,
      undefined,
      400,
      "Action 'delete' is not allowed in status 'pending'.",
    );
  });

  it("the provider edits a draft's parameters, items and note; the vendor edits only once it is pending", async () => {
    const d = await w.purchase({ status: 'draft' });
    await expectError(
      w,
      w.vendor,
      'PUT',
      `/requests/${d.id}`,
      { note: 'x' },
      400,
      "Action 'update' is not allowed in status 'draft'.",
    );
    const edited = await expectStatus(
      w,
      w.provider,
      'PUT',
      `/requests/${d.id}`,
      {
        note: 'Rush order',
        asset: {
          items: [
            { id: w.items.seat.id, quantity: 7 },
            { id: w.items.usage.id, quantity: -1 },
          ],
          params: [{ id: 'seats_note', value: 'Floor 2' }],
        },
      },
      200,
    );
    expect(edited.note).toBe('Rush order');
    expect(edited.asset.items.map((i: any) => [i.mpn, i.quantity])).toEqual([
      ['MAIL-SEAT', '7'],
      ['MAIL-GB', '-1'],
    ]);
    expect(edited.asset.params.find((p: any) => p.id === 'seats_note').value).toBe('Floor 2');
    await act(w, w.provider, d.id, 'submit');
    await expectError(
      w,
      w.provider,
      'PUT',
      `/requests/${d.id}`,
      { note: 'y' },
      400,
      "Action 'update' is not allowed in status 'pending'.",
    );
    await expectError(
      w,
      w.vendor,
      'PUT',
      `/requests/${d.id}`,
      { asset: { items: [{ id: w.items.seat.id, quantity: 1 }] } },
      400,
      'items change only while the request is a draft',
    );
    const marked = await expectStatus(
      w,
      w.vendor,
      'PUT',
      `/requests/${d.id}`,
      { asset: { params: [{ id: 'admin_email', value_error: 'Mailbox unknown' }] } },
      200,
    );
    expect(marked.asset.params[0].value_error).toBe('Mailbox unknown');
  });
});

describe('inquiring, approving and templates', () => {
  it('inquire needs a marked parameter; the provider fixes it and answers; approve renders the template with the values', async () => {
    const r = await w.purchase();
    await expectError(
      w,
      w.vendor,
      'POST',
      `/requests/${r.id}/inquire`,
      {},
      400,
      'Inquire requires at least one parameter marked with value_error.',
    );
    await expectStatus(
      w,
      w.vendor,
      'PUT',
      `/requests/${r.id}`,
      { asset: { params: [{ id: 'admin_email', value_error: 'This mailbox does not exist' }] } },
      200,
    );
    const inq = await act(w, w.vendor, r.id, 'inquire');
    expect(inq).toMatchObject({ status: 'inquiring', answered: false });
    expect(inq.events.inquired.at).toBeTruthy();
    await expectError(
      w,
      w.provider,
      'PUT',
      `/requests/${r.id}`,
      { asset: { params: [{ id: 'admin_email', value_error: 'Looks fine to me' }] } },
      400,
      'only the vendor marks admin_email as invalid',
    );
    // sending value_error back empty or as read (clients round-trip the parameter objects) is no mark: the
    // vendor's mark stays until the value changes
    for (const echo of ['', 'This mailbox does not exist']) {
      const kept = await expectStatus(
        w,
        w.provider,
        'PUT',
        `/requests/${r.id}`,
        { asset: { params: [{ id: 'admin_email', value_error: echo }] } },
        200,
      );
      expect(kept.asset.params.find((p: any) => p.id === 'admin_email').value_error).toBe(
        'This mailbox does not exist',
      );
    }

    // answering without fixing is refused
    const notYet = await expectError(
      w,
      w.provider,
      'POST',
      `/requests/${r.id}/pend`,
      {},
      400,
      'admin_email: This mailbox does not exist',
    );
    expect(notYet.fields).toEqual({ admin_email: ['This mailbox does not exist'] });
    const fixed = await expectStatus(
      w,
      w.provider,
      'PUT',
      `/requests/${r.id}`,
      { asset: { params: [{ id: 'admin_email', value: 'ops@fabrikam.example' }] } },
      200,
    );
    expect(fixed.asset.params[0]).toMatchObject({ value: 'ops@fabrikam.example', value_error: '' });
    const answered = await act(w, w.provider, r.id, 'pend');
    expect(answered).toMatchObject({ status: 'pending', answered: true });

    const tpl = await templateOf(w);
    await expectError(w, w.vendor, 'POST', `/requests/${r.id}/approve`, {}, 400, 'template_id: This field is required');
    const missing = await expectStatus(w, w.vendor, 'POST', `/requests/${r.id}/approve`, { template_id: tpl.id }, 400);
    expect(missing.fields).toEqual({ activation_code: ['This field is required'] });
    await fillActivation(w, r.id, 'XYZ-42');
    await expectError(
      w,
      w.vendor,
      'POST',
      `/requests/${r.id}/approve`,
      { template_id: 'TL-000-000-000' },
      400,
      'template_id: template TL-000-000-000 does not exist',
    );
    await expectError(
      w,
      w.vendor,
      'POST',
      `/requests/${r.id}/approve`,
      { template_id: tpl.id, effective_date: 'soon' },
      400,
      'effective_date: must be an ISO 8601 date-time.',
    );
    const done = await act(w, w.vendor, r.id, 'approve', {
      template: { id: tpl.id },
      effective_date: '2030-01-02T03:04:05Z',
    });
    expect(done).toMatchObject({
      status: 'approved',
      effective_date: '2030-01-02T03:04:05.000Z',
      template: { id: tpl.id, name: 'Welcome' },
    });
    expect(done.activation_key).toContain('Your code: XYZ-42');
    expect(done.template.representation).toBe(done.activation_key);

    const md = await w.t.call(w.provider, { method: 'GET', url: `/public/v1/requests/${r.id}/render` });
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.body).toContain('Your code: XYZ-42');
    // the portal shows the approved text as HTML
    const html = await expectStatus(w, w.provider, 'GET', `/requests/${r.id}/render?format=html`, undefined, 200);
    expect(html).toContain('<h1>Welcome</h1>');
    expect(html).toContain('Your code: XYZ-42');
    await expectStatus(w, w.provider, 'GET', `/requests/${r.id}/render?format=pdf`, undefined, 400);
    const viaTemplate = await expectStatus(
      w,
      w.vendor,
      'GET',
      `/products/${w.product.id}/templates/${tpl.id}/render?request_id=${r.id}`,
      undefined,
      200,
    );
    expect(viaTemplate).toContain('Your code: XYZ-42');
    await expectStatus(w, w.other, 'GET', `/requests/${r.id}/render`, undefined, 404);

    const trimmed = await expectStatus(
      w,
      w.vendor,
      'GET',
      `/requests/${r.id}?select(-activation_key,-template,-asset.items)`,
      undefined,
      200,
    );
    expect(trimmed.activation_key).toBeUndefined();
    expect(trimmed.template).toBeUndefined();
    expect(trimmed.asset.items).toBeUndefined();
    expect(trimmed.asset.params).toBeDefined();
    // product capabilities only when asked for, in lists and single reads
    expect(r.asset.product.capabilities).toBeUndefined();
    const withCaps = await expectStatus(
      w,
      w.provider,
      'GET',
      `/requests?eq(id,${r.id})&select(asset.product.capabilities)`,
      undefined,
      200,
    );
    expect(withCaps[0].asset.product.capabilities).toEqual(expect.any(Object));
    const one = await expectStatus(
      w,
      w.vendor,
      'GET',
      `/requests/${r.id}?select(asset.product.capabilities)`,
      undefined,
      200,
    );
    expect(one.asset.product.capabilities).toEqual(expect.any(Object));
  });

  it('lists send each request as a single read shows it, with select() and paging applied', async () => {
    const made = [await purchaseIn(w, 'pending'), await purchaseIn(w, 'pending'), await purchaseIn(w, 'pending')];
    const ids = made.map((r) => r.id).join(',');
    const res = await w.t.call(w.vendor, {
      method: 'GET',
      url: `/public/v1/requests?in(id,(${ids}))&ordering(created)&limit=2&offset=1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['content-range']).toBe('items 1-2/3');
    const page = res.json();
    expect(page).toEqual([
      await expectStatus(w, w.vendor, 'GET', `/requests/${made[1].id}`, undefined, 200),
      await expectStatus(w, w.vendor, 'GET', `/requests/${made[2].id}`, undefined, 200),
    ]);
    const trimmed = await expectStatus(
      w,
      w.vendor,
      'GET',
      `/requests?in(id,(${ids}))&select(-asset.items)`,
      undefined,
      200,
    );
    expect(trimmed.map((r: any) => r.asset.items)).toEqual([undefined, undefined, undefined]);
    const none = await w.t.call(w.vendor, { method: 'GET', url: `/public/v1/requests?in(id,(${ids}))&limit=0` });
    expect([none.json(), none.headers['content-range']]).toEqual([[], 'items 0-0/3']);
    expect(await expectStatus(w, w.other, 'GET', `/requests?in(id,(${ids}))`, undefined, 200)).toEqual([]);
  });

  it('of a concurrent approve and fail exactly one wins', async () => {
    const r = await purchaseIn(w, 'pending');
    const [a, f] = await Promise.all([
      w.t.call(w.vendor, {
        method: 'POST',
        url: `/public/v1/requests/${r.id}/approve`,
        payload: { activation_tile: 'Go' },
      }),
      w.t.call(w.vendor, { method: 'POST', url: `/public/v1/requests/${r.id}/fail`, payload: { reason: 'No' } }),
    ]);
    expect([a.statusCode, f.statusCode].sort()).toEqual([200, 400]);
    const final = await expectStatus(w, w.vendor, 'GET', `/requests/${r.id}`, undefined, 200);
    expect(final.status).toBe(a.statusCode === 200 ? 'approved' : 'failed');
    const asset = await expectStatus(w, w.vendor, 'GET', `/assets/${r.asset.id}`, undefined, 200);
    expect(asset.status).toBe(a.statusCode === 200 ? 'active' : 'terminated');
  });

  it('fail needs a reason', async () => {
    const r = await w.purchase();
    await expectError(w, w.vendor, 'POST', `/requests/${r.id}/fail`, {}, 400, 'reason: This field is required');
    const failed = await act(w, w.vendor, r.id, 'fail', { reason: 'Region not served' });
    expect(failed).toMatchObject({ status: 'failed', reason: 'Region not served', asset: { status: 'terminated' } });
  });
});

describe('assignment', () => {
  it('assigns to the caller, a user by e-mail, refuses strangers; unassign without force only by the assignee', async () => {
    const colleague = await createUser(w.t.db, {
      email: 'colleague@demo.trellis',
      name: 'Colleague',
      password: 'Trellis-demo-1',
    });
    await addMember(w.t.db, w.t.demo.vendor.id, colleague.id);
    const r = await w.purchase();
    const me = await act(w, w.vendor, r.id, 'assign');
    expect(me.assignee.id).toBe(w.vendor.body.user.id);
    const mine = await expectStatus(
      w,
      w.vendor,
      'GET',
      `/requests?assignee.id=${w.vendor.body.user.id}&id=${r.id}`,
      undefined,
      200,
    );
    expect(mine.map((x: any) => x.id)).toEqual([r.id]);
    await expectError(
      w,
      w.vendor,
      'POST',
      `/requests/${r.id}/assign`,
      { email: 'nobody@example.com' },
      400,
      'email: user nobody@example.com is not an active user of this account.',
    );
    await expectError(
      w,
      w.vendor,
      'POST',
      `/requests/${r.id}/assign`,
      { id: w.provider.body.user.id },
      400,
      'is not an active user of this account.',
    );
    const theirs = await act(w, w.vendor, r.id, 'assign', { email: 'COLLEAGUE@demo.trellis' });
    expect(theirs.assignee).toMatchObject({ id: colleague.id, name: 'Colleague' });
    await expectError(w, w.vendor, 'POST', `/requests/${r.id}/unassign`, {}, 400, 'send force: true to unassign it');
    expect(await act(w, w.vendor, r.id, 'unassign', { force: true })).not.toHaveProperty('assignee');
    const unassigned = await expectStatus(w, w.vendor, 'GET', `/requests?assignee=null()&id=${r.id}`, undefined, 200);
    expect(unassigned).toHaveLength(1);
    await act(w, w.vendor, r.id, 'assign');
    expect(await act(w, w.vendor, r.id, 'unassign')).not.toHaveProperty('assignee');
  });
});

describe('scheduled activation', () => {
  it('refuses a planned_date in the past; a due scheduled request returns to pending when the job runs', async () => {
    const r = await purchaseIn(w, 'pending');
    await expectError(
      w,
      w.vendor,
      'POST',
      `/requests/${r.id}/schedule`,
      { planned_date: '2001-01-01T00:00:00Z' },
      400,
      'planned_date: must be in the future.',
    );
    await expectError(
      w,
      w.vendor,
      'POST',
      `/requests/${r.id}/schedule`,
      { planned_date: 'tomorrow' },
      400,
      'planned_date: must be an ISO 8601 date-time.',
    );
    await expectError(
      w,
      w.vendor,
      'POST',
      `/requests/${r.id}/schedule`,
      {},
      400,
      'planned_date: This field is required',
    );
    const planned = future(60_000);
    const s = await act(w, w.vendor, r.id, 'schedule', { planned_date: planned });
    expect(s).toMatchObject({ status: 'scheduled', planned_date: new Date(planned).toISOString() });
    const byDate = await expectStatus(
      w,
      w.vendor,
      'GET',
      `/requests?planned_date=ge=${encodeURIComponent(new Date(Date.now() - 1000).toISOString())}&id=${r.id}`,
      undefined,
      200,
    );
    expect(byDate).toHaveLength(1);

    await runDueJobs(w.t.db);
    expect((await expectStatus(w, w.vendor, 'GET', `/requests/${r.id}`, undefined, 200)).status).toBe('scheduled');
    // time passes: the planned date and the queued job come due
    const past = new Date(Date.now() - 1000).toISOString();
    await sql`update asset_requests set planned_date = ${past}, data = jsonb_set(data, '{planned_date}', to_jsonb(${past}::text)) where id = ${r.id}`.execute(
      w.t.db,
    );
    await sql`update jobs set run_at = now() where kind = 'fulfillment.scheduled-requests' and status = 'queued'`.execute(
      w.t.db,
    );
    expect(await runDueJobs(w.t.db)).toBeGreaterThan(0);
    const back = await expectStatus(w, w.vendor, 'GET', `/requests/${r.id}`, undefined, 200);
    expect(back.status).toBe('pending');
    expect(back.events.pended.by).toEqual({ id: 'system', name: 'System' });
    const audit = await sql<{
      action: string;
      actor_id: string;
    }>`select action, actor_id from audit_records where object_id = ${r.id} order by created_at desc limit 1`.execute(
      w.t.db,
    );
    expect(audit.rows[0]).toEqual({ action: 'pend', actor_id: 'system' });
  });
});

describe('lists, filters and counters', () => {
  it('filters by the promoted columns and aliases', async () => {
    const r = await w.purchase();
    const by = async (q: string) =>
      (await expectStatus(w, w.provider, 'GET', `/requests?${q}&limit=1000`, undefined, 200)).map((x: any) => x.id);
    for (const q of [
      `asset.id=${r.asset.id}`,
      `asset_id=${r.asset.id}`,
      `product_id=${w.product.id}`,
      `asset.product.id=${w.product.id}`,
      'status=pending',
      'type=purchase',
      `marketplace.id=${w.marketplace.id}`,
      `asset.tiers.customer.id=${w.customer.id}`,
      'asset.connection.type=production',
      'asset.connection.environment=production',
      `asset.connection.vendor.id=${w.t.demo.vendor.id}`,
      `search=${r.asset.id}`,
      `asset.external_uid=${r.asset.external_uid}`,
    ]) {
      expect(await by(q), q).toContain(r.id);
    }
    expect(await by('type=cancel')).not.toContain(r.id);
    expect(await by('asset.connection.type=test')).not.toContain(r.id);
    const newest = await expectStatus(w, w.vendor, 'GET', '/requests?ordering(-created)&limit=1', undefined, 200);
    expect(newest[0].id).toBe(r.id);
    await expectError(w, w.vendor, 'GET', '/requests?colour=red', undefined, 400, "Unknown filter field 'colour'");
  });

  it('counts pending and inquiring requests for each side', async () => {
    const count = async (who: typeof w.vendor, account: string) =>
      (await expectStatus(w, who, 'GET', `/accounts/${account}/statistics`, undefined, 200)).asset_requests.count;
    const v0 = await count(w.vendor, w.t.demo.vendor.id);
    const p0 = await count(w.provider, w.t.demo.provider.id);
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from asset_requests where status in ('pending', 'inquiring')`.execute(w.t.db);
    expect(v0).toBe(Number(rows[0].n));
    const r = await purchaseIn(w, 'inquiring');
    await w.purchase({ status: 'draft' });
    expect(await count(w.vendor, w.t.demo.vendor.id)).toBe(v0 + 1);
    expect(await count(w.provider, w.t.demo.provider.id)).toBe(p0 + 1);
    await act(w, w.vendor, r.id, 'fail', { reason: 'No' });
    expect(await count(w.vendor, w.t.demo.vendor.id)).toBe(v0);
    const otherVendor = (
      await expectStatus(w, w.other, 'GET', `/accounts/${w.other.body.account.id}/statistics`, undefined, 200)
    ).asset_requests.count;
    expect(otherVendor).toBe(0);
  });
});
