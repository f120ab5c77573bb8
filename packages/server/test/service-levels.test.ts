import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepIndicators } from '../src/modules/slm/sweep.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { act, expectStatus, purchaseIn } from './fulfillment-requests-helpers.ts';

// Service levels (issue 17): each account's SLA settings per kind of object (reference /sla), the indicators of
// the objects waiting under an enabled objective (/sli, and `sli` on the object, which lists filter and order by),
// zones that move as days pass (the sweep, with a controlled clock), and the final action of a terminating one.

let w: FulfillmentWorld;
const DAY = 86_400_000;
const get = (who: 'vendor' | 'provider' | 'other', url: string, status = 200) =>
  expectStatus(w, w[who], 'GET', url, undefined, status);
const put = (url: string, body: object, status = 200) => expectStatus(w, w.vendor, 'PUT', url, body, status);
const slaOf = async (kind: string) => (await get('vendor', `/sla?entity_type=${kind}`))[0];
const later = (days: number) => new Date(Date.now() + days * DAY);
const ids = (list: { id: string }[]) => list.map((x) => x.id);

beforeAll(async () => {
  w = await fulfillmentWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

describe('service levels', () => {
  it('are each account’s own settings: disabled by default, one per kind of object its side serves', async () => {
    const mine = await get('vendor', '/sla');
    expect(mine.map((s: any) => s.entity_type)).toEqual(['case', 'subscription_request', 'tier_config_request']);
    const requests = mine.find((s: any) => s.entity_type === 'subscription_request');
    expect(requests).toMatchObject({ active: false, owner: { id: w.t.demo.vendor.id } });
    expect(requests.id).toMatch(/^SLA-\d{3}-\d{3}-\d{3}$/);
    expect(requests.slos.map((s: any) => [s.target_status, s.final_action, s.zones.length])).toEqual([
      ['pending', 'reject', 3],
      ['inquiring', 'reject', 3],
    ]);
    expect((await get('provider', '/sla')).map((s: any) => s.entity_type)).toEqual(['case']);
    // another account's settings are not there at all, before the body is read
    await get('other', `/sla/${requests.id}`, 404);
    await expectStatus(w, w.other, 'PUT', `/sla/${requests.id}`, { active: 'maybe' }, 404);
  });

  it('refuse zones out of order or out of range, and a final action where there is none, naming the field', async () => {
    const sla = await slaOf('subscription_request');
    const slo = sla.slos[0].id;
    const zones = (days: number[]) => days.map((d, zone) => ({ days: d, zone }));
    const errors = async (body: object, url = `/sla/${sla.id}`) => (await put(url, body, 400)).errors;
    expect(await errors({ slos: [{ id: slo, zones: zones([1, 1]) }] })).toEqual([
      'slos.0.zones: Give the three zones: 0 (green), 1 (yellow) and 2 (red).',
    ]);
    expect(await errors({ slos: [{ id: slo, zones: zones([1, -1, 2]) }] })).toEqual([
      'slos.0.zones.1.days: Days must be a whole number from 0 to 365.',
    ]);
    expect(await errors({ slos: [{ id: 'SLO-1', zones: zones([1, 1, 1]) }] })).toEqual([
      'slos.0.id: No objective SLO-1 in these settings.',
    ]);
    const cases = await slaOf('case');
    expect(await errors({ slos: [{ id: cases.slos[0].id, terminate: true }] }, `/sla/${cases.id}`)).toEqual([
      'slos.0.terminate: Objects waiting as pending have no final action: the objective cannot terminate.',
    ]);
    expect((await slaOf('subscription_request')).slos[0].zones).toEqual(sla.slos[0].zones);
  });

  it('put a waiting request in zones that move with time, and reject it after the last one', async () => {
    const sla = await slaOf('subscription_request');
    const [pending] = sla.slos;
    await put(`/sla/${sla.id}`, {
      active: true,
      slos: [{ id: pending.id, terminate: true, zones: [0, 1, 2].map((zone) => ({ days: 1, zone })) }],
    });
    const r = await w.purchase();
    expect(r.status).toBe('pending');
    expect(r.sli).toMatchObject({ zone: 0, days: 0, until: expect.any(String) });
    const sli = await get('vendor', `/sli/${r.id}`);
    expect(sli).toMatchObject({ entity_id: r.id, zone: 0, days: 0, slo: { id: pending.id, target_status: 'pending' } });
    expect(sli.id).toMatch(/^SLI-/);
    await get('provider', `/sli/${r.id}`, 404);
    expect((await get('provider', `/requests/${r.id}`)).sli.zone).toBe(0);

    const inZone = async (zone: number) => ids(await get('vendor', `/requests?sli.zone=${zone}`));
    expect(await inZone(0)).toContain(r.id);
    await sweepIndicators(w.t.db, later(1.5));
    expect((await get('vendor', `/requests/${r.id}`)).sli).toMatchObject({ zone: 1, days: 1 });
    expect(await inZone(1)).toContain(r.id);
    expect(await inZone(0)).not.toContain(r.id);
    await sweepIndicators(w.t.db, later(2.5));
    const red = await get('vendor', `/requests?ge(sli.zone,2)&ordering(-sli.days)`);
    expect(red[0]).toMatchObject({ id: r.id, sli: { zone: 2, days: 2 } });

    // past the last zone of a terminating objective: rejected as the vendor, with the reason
    expect(await sweepIndicators(w.t.db, later(3.5))).toContain(r.id);
    const rejected = await get('provider', `/requests/${r.id}`);
    expect(rejected).toMatchObject({ status: 'failed', events: { failed: { by: { name: 'System' } } } });
    expect(rejected.reason).toMatch(/^Rejected automatically: the request waited 3 days as pending/);
    expect(rejected.sli).toBeUndefined();
    await get('vendor', `/sli/${r.id}`, 404);
  });

  it('start a new indicator in each waiting status, move running ones when zones change, end them when disabled', async () => {
    const sla = await slaOf('subscription_request');
    const [pending, inquiring] = sla.slos;
    const inquired = await purchaseIn(w, 'inquiring');
    const r = inquired;
    expect(inquired.sli).toMatchObject({ zone: 0 });
    expect((await get('vendor', `/sli/${r.id}`)).slo.id).toBe(inquiring.id);

    // longer green and yellow: a request already two days in is green again
    await sweepIndicators(w.t.db, later(2.2));
    await put(`/sla/${sla.id}`, {
      slos: [{ id: inquiring.id, zones: [5, 1, 1].map((days, zone) => ({ days, zone })) }],
    });
    expect((await get('vendor', `/requests/${r.id}`)).sli).toMatchObject({ zone: 0 });

    // back to pending: a fresh indicator under the pending objective
    const answer = { asset: { params: [{ id: 'admin_email', value: 'it@fabrikam.example' }] } };
    await expectStatus(w, w.provider, 'PUT', `/requests/${r.id}`, answer, 200);
    expect((await act(w, w.provider, r.id, 'pend', {}, 200)).sli).toMatchObject({ zone: 0, days: 0 });
    expect((await get('vendor', `/sli/${r.id}`)).slo.id).toBe(pending.id);

    await put(`/sla/${sla.id}`, { active: false });
    expect((await get('vendor', `/requests/${r.id}`)).sli).toBeUndefined();
    expect(await get('vendor', '/sli?slo.sla.entity_type=subscription_request')).toEqual([]);
    expect((await w.purchase()).sli).toBeUndefined();
  });

  it('end an indicator whose object left the status unseen, without writing a zone onto it', async () => {
    const sla = await slaOf('subscription_request');
    await put(`/sla/${sla.id}`, { active: true });
    const r = await w.purchase();
    expect(r.sli).toMatchObject({ zone: 0 });
    // a flow that stored the request from a copy without its indicator (no store hook saw it leave `pending`)
    await w.t.db.updateTable('asset_requests').set({ status: 'approved' }).where('id', '=', r.id).execute();
    await sweepIndicators(w.t.db, later(1.5));
    await get('vendor', `/sli/${r.id}`, 404);
    const row = await w.t.db
      .selectFrom('asset_requests')
      .select('data')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect((row.data as any).sli).toEqual({ zone: 0, days: 0, until: expect.any(String) });
    await put(`/sla/${sla.id}`, { active: false });
  });

  it('follow the cases an account receives', async () => {
    const sla = await slaOf('case');
    await put(`/sla/${sla.id}`, { active: true });
    const c = await expectStatus(
      w,
      w.provider,
      'POST',
      '/helpdesk/cases',
      {
        subject: 'Seats missing',
        description: 'Five seats ordered, three delivered.',
        type: 'technical',
        receiver: { account: { id: w.t.demo.vendor.id } },
      },
      201,
    );
    expect(c.sli).toMatchObject({ zone: 0, days: 0 });
    await sweepIndicators(w.t.db, later(1.5));
    const list = await get('vendor', '/helpdesk/cases?ordering(-sli.zone)');
    expect(list[0]).toMatchObject({ id: c.id, sli: { zone: 1 } });
    const resolved = await expectStatus(w, w.vendor, 'POST', `/helpdesk/cases/${c.id}/resolve`, {}, 200);
    expect(resolved.sli).toBeUndefined();
  });
});
