import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInfo, fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { act, assetOf, expectError, expectStatus, purchaseWith } from './fulfillment-requests-helpers.ts';

// The asset request's side of tiers setup: a product with T1 parameters sends a purchase for a new reseller to
// tiers_setup until its tier config request is approved (the tier config request flows are tested in fulfillment-tier*).

let w: FulfillmentWorld;
beforeAll(async () => {
  w = await fulfillmentWorld({ tier1: true });
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

/** The one open setup request matching the query. */
const setupWhere = async (query: string) => {
  const list = await expectStatus(
    w,
    w.vendor,
    'GET',
    `/tier/config-requests?type=setup&status=pending&${query}`,
    undefined,
    200,
  );
  expect(list).toHaveLength(1);
  return list[0];
};

describe('tiers setup of asset requests', () => {
  it('a purchase for a reseller without a tier config waits in tiers_setup; the vendor can only fail it there', async () => {
    const r = await w.purchase();
    expect(r.status).toBe('tiers_setup');
    expect((await assetOf(w, r.asset.id)).status).toBe('processing');
    await expectError(
      w,
      w.vendor,
      'POST',
      `/requests/${r.id}/approve`,
      { activation_tile: 'x' },
      400,
      "Action 'approve' is not allowed in status 'tiers_setup'.",
    );
    await expectError(
      w,
      w.vendor,
      'POST',
      `/requests/${r.id}/inquire`,
      {},
      400,
      "Action 'inquire' is not allowed in status 'tiers_setup'.",
    );
    const assigned = await act(w, w.vendor, r.id, 'assign');
    expect(assigned.status).toBe('tiers_setup');
    const failed = await act(w, w.vendor, r.id, 'fail', { reason: 'Reseller unknown' });
    expect(failed).toMatchObject({ status: 'failed', reason: 'Reseller unknown' });
    expect((await assetOf(w, r.asset.id)).status).toBe('terminated');
  });

  it('a failed tier config request fails the asset request with its reason', async () => {
    const r = await w.purchase();
    expect(r.status).toBe('tiers_setup');
    // the reseller's setup is already under way (opened by the first purchase): this request waits for it too
    const tcr = await setupWhere(`configuration.account.id=${w.t1.id}`);
    await expectStatus(
      w,
      w.vendor,
      'POST',
      `/tier/config-requests/${tcr.id}/fail`,
      { reason: 'Reseller not accredited' },
      200,
    );
    const after = await expectStatus(w, w.vendor, 'GET', `/requests/${r.id}`, undefined, 200);
    expect(after).toMatchObject({ status: 'failed', reason: 'Reseller not accredited' });
    expect((await assetOf(w, r.asset.id)).status).toBe('terminated');
  });

  it("a new tier config request waits under its vendor's service level, and leaves it when it fails", async () => {
    const [sla] = await expectStatus(w, w.vendor, 'GET', '/sla?entity_type=tier_config_request', undefined, 200);
    await expectStatus(w, w.vendor, 'PUT', `/sla/${sla.id}`, { active: true }, 200);
    try {
      // a reseller of its own, new to the vendor: its purchase opens a tier config request
      const tier = (payload: object) => expectStatus(w, w.provider, 'POST', '/tier/accounts', payload, 201);
      const reseller = await tier({
        name: 'Service Level Resellers',
        type: 'reseller',
        external_uid: 'ext-sl-t1',
        contact_info: contactInfo('t1@sl.example'),
      });
      const customer = await tier({
        name: 'Service Level Customer',
        type: 'customer',
        parent: { id: reseller.id },
        external_uid: 'ext-sl-c1',
        contact_info: contactInfo('it@sl.example'),
      });
      const body = purchaseWith(w, { tiers: { customer: { id: customer.id }, tier1: { id: reseller.id } } });
      const r = await expectStatus(w, w.provider, 'POST', '/requests', body, 201);
      expect(r.status).toBe('tiers_setup');
      const tcr = await setupWhere(`configuration.account.id=${reseller.id}&ge(sli.zone,0)`);
      expect(tcr.sli).toMatchObject({ zone: 0, days: 0, until: expect.any(String) });
      const sli = await expectStatus(w, w.vendor, 'GET', `/sli/${tcr.id}`, undefined, 200);
      expect(sli.slo).toMatchObject({ target_status: 'pending', sla: { entity_type: 'tier_config_request' } });
      const failed = await expectStatus(
        w,
        w.vendor,
        'POST',
        `/tier/config-requests/${tcr.id}/fail`,
        { reason: 'No' },
        200,
      );
      expect(failed.sli).toBeUndefined();
      await expectStatus(w, w.vendor, 'GET', `/sli/${tcr.id}`, undefined, 404);
    } finally {
      await expectStatus(w, w.vendor, 'PUT', `/sla/${sla.id}`, { active: false }, 200);
    }
  });

  it('a submitted draft goes to tiers_setup too, and to pending once its tier config request is approved', async () => {
    // a new reseller with a customer of its own
    const t1 = await expectStatus(
      w,
      w.provider,
      'POST',
      '/tier/accounts',
      { name: 'Litware', type: 'reseller', external_uid: 'ext-t1b', contact_info: w.customer.contact_info },
      201,
    );
    const c = await expectStatus(
      w,
      w.provider,
      'POST',
      '/tier/accounts',
      {
        name: 'Adatum',
        type: 'customer',
        parent: { id: t1.id },
        external_uid: 'ext-c1b',
        contact_info: w.customer.contact_info,
      },
      201,
    );
    const body = purchaseWith(w, { tiers: { customer: { id: c.id } } }, { status: 'draft' });
    const d = await expectStatus(w, w.provider, 'POST', '/requests', body, 201);
    expect(d.status).toBe('draft');
    const r = await act(w, w.provider, d.id, 'submit');
    expect(r).toMatchObject({ status: 'tiers_setup', asset: { tiers: { tier1: { id: t1.id } } } });
    const tcr = await setupWhere(`asset_request.id=${r.id}`);
    await expectStatus(
      w,
      w.provider,
      'PUT',
      `/tier/config-requests/${tcr.id}`,
      { params: [{ id: 'reseller_code', value: 'NW-1' }] },
      200,
    );
    await expectStatus(
      w,
      w.vendor,
      'PUT',
      `/tier/config-requests/${tcr.id}`,
      { params: [{ id: 't1_account', value: 'T1-ACC' }] },
      200,
    );
    await expectStatus(w, w.vendor, 'POST', `/tier/config-requests/${tcr.id}/approve`, {}, 200);
    const pending = await expectStatus(w, w.vendor, 'GET', `/requests/${r.id}`, undefined, 200);
    expect(pending.status).toBe('pending');
    // the reseller is set up now: the next purchase goes straight to pending
    const next = await expectStatus(
      w,
      w.provider,
      'POST',
      '/requests',
      purchaseWith(w, { tiers: { customer: { id: c.id } } }),
      201,
    );
    expect(next.status).toBe('pending');
  });
});
