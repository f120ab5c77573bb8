import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionMessage } from '@trellis/domain';
import { API, extraProvider, ok } from './distribution-helpers.ts';
import type { Session } from './helpers.ts';
import { readyUsageFile, usageWorld, type UsageWorld } from './usage-fixture.ts';

// The usage file's machine as the vendor and the provider drive it (reference workflow usage-files): who may act,
// from which statuses, what each action does to the records, the dashboard counter, and who sees nothing at all.

let w: UsageWorld;
let stranger: Session;
beforeAll(async () => {
  w = await usageWorld();
  stranger = await extraProvider(w.t, 'Stranger Provider', 'stranger@usage.test');
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  w.t.call(who, { method, url: `${API}${url}`, payload: payload as any });
const act = (who: Session, id: string, action: string, body: unknown = {}) =>
  call(who, 'POST', `/usage/files/${id}/${action}`, body);
const refusal = async (who: Session, id: string, action: string, status: string, body: unknown = {}) => {
  const res = await act(who, id, action, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors).toEqual([transitionMessage(action, status)]);
};
const recordStatuses = async (who: Session, fileId: string) =>
  (await ok(w.t, who, 'GET', `/usage/records?usagefile.id=${fileId}&limit=100`)).map((r: any) => r.status).sort();
const counter = async (who: Session, accountId: string) =>
  (await ok(w.t, who, 'GET', `/accounts/${accountId}/statistics`)).usage_files.count as number;

describe('usage file machine', () => {
  it('runs ready → pending → accepted → closed, moving the records, each action by its side only', async () => {
    const [a, b] = w.assets;
    const f = await readyUsageFile(w, [
      { asset: a, usage: 2.5 },
      { asset: b, usage: 4 },
    ]);
    // the provider does not see a file before it is submitted, so it cannot act on it either
    expect((await act(w.provider, f.id, 'submit')).statusCode).toBe(404);
    // the side is checked before the status: the vendor never closes or accepts
    for (const action of ['close', 'accept']) expect((await act(w.vendor, f.id, action)).statusCode).toBe(403);

    const pending = await ok(w.t, w.vendor, 'POST', `/usage/files/${f.id}/submit`, {}, 200);
    expect(pending).toMatchObject({ status: 'pending', stats: { validated: 2, pending: 2 } });
    expect(pending.events.submitted.at).toBeTruthy();
    await refusal(w.vendor, f.id, 'submit', 'pending');
    await refusal(w.vendor, f.id, 'delete', 'pending');
    // the vendor cannot accept its own usage
    expect((await act(w.vendor, f.id, 'accept')).statusCode).toBe(403);

    const accepted = await ok(w.t, w.provider, 'POST', `/usage/files/${f.id}/accept`, { acceptance_note: 'Fine' }, 200);
    expect(accepted).toMatchObject({ status: 'accepted', acceptance_note: 'Fine', stats: { accepted: 2, pending: 0 } });
    expect(await recordStatuses(w.vendor, f.id)).toEqual(['approved', 'approved']);
    await refusal(w.provider, f.id, 'reject', 'accepted', { rejection_note: 'late' });

    // one record closed on its own: the file counts it
    const [first] = await ok(w.t, w.provider, 'GET', `/usage/records?usagefile.id=${f.id}&ordering(row)`);
    const record = await ok(
      w.t,
      w.provider,
      'POST',
      `/usage/records/${first.id}/close`,
      {
        external_billing_id: 'INV-7',
      },
      200,
    );
    expect(record).toMatchObject({ status: 'closed', external_billing_id: 'INV-7' });
    expect((await ok(w.t, w.vendor, 'GET', `/usage/files/${f.id}`)).stats.closed).toBe(1);

    const closed = await ok(w.t, w.provider, 'POST', `/usage/files/${f.id}/close`, {}, 200);
    expect(closed).toMatchObject({ status: 'closed', stats: { closed: 2 }, records: { closed: 2 } });
    expect(await recordStatuses(w.provider, f.id)).toEqual(['closed', 'closed']);
    for (const action of ['submit', 'accept', 'close', 'reprocess'])
      await refusal(action === 'submit' || action === 'reprocess' ? w.vendor : w.provider, f.id, action, 'closed');
  });

  it('rejects with a reason the vendor reads; a rejected file can be deleted and leaves the list', async () => {
    const f = await readyUsageFile(w, [{ asset: w.assets[0], usage: 1 }], { month: 1 });
    await ok(w.t, w.vendor, 'POST', `/usage/files/${f.id}/submit`, {}, 200);
    const noReason = await act(w.provider, f.id, 'reject', {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('rejection_note');

    const rejected = await ok(
      w.t,
      w.provider,
      'POST',
      `/usage/files/${f.id}/reject`,
      {
        rejection_note: 'Storage of the second week is counted twice.',
      },
      200,
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejection_note: 'Storage of the second week is counted twice.',
    });
    expect(await recordStatuses(w.vendor, f.id)).toEqual(['rejected']);
    // a file that never had a spreadsheet uploaded cannot be reprocessed
    const reprocess = await act(w.vendor, f.id, 'reprocess');
    expect(reprocess.statusCode).toBe(400);
    expect(reprocess.json().errors).toEqual(['Upload a spreadsheet first.']);

    expect((await act(w.provider, f.id, 'delete')).statusCode).toBe(403);
    const deleted = await ok(w.t, w.vendor, 'POST', `/usage/files/${f.id}/delete`, {}, 200);
    expect(deleted.status).toBe('deleted');
    expect(await ok(w.t, w.vendor, 'GET', `/usage/records?usagefile.id=${f.id}`)).toEqual([]);
    const listed = (await ok(w.t, w.vendor, 'GET', '/usage/files?limit=100')).map((x: any) => x.id);
    expect(listed).not.toContain(f.id);
    const asked = await ok(w.t, w.vendor, 'GET', `/usage/files?eq(status,deleted)&eq(id,${f.id})`);
    expect(asked.map((x: any) => x.id)).toEqual([f.id]);
  });

  it('counts incomplete, pending and accepted files for the vendor, pending and accepted for the provider', async () => {
    const vendorBefore = await counter(w.vendor, w.t.demo.vendor.id);
    const providerBefore = await counter(w.provider, w.t.demo.provider.id);
    const f = await readyUsageFile(w, [{ asset: w.assets[0], usage: 3 }], { month: 2 });
    expect(await counter(w.vendor, w.t.demo.vendor.id)).toBe(vendorBefore + 1);
    expect(await counter(w.provider, w.t.demo.provider.id)).toBe(providerBefore);
    await ok(w.t, w.vendor, 'POST', `/usage/files/${f.id}/submit`, {}, 200);
    expect(await counter(w.provider, w.t.demo.provider.id)).toBe(providerBefore + 1);
    await ok(w.t, w.provider, 'POST', `/usage/files/${f.id}/accept`, {}, 200);
    expect(await counter(w.vendor, w.t.demo.vendor.id)).toBe(vendorBefore + 1);
    await ok(w.t, w.provider, 'POST', `/usage/files/${f.id}/close`, {}, 200);
    expect(await counter(w.vendor, w.t.demo.vendor.id)).toBe(vendorBefore);
    expect(await counter(w.provider, w.t.demo.provider.id)).toBe(providerBefore);
  });

  it('shows nothing to another vendor or to a provider that is not party to the contract', async () => {
    const f = await readyUsageFile(w, [{ asset: w.assets[1], usage: 6 }], { month: 3 });
    await ok(w.t, w.vendor, 'POST', `/usage/files/${f.id}/submit`, {}, 200);
    await ok(w.t, w.provider, 'POST', `/usage/files/${f.id}/accept`, {}, 200);
    for (const who of [w.other, stranger]) {
      expect((await call(who, 'GET', `/usage/files/${f.id}`)).statusCode).toBe(404);
      expect((await act(who, f.id, 'close')).statusCode).toBe(404);
      expect((await call(who, 'PUT', `/usage/files/${f.id}`, { name: 'x' })).statusCode).toBe(404);
      for (const list of ['/usage/files', '/usage/records', '/usage/chunks', '/usage/aggregates'])
        expect(await ok(w.t, who, 'GET', `${list}?limit=100`)).toEqual([]);
    }
    // nor may a provider report usage under someone else's contract
    const create = await call(stranger, 'POST', '/usage/files', {
      name: 'Not mine',
      product: { id: w.product.id },
      contract: { id: w.contract.id },
      period: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
    });
    expect(create.statusCode).toBe(403);
  });
});
