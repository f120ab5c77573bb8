import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInfo, fulfillmentWorld, ok, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { extraProvider } from './distribution-helpers.ts';
import type { Session } from './helpers.ts';

/**
 * Tiers setup and tier config requests (reference workflows tier-config and tier-config-request): a purchase for
 * resellers without an active config waits in tiers_setup while the vendor decides the setup requests, T2 first.
 */

let w: FulfillmentWorld;
beforeAll(async () => {
  w = await fulfillmentWorld({ tier1: true, tier2: true });
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const TCR = '/tier/config-requests';
const call = (who: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  w.t.call(who, { method, url: `/public/v1${url}`, payload: payload as any });
/** An action or update expected to succeed (200). */
const act = (who: Session, url: string, payload: unknown = {}) => ok(w.t, who, 'POST', url, payload, 200);
const put = (who: Session, url: string, payload: unknown) => ok(w.t, who, 'PUT', url, payload, 200);
const get = (who: Session, url: string) => ok(w.t, who, 'GET', url);
/** A refused call: status and the first error message. */
async function refused(who: Session, method: 'POST' | 'PUT' | 'GET', url: string, payload: unknown, status: number) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}

/** A second user of Demo Vendor with all modules. */
async function vendorColleague(): Promise<Session> {
  const user = await createUser(w.t.db, {
    email: 'colleague@vendor.example',
    name: 'Vera Colleague',
    password: 'Trellis-demo-1',
  });
  const admins = await w.t.db.selectFrom('groups').select('id').where('account_id', '=', w.t.demo.vendor.id).execute();
  await addMember(w.t.db, w.t.demo.vendor.id, user.id, { groups: admins.map((g) => g.id) });
  return w.t.login('colleague@vendor.example');
}

let n = 0;
/** A new T1 (and T2 under it) with a customer: their first purchase needs tiers setup. */
async function resellers(withT2: boolean) {
  const i = ++n;
  const tier = (payload: object) => ok(w.t, w.provider, 'POST', '/tier/accounts', payload);
  const t1 = await tier({
    name: `Reseller One ${i}`,
    type: 'reseller',
    external_uid: `r1-${i}`,
    contact_info: contactInfo(`t1-${i}@example.com`),
  });
  const t2 = withT2
    ? await tier({
        name: `Reseller Two ${i}`,
        type: 'reseller',
        parent: { id: t1.id },
        external_uid: `r2-${i}`,
        contact_info: contactInfo(`t2-${i}@example.com`),
      })
    : null;
  const customer = await tier({
    name: `Customer ${i}`,
    type: 'customer',
    parent: { id: (t2 ?? t1).id },
    external_uid: `c-${i}`,
    contact_info: contactInfo(`c-${i}@example.com`),
  });
  const purchase = () => {
    const body = w.purchaseBody();
    body.asset.tiers = {
      customer: { id: customer.id },
      tier1: { id: t1.id },
      ...(t2 ? { tier2: { id: t2.id } } : {}),
    } as typeof body.asset.tiers;
    return ok(w.t, w.provider, 'POST', '/requests', body);
  };
  return { t1, t2, customer, purchase };
}

/** The setup requests a fulfillment request waits for, by tier level. */
async function setupOf(requestId: string) {
  const list: any[] = await get(w.vendor, `${TCR}?eq(asset_request.id,${requestId})`);
  return {
    t1: list.find((r) => r.configuration.tier_level === 1),
    t2: list.find((r) => r.configuration.tier_level === 2),
    list,
  };
}

const counter = async (who: Session, name: string) =>
  (await get(who, `/accounts/${who.body.account.id}/statistics`))[name]?.count;

describe('tiers setup round trip', () => {
  it('holds a purchase in tiers_setup until the vendor approved the T2, then the T1 setup; a second purchase needs none', async () => {
    const { t1, t2, purchase } = await resellers(true);
    const vendorBefore = await counter(w.vendor, 'tier_config_requests');
    const pr = await purchase();
    expect(pr.status).toBe('tiers_setup');

    const { t1: r1, t2: r2, list } = await setupOf(pr.id);
    expect(list).toHaveLength(2);
    expect(r2).toMatchObject({
      type: 'setup',
      status: 'pending',
      asset_request: { id: pr.id },
      tiers: { tier1: { id: t1.id }, tier2: { id: t2.id } },
    });
    expect(r1).toMatchObject({
      type: 'setup',
      status: 'tiers_setup',
      asset_request: { id: pr.id },
      tiers: { tier1: { id: t1.id } },
    });
    expect(r1.tiers).not.toHaveProperty('tier2');
    expect(r2.id).toMatch(/^TCR-\d{3}-\d{3}-\d{3}-\d{3}$/);
    expect(r2.configuration.params.map((p: any) => p.id)).toEqual(['t2_region']);
    expect(r2.params).toEqual(r2.configuration.params);
    expect(r1.configuration.params.map((p: any) => p.id).sort()).toEqual(['reseller_code', 't1_account']);
    // the configs exist, processing, each naming its open request
    const c2 = await get(w.provider, `/tier/configs/${r2.configuration.id}`);
    expect(c2).toMatchObject({
      status: 'processing',
      tier_level: 2,
      account: { id: t2.id },
      product: { id: w.product.id },
      open_request: { id: r2.id },
    });
    expect(c2.id).toMatch(/^TC-\d{3}-\d{3}-\d{3}$/);
    expect(r1).not.toHaveProperty('parent_configuration');
    expect(await counter(w.vendor, 'tier_config_requests')).toBe(vendorBefore + 1); // the T1 waits in tiers_setup

    // the T1 waits for its T2: the vendor can not approve it yet; the T2 needs its region first
    expect((await refused(w.vendor, 'POST', `${TCR}/${r1.id}/approve`, {}, 400)).errors).toEqual([
      "Action 'approve' is not allowed in status 'tiers_setup'.",
    ]);
    const missing = await refused(w.vendor, 'POST', `${TCR}/${r2.id}/approve`, {}, 400);
    expect(missing.fields).toEqual({ t2_region: ['This field is required'] });

    // the provider fills the ordering parameter, the vendor approves: T2 config active, T1 request pending
    const filled = await put(w.provider, `${TCR}/${r2.id}`, { params: [{ id: 't2_region', value: 'eu' }] });
    expect(filled.configuration.params[0]).toMatchObject({ id: 't2_region', value: 'eu', value_error: '' });
    const approved2 = await act(w.vendor, `${TCR}/${r2.id}/approve`);
    expect(approved2).toMatchObject({ status: 'approved', configuration: { status: 'active' } });
    expect(approved2.configuration).not.toHaveProperty('open_request');
    expect(approved2.events.approved.at).toEqual(expect.any(String));
    expect(await get(w.vendor, `/tier/configs/${r2.configuration.id}`)).toMatchObject({
      status: 'active',
      params: [{ id: 't2_region', value: 'eu' }],
    });
    expect((await get(w.vendor, `${TCR}/${r1.id}`)).status).toBe('pending');
    expect((await get(w.vendor, `/requests/${pr.id}`)).status).toBe('tiers_setup');

    // T1: provider's reseller code (a configuration.params body works too), vendor's account number, then approve
    await put(w.provider, `${TCR}/${r1.id}`, { configuration: { params: [{ id: 'reseller_code', value: 'NW-7' }] } });
    expect((await refused(w.vendor, 'POST', `${TCR}/${r1.id}/approve`, {}, 400)).fields).toEqual({
      t1_account: ['This field is required'],
    });
    expect(
      (await refused(w.provider, 'PUT', `${TCR}/${r1.id}`, { params: [{ id: 't1_account', value: 'A-1' }] }, 400))
        .errors,
    ).toEqual(['params: t1_account is a fulfillment parameter; only the vendor sets its value.']);
    await put(w.vendor, `${TCR}/${r1.id}`, { params: [{ id: 't1_account', value: 'ACC-991' }] });
    const template = await ok(w.t, w.vendor, 'POST', `/products/${w.product.id}/templates`, {
      name: 'Reseller ready',
      title: 'Reseller ready',
      scope: 'tier1',
      type: 'fulfillment',
      body: 'Account {{ t1_account }} for {{ reseller_code }}',
    });
    const assetTemplate = (await get(w.vendor, `/products/${w.product.id}/templates`)).find(
      (x: any) => x.scope === 'asset',
    );
    expect(
      (await refused(w.vendor, 'POST', `${TCR}/${r1.id}/approve`, { template: { id: assetTemplate.id } }, 400))
        .errors[0],
    ).toBe(`template.id: template ${assetTemplate.id} is a asset template; this request needs a tier1 template.`);
    const approved1 = await act(w.vendor, `${TCR}/${r1.id}/approve`, { template: { id: template.id } });
    expect(approved1.template).toEqual({
      id: template.id,
      name: 'Reseller ready',
      representation: 'Account ACC-991 for NW-7',
    });
    const rendered = await call(w.provider, 'GET', `/tier/configs/${r1.configuration.id}/render`);
    expect(rendered.statusCode).toBe(200);
    expect(rendered.body).toBe('Account ACC-991 for NW-7');

    // nothing is open any more: the fulfillment request goes to pending
    expect((await get(w.provider, `/requests/${pr.id}`)).status).toBe('pending');
    const closed = await get(w.provider, `/tier/configs/${r1.configuration.id}`);
    expect(closed).toMatchObject({
      status: 'active',
      params: expect.arrayContaining([expect.objectContaining({ id: 'reseller_code', value: 'NW-7' })]),
    });
    expect(closed).not.toHaveProperty('open_request');
    expect(await counter(w.vendor, 'tier_config_requests')).toBe(vendorBefore);

    // the same resellers again: their configs are active, so no setup
    const again = await purchase();
    expect(again.status).toBe('pending');
    expect((await setupOf(again.id)).list).toEqual([]);

    // a later change of the T2 config names the T1 config above it
    const update = await ok(w.t, w.provider, 'POST', TCR, {
      configuration: { id: r2.configuration.id, params: [{ id: 't2_region', value: 'us' }] },
    });
    expect(update).toMatchObject({
      type: 'update',
      status: 'pending',
      parent_configuration: { id: r1.configuration.id },
      previous_approved_request: { id: r2.id },
    });
    await act(w.vendor, `${TCR}/${update.id}/fail`, { reason: 'Stay in the EU' });
  });

  it('lets a purchase for only a T1 wait for the T1 setup alone', async () => {
    const { t1, purchase } = await resellers(false);
    const pr = await purchase();
    expect(pr.status).toBe('tiers_setup');
    const { t1: r1, t2: r2 } = await setupOf(pr.id);
    expect(r2).toBeUndefined();
    expect(r1).toMatchObject({ status: 'pending', configuration: { account: { id: t1.id } } });
    // the product's capabilities only when asked for (reference select option)
    expect(r1.configuration.product.capabilities).toBeUndefined();
    const [withCaps] = await get(w.vendor, `${TCR}?eq(id,${r1.id})&select(configuration.product.capabilities)`);
    expect(withCaps.configuration.product.capabilities).toEqual(expect.any(Object));
  });

  it('lets two purchases for a new reseller share its setup request; approving it releases both', async () => {
    const { purchase } = await resellers(false);
    const first = await purchase();
    const second = await purchase();
    expect([first.status, second.status]).toEqual(['tiers_setup', 'tiers_setup']);
    const { t1: r1 } = await setupOf(first.id);
    expect((await setupOf(second.id)).list).toEqual([]); // no second request for the same config
    await put(w.provider, `${TCR}/${r1.id}`, { params: [{ id: 'reseller_code', value: 'SH-1' }] });
    await put(w.vendor, `${TCR}/${r1.id}`, { params: [{ id: 't1_account', value: 'SH-ACC' }] });
    await act(w.vendor, `${TCR}/${r1.id}/approve`);
    expect((await get(w.vendor, `/requests/${first.id}`)).status).toBe('pending');
    expect((await get(w.vendor, `/requests/${second.id}`)).status).toBe('pending');
  });

  it('fails the fulfillment request with the reason when its setup request fails; the config is active (reference)', async () => {
    const { purchase } = await resellers(false);
    const pr = await purchase();
    const { t1: r1 } = await setupOf(pr.id);
    expect((await refused(w.vendor, 'POST', `${TCR}/${r1.id}/fail`, {}, 400)).errors).toEqual([
      'reason: This field is required',
    ]);
    expect((await refused(w.provider, 'POST', `${TCR}/${r1.id}/fail`, { reason: 'x' }, 403)).error_code).toBe(
      'AUTH_002',
    );
    const failed = await act(w.vendor, `${TCR}/${r1.id}/fail`, { reason: 'Unknown reseller' });
    expect(failed).toMatchObject({ status: 'failed', reason: 'Unknown reseller' });
    expect(await get(w.provider, `/requests/${pr.id}`)).toMatchObject({ status: 'failed', reason: 'Unknown reseller' });
    const failedConfig = await get(w.provider, `/tier/configs/${r1.configuration.id}`);
    expect(failedConfig).toMatchObject({ status: 'active' });
    expect(failedConfig).not.toHaveProperty('open_request');
    // a decided request takes no more actions
    for (const a of ['approve', 'fail', 'inquire', 'pend', 'submit', 'assign', 'unassign', 'validate']) {
      const body = a === 'fail' ? { reason: 'again' } : {};
      expect((await refused(w.vendor, 'POST', `${TCR}/${r1.id}/${a}`, body, 400)).error_code).toBe('STATE_001');
    }
  });

  it('lets the vendor assign and reject a T1 setup still waiting for its T2; the purchase fails, the T2 setup stays open', async () => {
    const { purchase } = await resellers(true);
    const pr = await purchase();
    const { t1: r1, t2: r2 } = await setupOf(pr.id);
    expect(r1.status).toBe('tiers_setup');
    expect((await act(w.vendor, `${TCR}/${r1.id}/assign`)).assignee.id).toBe(w.vendor.body.user.id);
    await act(w.vendor, `${TCR}/${r1.id}/fail`, { reason: 'Reseller blocked' });
    expect(await get(w.vendor, `/requests/${pr.id}`)).toMatchObject({ status: 'failed', reason: 'Reseller blocked' });
    expect((await get(w.vendor, `${TCR}/${r2.id}`)).status).toBe('pending');
    await act(w.vendor, `${TCR}/${r2.id}/fail`, { reason: 'Reseller blocked' });
  });

  it('fails the purchase when its T2 setup fails, and lets the waiting T1 setup go on to pending', async () => {
    const { purchase } = await resellers(true);
    const pr = await purchase();
    const { t1: r1, t2: r2 } = await setupOf(pr.id);
    await act(w.vendor, `${TCR}/${r2.id}/fail`, { reason: 'Region unavailable' });
    expect((await get(w.vendor, `/requests/${pr.id}`)).status).toBe('failed');
    expect((await get(w.vendor, `${TCR}/${r1.id}`)).status).toBe('pending');
    // the T1 setup can still be rejected from there; rejecting a waiting T1 is allowed too (reference)
    await act(w.vendor, `${TCR}/${r1.id}/fail`, { reason: 'No longer needed' });
  });
});

describe('tier config requests of an active config (update)', () => {
  let config: any;
  let t1Id: string;
  beforeAll(async () => {
    const { t1, purchase } = await resellers(false);
    t1Id = t1.id;
    const pr = await purchase();
    const { t1: r1 } = await setupOf(pr.id);
    await put(w.provider, `${TCR}/${r1.id}`, { params: [{ id: 'reseller_code', value: 'OLD' }] });
    await put(w.vendor, `${TCR}/${r1.id}`, { params: [{ id: 't1_account', value: 'ACC-1' }] });
    await act(w.vendor, `${TCR}/${r1.id}/approve`);
    config = await get(w.provider, `/tier/configs/${r1.configuration.id}`);
  }, 60_000);

  it('is opened by the provider only, for an existing config, one at a time', async () => {
    expect((await refused(w.vendor, 'POST', TCR, { configuration: { id: config.id } }, 403)).errors).toEqual([
      'Only providers create tier config requests.',
    ]);
    expect((await refused(w.provider, 'POST', TCR, { configuration: {} }, 400)).errors).toEqual([
      'configuration.id: This field is required',
    ]);
    expect((await refused(w.provider, 'POST', TCR, { configuration: { id: 'TC-000-000-000' } }, 400)).errors).toEqual([
      'configuration.id: tier configuration TC-000-000-000 does not exist.',
    ]);
    expect(
      (await refused(w.provider, 'POST', TCR, { type: 'setup', configuration: { id: config.id } }, 400)).errors,
    ).toEqual(['type: type must be update or adjustment']);
    expect(
      (
        await refused(
          w.provider,
          'POST',
          TCR,
          { configuration: { id: config.id, params: [{ id: 'nope', value: '1' }] } },
          400,
        )
      ).errors,
    ).toEqual(['params: parameter nope does not exist on this request.']);

    const draft = await ok(w.t, w.provider, 'POST', TCR, {
      status: 'draft',
      configuration: {
        account: { id: t1Id },
        product: { id: w.product.id },
        params: [{ id: 'reseller_code', value: '' }],
      },
    });
    expect(draft).toMatchObject({
      type: 'update',
      status: 'draft',
      previous_approved_request: { id: expect.any(String) },
    });
    // an update belongs to no fulfillment request
    expect(draft).not.toHaveProperty('asset_request');
    expect(await get(w.provider, `/tier/configs/${config.id}`)).toMatchObject({
      status: 'processing',
      open_request: { id: draft.id },
    });
    const dup = await refused(w.provider, 'POST', TCR, { configuration: { id: config.id } }, 409);
    expect(dup.errors).toEqual([`Tier configuration ${config.id} already has an open request ${draft.id}.`]);

    // a draft with an empty required value can not be submitted
    expect((await refused(w.provider, 'POST', `${TCR}/${draft.id}/submit`, {}, 400)).fields).toEqual({
      reseller_code: ['This field is required'],
    });
    // dynamic validation answers 200 with the problems in value_error
    const checked = await act(w.provider, `${TCR}/${draft.id}/validate`, {
      params: [{ id: 'reseller_code', value: '' }],
    });
    expect(checked.params.find((p: any) => p.id === 'reseller_code').value_error).toBe('This field is required');
    const valid = await act(w.provider, `${TCR}/${draft.id}/validate`, {
      params: [{ id: 'reseller_code', value: 'NEW' }],
    });
    expect(valid.params.find((p: any) => p.id === 'reseller_code')).toMatchObject({ value: 'NEW', value_error: '' });
    for (const a of ['approve', 'inquire', 'pend']) {
      expect((await refused(w.vendor, 'POST', `${TCR}/${draft.id}/${a}`, {}, 400)).errors).toEqual([
        `Action '${a}' is not allowed in status 'draft'.`,
      ]);
    }
    const pending = await act(w.provider, `${TCR}/${draft.id}/submit`);
    expect(pending.status).toBe('pending');
    expect((await refused(w.provider, 'POST', `${TCR}/${draft.id}/submit`, {}, 400)).error_code).toBe('STATE_001');

    // failing an update keeps the config's values; it is active again
    await act(w.vendor, `${TCR}/${draft.id}/fail`, { reason: 'Not now' });
    const kept = await get(w.provider, `/tier/configs/${config.id}`);
    expect(kept).toMatchObject({
      status: 'active',
      params: expect.arrayContaining([expect.objectContaining({ id: 'reseller_code', value: 'OLD' })]),
    });
    expect(kept).not.toHaveProperty('open_request');
  });

  it('walks pending → inquiring → pending → approved with each side changing only its own values', async () => {
    const r = await ok(w.t, w.provider, 'POST', TCR, {
      configuration: { id: config.id, params: [{ id: 'reseller_code', value: 'NW-NEW' }] },
      notes: 'Rebrand',
    });
    expect(r).toMatchObject({ status: 'pending', type: 'update', notes: 'Rebrand' });
    expect((await get(w.vendor, `/tier/configs/${config.id}`)).status).toBe('processing');

    // the vendor asks for a fix: inquire needs a parameter marked invalid
    expect((await refused(w.vendor, 'POST', `${TCR}/${r.id}/inquire`, {}, 400)).errors).toEqual([
      'Inquire requires at least one parameter marked with value_error.',
    ]);
    expect(
      (await refused(w.provider, 'PUT', `${TCR}/${r.id}`, { params: [{ id: 'reseller_code', value_error: 'x' }] }, 400))
        .errors,
    ).toEqual(['params: only the vendor marks reseller_code as invalid.']);
    await put(w.vendor, `${TCR}/${r.id}`, {
      params: [{ id: 'reseller_code', value_error: 'Use the code from the contract' }],
    });
    expect((await refused(w.provider, 'POST', `${TCR}/${r.id}/inquire`, {}, 403)).error_code).toBe('AUTH_002');
    const inquiring = await act(w.vendor, `${TCR}/${r.id}/inquire`);
    expect(inquiring).toMatchObject({ status: 'inquiring', events: { inquired: { at: expect.any(String) } } });
    expect((await refused(w.vendor, 'POST', `${TCR}/${r.id}/approve`, {}, 400)).errors).toEqual([
      "Action 'approve' is not allowed in status 'inquiring'.",
    ]);
    expect(await counter(w.provider, 'tier_config_requests')).toBeGreaterThanOrEqual(1);

    // a provider's validate does not clear the vendor's remark on a value it did not change
    const still = await act(w.provider, `${TCR}/${r.id}/validate`);
    expect(still.params.find((p: any) => p.id === 'reseller_code').value_error).toBe('Use the code from the contract');
    // the provider's new value clears the remark; then back to pending
    const fixed = await put(w.provider, `${TCR}/${r.id}`, { params: [{ id: 'reseller_code', value: 'C-42' }] });
    expect(fixed.params.find((p: any) => p.id === 'reseller_code')).toMatchObject({ value: 'C-42', value_error: '' });
    expect((await act(w.provider, `${TCR}/${r.id}/pend`)).status).toBe('pending');
    expect((await refused(w.provider, 'POST', `${TCR}/${r.id}/pend`, {}, 400)).errors).toEqual([
      "Action 'pend' is not allowed in status 'pending'.",
    ]);
    expect((await refused(w.provider, 'POST', `${TCR}/${r.id}/approve`, {}, 403)).error_code).toBe('AUTH_002');

    const approved = await act(w.vendor, `${TCR}/${r.id}/approve`);
    expect(approved.status).toBe('approved');
    expect(await get(w.vendor, `/tier/configs/${config.id}`)).toMatchObject({
      status: 'active',
      params: expect.arrayContaining([expect.objectContaining({ id: 'reseller_code', value: 'C-42' })]),
    });
    expect(
      (await refused(w.provider, 'PUT', `${TCR}/${r.id}`, { params: [{ id: 'reseller_code', value: 'late' }] }, 400))
        .errors,
    ).toEqual(["Action 'update' is not allowed in status 'approved'."]);
  });

  it('rejects an inquiring update: the config keeps its values', async () => {
    const before = await get(w.provider, `/tier/configs/${config.id}`);
    const r = await ok(w.t, w.provider, 'POST', TCR, {
      configuration: { id: config.id, params: [{ id: 'reseller_code', value: 'WRONG' }] },
    });
    await put(w.vendor, `${TCR}/${r.id}`, { params: [{ id: 'reseller_code', value_error: 'Unknown code' }] });
    await act(w.vendor, `${TCR}/${r.id}/inquire`);
    expect((await act(w.vendor, `${TCR}/${r.id}/fail`, { reason: 'No answer' })).status).toBe('failed');
    expect(await get(w.provider, `/tier/configs/${config.id}`)).toMatchObject({
      status: 'active',
      params: before.params,
    });
  });

  it('assigns to a user of the vendor by id or e-mail, and unassigns someone else only with force', async () => {
    const r = await ok(w.t, w.provider, 'POST', TCR, { configuration: { id: config.id } });
    const me = w.vendor.body.user;
    expect(
      (await refused(w.vendor, 'POST', `${TCR}/${r.id}/assign`, { email: 'nobody@example.com' }, 400)).errors,
    ).toEqual(['email: user nobody@example.com is not an active user of this account.']);
    expect((await refused(w.provider, 'POST', `${TCR}/${r.id}/assign`, {}, 403)).error_code).toBe('AUTH_002');
    const byEmail = await act(w.vendor, `${TCR}/${r.id}/assign`, { email: me.email });
    expect(byEmail.assignee).toMatchObject({ id: me.id, name: me.name });
    expect((await get(w.vendor, `${TCR}?eq(assignee.id,${me.id})`)).map((x: any) => x.id)).toContain(r.id);
    const unassigned = await act(w.vendor, `${TCR}/${r.id}/unassign`, {});
    expect(unassigned).not.toHaveProperty('assignee');
    const byId = await act(w.vendor, `${TCR}/${r.id}/assign`, { id: me.id });
    expect(byId.assignee.id).toBe(me.id);
    // a colleague takes it away from me only with force
    const colleague = await vendorColleague();
    expect((await refused(colleague, 'POST', `${TCR}/${r.id}/unassign`, {}, 400)).errors).toEqual([
      `This request is assigned to ${me.name}; send force: true to unassign it.`,
    ]);
    expect(await act(colleague, `${TCR}/${r.id}/unassign`, { force: true })).not.toHaveProperty('assignee');
    await act(w.vendor, `${TCR}/${r.id}/fail`, { reason: 'cleanup' });
    expect((await refused(w.vendor, 'POST', `${TCR}/${r.id}/unassign`, { force: true }, 400)).error_code).toBe(
      'STATE_001',
    );
  });
});

describe('isolation', () => {
  it('hides tier configs and their requests from Other Vendor (404, empty lists) and refuses bad queries with 400', async () => {
    const configs: any[] = await get(w.provider, '/tier/configs');
    const requests: any[] = await get(w.provider, TCR);
    expect(configs.length).toBeGreaterThan(0);
    expect(requests.length).toBeGreaterThan(0);
    expect(await get(w.vendor, '/tier/configs')).toHaveLength(configs.length);
    expect(await get(w.other, '/tier/configs')).toEqual([]);
    expect(await get(w.other, TCR)).toEqual([]);
    const c = configs[0];
    const r = requests.find((x) => x.status === 'approved') ?? requests[0];
    for (const [method, url, body] of [
      ['GET', `/tier/configs/${c.id}`, undefined],
      ['GET', `/tier/configs/${c.id}/render`, undefined],
      ['GET', `${TCR}/${r.id}`, undefined],
      ['PUT', `${TCR}/${r.id}`, { notes: 'x' }],
      ['POST', `${TCR}/${r.id}/approve`, {}],
      ['POST', `${TCR}/${r.id}/fail`, { reason: 'x' }],
      ['POST', `${TCR}/${r.id}/assign`, {}],
      ['POST', `${TCR}/${r.id}/validate`, {}],
      ['GET', `${TCR}/${r.id}/render`, undefined],
    ] as const) {
      expect((await call(w.other, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(w.other, 'POST', TCR, { configuration: { id: c.id } })).statusCode).toBe(403); // vendors never create
    // another provider neither sees them nor can open a request for them
    const rival = await extraProvider(w.t, 'Rival Distribution', 'admin@rival.example');
    expect(await get(rival, '/tier/configs')).toEqual([]);
    expect(await get(rival, TCR)).toEqual([]);
    expect((await call(rival, 'GET', `/tier/configs/${c.id}`)).statusCode).toBe(404);
    expect((await call(rival, 'PUT', `${TCR}/${r.id}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await refused(rival, 'POST', TCR, { configuration: { id: c.id } }, 400)).errors).toEqual([
      `configuration.id: tier configuration ${c.id} does not exist.`,
    ]);
    expect((await call(w.vendor, 'GET', `${TCR}?eq(nope,1)`)).statusCode).toBe(400);
    expect((await call(w.vendor, 'GET', '/tier/configs?eq(tier_level,abc)')).statusCode).toBe(400);
    expect((await call(w.vendor, 'POST', `${TCR}/${r.id}/approve`, 'text')).statusCode).toBeLessThan(500);
  });

  it('filters and orders lists by the declared fields', async () => {
    const t2s: any[] = await get(w.vendor, '/tier/configs?eq(tier_level,2)&ordering(-created)');
    expect(t2s.length).toBeGreaterThan(0);
    expect(t2s.every((c) => c.tier_level === 2)).toBe(true);
    const pendingT1: any[] = await get(w.vendor, `${TCR}?and(eq(status,approved),eq(configuration.tier_level,1))`);
    expect(pendingT1.every((r) => r.status === 'approved' && r.configuration.tier_level === 1)).toBe(true);
  });
});
