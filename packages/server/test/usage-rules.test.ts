import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, extraProvider, ok } from './distribution-helpers.ts';
import type { Session } from './helpers.ts';
import { readyUsageFile, usageWorld, type UsageWorld } from './usage-fixture.ts';

// A provider's usage rules (/products/{id}/usage/rules): kept per provider and product, checked when written, and
// applied when a vendor submits a file (domain usage/rule.ts says what each action does).

let w: UsageWorld;
let stranger: Session;
let rules: string;
beforeAll(async () => {
  w = await usageWorld();
  stranger = await extraProvider(w.t, 'Stranger Provider', 'stranger@rules.test');
  rules = `/products/${w.product.id}/usage/rules`;
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  w.t.call(who, { method, url: `${API}${url}`, payload: payload as any });
const refused = async (body: unknown, message: string) => {
  const res = await call(w.provider, 'POST', rules, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors).toEqual([message]);
};
const rule = (body: Record<string, unknown>) =>
  ok(w.t, w.provider, 'POST', rules, { item: { id: w.item.id }, ...body });
/** Every active rule is taken off, so each case starts from none. */
async function clearRules() {
  for (const r of await ok(w.t, w.provider, 'GET', rules))
    expect((await call(w.provider, 'DELETE', `${rules}/${r.id}`)).statusCode).toBe(204);
}
const submit = async (specs: { asset: any; usage: number }[], month: number) => {
  const f = await readyUsageFile(w, specs, { month });
  return ok(w.t, w.vendor, 'POST', `/usage/files/${f.id}/submit`, {}, 200);
};
const recordStatuses = async (fileId: string) =>
  (await ok(w.t, w.vendor, 'GET', `/usage/records?usagefile.id=${fileId}`)).map((r: any) => r.status).sort();

describe('usage rules', () => {
  it('are the provider own, for pay-per-use items of a product it sees, with conditions that compile', async () => {
    const created = await rule({ action: 'accept', rule: 'le(usage,10)' });
    expect(created).toMatchObject({
      action: 'accept',
      scope: 'record',
      rule: 'le(usage,10)',
      status: 'active',
      item: { id: w.item.id, name: w.item.name },
    });
    expect(created.id).toMatch(/^UIR-\d{3}-\d{3}-\d{3}$/);
    expect(created.events.created.at).toBeTruthy();

    await refused({ item: { id: w.item.id } }, 'action: This field is required');
    await refused(
      { item: { id: 'PRD-000-000-000-0001' }, action: 'accept' },
      `item: No item PRD-000-000-000-0001 in product ${w.product.id}.`,
    );
    const seat = (await ok(w.t, w.vendor, 'GET', `/products/${w.product.id}/items`)).find((i: any) => i.type !== 'ppu');
    await refused({ item: { id: seat.id }, action: 'accept' }, `item: ${seat.name} is not a pay-per-use item.`);
    await refused(
      { item: { id: w.item.id }, action: 'accept', rule: 'gt(price,1)' },
      expect.stringMatching(/^rule: Unknown filter field 'price' \(allowed: /) as any,
    );
    await refused(
      { item: { id: w.item.id }, action: 'accept', scope: 'file', rule: 'eq(record_id,x)' },
      expect.stringMatching(/^rule: Unknown filter field 'record_id'/) as any,
    );
    await refused(
      { item: { id: w.item.id }, action: 'accept', rule: 'gt(usage,lots)' },
      "rule: Invalid value 'lots' for field 'usage': expected a number.",
    );
    await refused(
      { item: { id: w.item.id }, action: 'accept', rule: 'gt(usage,1)&ordering(usage)' },
      'rule: A condition is a filter only, such as gt(usage,100).',
    );

    // changed with the same checks; taken off, it leaves the list unless its status is asked for
    const changed = await ok(
      w.t,
      w.provider,
      'PUT',
      `${rules}/${created.id}`,
      { action: 'manual', scope: 'file', rule: 'gt(records,5)' },
      200,
    );
    expect(changed).toMatchObject({ action: 'manual', scope: 'file', rule: 'gt(records,5)' });
    expect((await call(w.provider, 'PUT', `${rules}/${created.id}`, { rule: 'gt(usage' })).statusCode).toBe(400);
    expect((await call(w.provider, 'DELETE', `${rules}/${created.id}`)).statusCode).toBe(204);
    expect(await ok(w.t, w.provider, 'GET', rules)).toEqual([]);
    expect((await ok(w.t, w.provider, 'GET', `${rules}?status=deleted`)).map((r: any) => r.id)).toEqual([created.id]);

    // nobody else sees them: not the vendor, not a provider the product is not distributed to
    expect((await call(w.vendor, 'GET', rules)).statusCode).toBe(404);
    expect((await call(w.vendor, 'GET', `${rules}/${created.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', rules)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', rules, { item: { id: w.item.id }, action: 'accept' })).statusCode).toBe(404);
  });

  it('accept rules accept a file whose every record they cover, and leave the rest for review', async () => {
    await clearRules();
    const [a, b] = w.assets;
    const r = await rule({ action: 'accept', rule: 'le(usage,10)' });
    const covered = await submit(
      [
        { asset: a, usage: 2.5 },
        { asset: b, usage: 4 },
      ],
      1,
    );
    expect(covered).toMatchObject({
      status: 'accepted',
      acceptance_note: `Accepted by usage rule ${r.id} (${w.item.name}: le(usage,10)).`,
    });
    expect(await recordStatuses(covered.id)).toEqual(['approved', 'approved']);
    expect((await ok(w.t, w.provider, 'GET', `/usage/chunks?usagefile.id=${covered.id}`)).length).toBe(2);

    const partly = await submit(
      [
        { asset: a, usage: 2.5 },
        { asset: b, usage: 40 },
      ],
      2,
    );
    expect(partly).toMatchObject({ status: 'pending', acceptance_note: '' });
    expect(await recordStatuses(partly.id)).toEqual(['valid', 'valid']);
  });

  it('a reject rule that applies rejects the file; a manual one keeps it for review over any accept rule', async () => {
    await clearRules();
    const [a, b] = w.assets;
    await rule({ action: 'accept' });
    const reject = await rule({ action: 'reject', scope: 'file', rule: 'gt(usage,100)' });
    const over = await submit(
      [
        { asset: a, usage: 60 },
        { asset: b, usage: 50 },
      ],
      3,
    );
    expect(over).toMatchObject({
      status: 'rejected',
      rejection_note: `Rejected by usage rule ${reject.id} (${w.item.name}: gt(usage,100)).`,
    });
    expect(await recordStatuses(over.id)).toEqual(['rejected', 'rejected']);

    const under = await submit([{ asset: a, usage: 60 }], 4);
    expect(under.status).toBe('accepted');

    await rule({ action: 'manual', rule: `eq(asset.external_id,${b.external_id})` });
    expect(
      (
        await submit(
          [
            { asset: a, usage: 1 },
            { asset: b, usage: 1 },
          ],
          5,
        )
      ).status,
    ).toBe('pending');
    expect((await submit([{ asset: a, usage: 1 }], 6)).status).toBe('accepted');
    // another provider's rules, or rules taken off, decide nothing
    await clearRules();
    expect((await submit([{ asset: a, usage: 1 }], 7)).status).toBe('pending');
  });
});
