import { requestResource } from '@trellis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { act, expectError, expectStatus, future, purchaseIn } from './fulfillment-requests-helpers.ts';

let w: FulfillmentWorld;
beforeAll(async () => {
  w = await fulfillmentWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

// Each action with the side that runs it, a valid body, and the status it leaves (undefined = unchanged).
const ACTIONS: Record<string, { side: 'vendor' | 'provider'; body: () => object; to?: string }> = {
  purchase: { side: 'provider', body: () => ({}), to: 'pending' },
  submit: { side: 'provider', body: () => ({}), to: 'pending' },
  validate: { side: 'vendor', body: () => ({}) },
  approve: { side: 'vendor', body: () => ({ activation_tile: 'Welcome aboard' }), to: 'approved' },
  fail: { side: 'vendor', body: () => ({ reason: 'Out of stock' }), to: 'failed' },
  inquire: { side: 'vendor', body: () => ({}), to: 'inquiring' },
  pend: { side: 'vendor', body: () => ({}), to: 'pending' },
  assign: { side: 'vendor', body: () => ({}) },
  unassign: { side: 'vendor', body: () => ({ force: true }) },
  schedule: { side: 'vendor', body: () => ({ planned_date: future() }), to: 'scheduled' },
  revoke: { side: 'provider', body: () => ({ reason: 'Changed plans' }), to: 'revoking' },
  confirm: { side: 'vendor', body: () => ({}), to: 'revoked' },
};
const STATUSES = ['draft', 'pending', 'inquiring', 'scheduled', 'revoking', 'approved', 'failed', 'revoked'];
const declared = requestResource.machine!.actions as Record<string, { from: readonly string[] }>;

describe('request state machine (purchase requests)', () => {
  it('covers every declared action', () => {
    expect(Object.keys(ACTIONS).sort()).toEqual(Object.keys(declared).sort());
  });

  for (const status of STATUSES) {
    it(`from ${status}: allows exactly the declared actions`, async () => {
      const fixed = await purchaseIn(w, status);
      expect(fixed.status).toBe(status);
      for (const [name, a] of Object.entries(ACTIONS)) {
        const who = w[a.side];
        const allowed = declared[name].from.includes(status);
        if (!allowed) {
          await expectError(
            w,
            who,
            'POST',
            `/requests/${fixed.id}/${name}`,
            a.body(),
            400,
            `Action '${name}' is not allowed in status '${status}'.`,
          );
          continue;
        }
        // a changing action gets a request of its own
        const r = a.to ? await purchaseIn(w, status) : fixed;
        if (name === 'inquire') {
          await expectStatus(
            w,
            w.vendor,
            'PUT',
            `/requests/${r.id}`,
            { asset: { params: [{ id: 'admin_email', value_error: 'Unknown domain' }] } },
            200,
          );
        }
        const after = await act(w, who, r.id, name, a.body());
        expect(after.status, `${name} from ${status}`).toBe(a.to ?? status);
      }
      const still = await expectStatus(w, w.vendor, 'GET', `/requests/${fixed.id}`, undefined, 200);
      expect(still.status).toBe(status);
    }, 120_000);
  }

  it('refuses each action to the wrong side with 403, before looking at the status', async () => {
    const r = await purchaseIn(w, 'pending');
    for (const [name, a] of Object.entries(ACTIONS)) {
      const by = (requestResource.machine!.actions as any)[name].by as string[] | undefined;
      if (!by || by.length === 2) continue;
      const wrong = a.side === 'vendor' ? w.provider : w.vendor;
      await expectStatus(w, wrong, 'POST', `/requests/${r.id}/${name}`, a.body(), 403);
    }
    expect((await expectStatus(w, w.vendor, 'GET', `/requests/${r.id}`, undefined, 200)).status).toBe('pending');
  });
});
