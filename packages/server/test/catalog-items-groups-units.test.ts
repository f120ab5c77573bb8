import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import type { Session, TestApp } from './helpers.ts';
import { openTenants, createProduct, linkToProvider as link } from './tenants.ts';

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;
beforeAll(async () => {
  ({ t, vendor, provider, other } = await openTenants());
});
afterAll(async () => {
  await t?.close();
});

const P = '/public/v1/products';
const U = '/public/v1/settings/units';
const newProduct = (name = 'Grouped') => createProduct(t, vendor, name);
async function create(url: string, payload: object, who = vendor) {
  const res = await t.call(who, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const get = (url: string, who = vendor) => t.call(who, { method: 'GET', url });

describe('item groups', () => {
  it('CRUD with item counts; items carry their group; a group with items cannot be deleted', async () => {
    const p = await newProduct();
    const G = `${P}/${p.id}/item-groups`;
    const group = await create(G, { name: 'Storage', mpn: 'GRP-STORAGE', description: 'Disk and backup' });
    expect(group).toMatchObject({ name: 'Storage', mpn: 'GRP-STORAGE', product: { id: p.id }, stats: { items: 0 } });
    expect(group.id).toMatch(/^IGR-\d{4}-\d{4}-\d{4}$/);
    expect(group.events.created.by.name).toBeTruthy();
    const missing = await t.call(vendor, { method: 'POST', url: G, payload: { name: 'No MPN' } });
    expect(missing.json().errors).toEqual(['mpn: This field is required']);
    const dup = await t.call(vendor, { method: 'POST', url: G, payload: { name: 'Again', mpn: 'GRP-STORAGE' } });
    expect(dup.json().errors).toEqual(["mpn: An item group with MPN 'GRP-STORAGE' already exists in this product."]);

    const item = await create(`${P}/${p.id}/items`, {
      name: 'Disk',
      mpn: 'DISK',
      type: 'ppu',
      group: { id: group.id },
    });
    expect(item.group).toEqual({ id: group.id, name: 'Storage', mpn: 'GRP-STORAGE' });
    await create(`${P}/${p.id}/items`, { name: 'Backup', mpn: 'BAK', type: 'ppu', group: { id: group.id } });
    expect((await get(`${G}/${group.id}`)).json().stats).toEqual({ items: 2 });
    expect((await get(G)).json()).toMatchObject([{ id: group.id, stats: { items: 2 } }]);

    const renamed = await t.call(vendor, {
      method: 'PUT',
      url: `${G}/${group.id}`,
      payload: { name: 'Cloud storage' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Cloud storage', mpn: 'GRP-STORAGE' });
    const inGroup = (await get(`${P}/${p.id}/items?eq(group.name,Cloud storage)`)).json();
    expect(inGroup.map((i: any) => i.name).sort()).toEqual(['Backup', 'Disk']);
    expect((await get(`${P}/${p.id}/items?eq(group.id,${group.id})`)).json()).toHaveLength(2);

    const blocked = await t.call(vendor, { method: 'DELETE', url: `${G}/${group.id}` });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().errors).toEqual([`Item group ${group.id} contains 2 item(s); move or delete them first.`]);
    for (const i of (await get(`${P}/${p.id}/items`)).json()) {
      const res = await t.call(vendor, { method: 'PUT', url: `${P}/${p.id}/items/${i.id}`, payload: { group: null } });
      expect(res.json()).not.toHaveProperty('group');
    }
    expect((await t.call(vendor, { method: 'DELETE', url: `${G}/${group.id}` })).statusCode).toBe(204);
    expect((await get(`${G}/${group.id}`)).statusCode).toBe(404);
  });

  it('filters and orders per the reference; a group of another product is refused', async () => {
    const p = await newProduct();
    const q = await newProduct('Elsewhere');
    const G = `${P}/${p.id}/item-groups`;
    await create(G, { name: 'Beta', mpn: 'B' });
    await create(G, { name: 'Alpha', mpn: 'A' });
    const foreign = await create(`${P}/${q.id}/item-groups`, { name: 'Foreign', mpn: 'F' });
    expect((await get(G)).json().map((g: any) => g.name)).toEqual(['Alpha', 'Beta']);
    expect((await get(`${G}?ordering(-mpn)`)).json().map((g: any) => g.mpn)).toEqual(['B', 'A']);
    expect((await get(`${G}?eq(mpn,B)`)).json()).toHaveLength(1);
    expect((await get(`${G}?ge(created_at,2000-01-01)`)).json()).toHaveLength(2);
    const res = await t.call(vendor, {
      method: 'POST',
      url: `${P}/${p.id}/items`,
      payload: { name: 'X', mpn: 'X', type: 'reservation', group: { id: foreign.id } },
    });
    expect(res.json().errors).toEqual([`group: Item group '${foreign.id}' does not exist in this product.`]);
  });

  it('versions freeze groups with their counts', async () => {
    const p = await newProduct();
    const G = `${P}/${p.id}/item-groups`;
    const group = await create(G, { name: 'Seats', mpn: 'SEATS' });
    await create(`${P}/${p.id}/items`, { name: 'Seat', mpn: 'SEAT', type: 'reservation', group: { id: group.id } });
    await create(`${P}/${p.id}/versions`, {});
    await runDueJobs(t.db);
    await t.call(vendor, { method: 'PUT', url: `${G}/${group.id}`, payload: { name: 'User seats' } });
    await create(`${P}/${p.id}/items`, { name: 'Seat 2', mpn: 'SEAT2', type: 'reservation', group: { id: group.id } });
    const frozen = (await get(`${P}/${p.id}/versions/1/item-groups/${group.id}`)).json();
    expect(frozen).toMatchObject({ name: 'Seats', stats: { items: 1 } });
    expect((await get(`${P}/${p.id}/versions/1/item-groups`)).json()).toHaveLength(1);
    expect((await get(`${G}/${group.id}`)).json()).toMatchObject({ name: 'User seats', stats: { items: 2 } });
  });

  it('tenancy: Other Vendor 404; a linked provider reads, 403 on writes', async () => {
    const p = await newProduct('Tenancy groups');
    const G = `${P}/${p.id}/item-groups`;
    const group = await create(G, { name: 'Seats', mpn: 'SEATS' });
    const calls: [string, string, object?][] = [
      ['GET', G],
      ['POST', G, { name: 'X', mpn: 'X' }],
      ['GET', `${G}/${group.id}`],
      ['PUT', `${G}/${group.id}`, { name: 'Y' }],
      ['DELETE', `${G}/${group.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await t.call(other, { method: method as any, url, payload })).statusCode, `other ${method} ${url}`).toBe(
        404,
      );
    }
    await link(t, p.id);
    for (const [method, url, payload] of calls) {
      expect(
        (await t.call(provider, { method: method as any, url, payload })).statusCode,
        `provider ${method} ${url}`,
      ).toBe(method === 'GET' ? 200 : 403);
    }
  });
});

describe('units', () => {
  it('lists the shared units, with the default empty units unit and unith', async () => {
    const all = (await get(`${U}?limit=1000`)).json();
    const ids = all.map((u: any) => u.id);
    expect(ids).toEqual(expect.arrayContaining(['unit', 'unith', 'users', 'licenses', 'gb', 'devices', 'hours']));
    expect((await get(`${U}/unit`)).json()).toMatchObject({
      id: 'unit',
      name: 'Units',
      title: 'Units',
      unit: 'unit',
    });
    // a shared unit has no owner
    expect((await get(`${U}/unit`)).json()).not.toHaveProperty('owner');
    expect((await get(`${U}/unith`)).json()).toMatchObject({ id: 'unith', title: 'Units × hours' });
    expect((await get(`${U}?eq(id,unith)`, provider)).json()).toHaveLength(1);
  });

  it('a vendor defines its own units, used by its items and invisible to other tenants', async () => {
    const unit = await create(U, { id: 'backup-jobs', name: 'Backup jobs', unit: 'job', mpn: 'UOM-JOB' });
    expect(unit).toMatchObject({
      id: 'backup-jobs',
      title: 'Backup jobs',
      unit: 'job',
      mpn: 'UOM-JOB',
      owner: { id: t.demo.vendor.id },
    });
    const generated = await create(U, { name: 'Snapshots' });
    expect(generated.id).toMatch(/^UN-\d{3}-\d{3}-\d{3}$/);
    expect(
      (await t.call(vendor, { method: 'POST', url: U, payload: { id: 'unit', name: 'Mine' } })).json().errors,
    ).toEqual(["id: Unit 'unit' already exists."]);
    expect(
      (await t.call(vendor, { method: 'POST', url: U, payload: { id: 'bad id!', name: 'x' } })).json().errors,
    ).toEqual(["id: Use letters, digits, '-' and '_' only"]);
    expect((await t.call(vendor, { method: 'POST', url: U, payload: {} })).json().errors).toEqual([
      'name: This field is required',
    ]);

    const p = await newProduct();
    const item = await create(`${P}/${p.id}/items`, {
      name: 'Jobs',
      mpn: 'JOBS',
      type: 'ppu',
      unit: { id: 'backup-jobs' },
    });
    expect(item.unit).toEqual({ id: 'backup-jobs', name: 'Backup jobs', title: 'Backup jobs', unit: 'job' });
    await t.call(vendor, { method: 'PUT', url: `${U}/backup-jobs`, payload: { title: 'Backup runs' } });
    expect((await get(`${P}/${p.id}/items/${item.id}`)).json().unit.title).toBe('Backup runs');
    expect((await get(`${P}/${p.id}/items?eq(unit.title,Backup runs)`)).json()).toHaveLength(1);

    // other tenants neither see nor use it
    expect((await get(`${U}/backup-jobs`, other)).statusCode).toBe(404);
    expect((await get(`${U}?eq(id,backup-jobs)`, other)).json()).toEqual([]);
    expect((await t.call(other, { method: 'PUT', url: `${U}/backup-jobs`, payload: { name: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await t.call(other, { method: 'DELETE', url: `${U}/backup-jobs` })).statusCode).toBe(404);
    const otherProduct = (await t.call(other, { method: 'POST', url: P, payload: { name: 'Theirs' } })).json();
    const theirs = await t.call(other, {
      method: 'POST',
      url: `${P}/${otherProduct.id}/items`,
      payload: { name: 'X', mpn: 'X', type: 'ppu', unit: { id: 'backup-jobs' } },
    });
    expect(theirs.json().errors).toEqual(["unit: Unit 'backup-jobs' does not exist."]);
    expect((await t.call(provider, { method: 'POST', url: U, payload: { name: 'Provider unit' } })).statusCode).toBe(
      403,
    );

    // shared units are read-only; a unit in use cannot be deleted
    expect((await t.call(vendor, { method: 'PUT', url: `${U}/unit`, payload: { name: 'Mine' } })).statusCode).toBe(403);
    expect((await t.call(vendor, { method: 'DELETE', url: `${U}/unith` })).statusCode).toBe(403);
    const inUse = await t.call(vendor, { method: 'DELETE', url: `${U}/backup-jobs` });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().errors).toEqual(["Unit 'backup-jobs' is used by 1 item(s) and cannot be deleted."]);
    expect((await t.call(vendor, { method: 'DELETE', url: `${U}/${generated.id}` })).statusCode).toBe(204);
  });
});
