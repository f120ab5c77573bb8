import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountAgreementGroups } from '../src/modules/partners/groups/index.ts';
import { API, extraProvider, ok } from './distribution-helpers.ts';
import type { Session, TestApp } from './helpers.ts';
import { createProduct, linkToProvider, openTenants } from './tenants.ts';

// Catalog groups (issue 15): an account's product groups, their products, and the agreements that cover them.

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;
let otherProvider: Session;
let backup: { id: string; name: string };
let mail: { id: string; name: string };
let foreign: { id: string };
beforeAll(async () => {
  ({ t, vendor, provider, other } = await openTenants());
  otherProvider = await extraProvider(t, 'Second Provider', 'second@groups.test');
  backup = await createProduct(t, vendor, 'Backup', { short_description: 'Backups of laptops' });
  mail = await createProduct(t, vendor, 'Mail');
  foreign = await createProduct(t, other, 'Foreign product');
  await linkToProvider(t, backup.id);
});
afterAll(async () => {
  await t?.close();
});

const GROUPS = '/catalog/groups';
const status = async (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  (await t.call(who, { method, url: `${API}${url}`, payload: payload as any })).statusCode;
const errorOf = async (who: Session, method: 'POST' | 'PUT', url: string, payload: unknown) => {
  const res = await t.call(who, { method, url: `${API}${url}`, payload: payload as any });
  expect(res.statusCode, res.body).toBe(400);
  return res.json().errors as string[];
};

/** An agreement of Demo Provider, stored as the agreements code stores it. */
async function agreement(title: string) {
  const id = `AGP-${String(Math.floor(Math.random() * 1e9))
    .padStart(9, '0')
    .replace(/(\d{3})(\d{3})(\d{3})/, '$1-$2-$3')}`;
  const at = new Date().toISOString();
  const owner = { id: t.demo.provider.id, name: 'Demo Provider' };
  const data = {
    id,
    type: 'distribution',
    title,
    name: title,
    description: `${title}: terms`,
    owner,
    active: true,
    created: at,
    updated: at,
    events: { created: { at, by: owner }, updated: { at, by: owner } },
  };
  await t.db
    .insertInto('agreements')
    .values({
      id,
      account_id: owner.id,
      type: 'distribution',
      title,
      active: true,
      created_at: at,
      updated_at: at,
      data: JSON.stringify(data),
    })
    .execute();
  return data;
}

/** A contract of Demo Vendor under an agreement. */
async function contract(agreementId: string, status: string) {
  const id = `CT-${Math.floor(1000 + Math.random() * 8999)}-0000-${Math.floor(1000 + Math.random() * 8999)}`;
  const at = new Date().toISOString();
  const owner = { id: t.demo.vendor.id, name: 'Demo Vendor' };
  const data = {
    id,
    type: 'distribution',
    status,
    name: 'Europe distribution',
    version: 1,
    agreement: { id: agreementId, name: 'Europe distribution', type: 'distribution', version: 1 },
    issuer: { id: t.demo.provider.id, name: 'Demo Provider' },
    owner,
    events: { created: { at, by: owner }, updated: { at, by: owner } },
  };
  await t.db
    .insertInto('contracts')
    .values({
      id,
      account_id: t.demo.provider.id,
      owner_id: owner.id,
      agreement_id: agreementId,
      type: 'distribution',
      status,
      version: 1,
      created_at: at,
      updated_at: at,
      data: JSON.stringify(data),
    })
    .execute();
  return data;
}

describe('catalog groups', () => {
  it('a vendor groups its own products; the group keeps its product count', async () => {
    const group = await ok(t, vendor, 'POST', GROUPS, {
      name: 'Backup family',
      description: 'Everything backup',
      products: [{ id: backup.id }, { id: backup.id }],
    });
    expect(group.id).toMatch(/^PG-\d{3}-\d{3}-\d{3}$/);
    expect(group).toMatchObject({
      name: 'Backup family',
      owner: { id: t.demo.vendor.id },
      stats: { products: 1, agreements: 0, contracts: 0 },
    });
    expect(group).not.toHaveProperty('products');
    const products = await ok(t, vendor, 'GET', `${GROUPS}/${group.id}/products`);
    expect(products).toEqual([{ id: backup.id, name: 'Backup', status: 'draft', description: 'Backups of laptops' }]);

    // the list shows the product as it is now
    await ok(t, vendor, 'PUT', `/products/${backup.id}`, { name: 'Backup Pro' }, 200);
    expect((await ok(t, vendor, 'GET', `${GROUPS}/${group.id}/products`))[0].name).toBe('Backup Pro');

    // PUT with products replaces them
    const put = await ok(
      t,
      vendor,
      'PUT',
      `${GROUPS}/${group.id}`,
      { name: 'Backup and mail', products: [{ id: mail.id }] },
      200,
    );
    expect(put).toMatchObject({ name: 'Backup and mail', description: 'Everything backup', stats: { products: 1 } });
    expect((await ok(t, vendor, 'GET', `${GROUPS}/${group.id}/products`)).map((p: any) => p.id)).toEqual([mail.id]);

    const filtered = await ok(t, vendor, 'GET', `${GROUPS}?eq(stats.products,1)&ordering(-stats.products)`);
    expect(filtered.map((g: any) => g.id)).toContain(group.id);
    expect(await ok(t, vendor, 'GET', `${GROUPS}?gt(stats.products,1)`)).toEqual([]);
  });

  it('adds and removes one product at a time; a product the owner cannot see is refused by name', async () => {
    const group = await ok(t, vendor, 'POST', GROUPS, { name: 'Singles' });
    expect(group.stats.products).toBe(0);
    const added = await ok(t, vendor, 'POST', `${GROUPS}/${group.id}/products`, { id: backup.id });
    expect(added).toMatchObject({ id: backup.id, name: 'Backup Pro', status: 'draft' });
    // adding it again is not an error
    await ok(t, vendor, 'POST', `${GROUPS}/${group.id}/products`, { id: backup.id });
    await ok(t, vendor, 'POST', `${GROUPS}/${group.id}/products`, { id: mail.id });
    expect((await ok(t, vendor, 'GET', `${GROUPS}/${group.id}`)).stats.products).toBe(2);

    expect(await errorOf(vendor, 'POST', `${GROUPS}/${group.id}/products`, { id: foreign.id })).toEqual([
      `id: product ${foreign.id} is not one of your products.`,
    ]);
    expect(
      await errorOf(vendor, 'POST', GROUPS, { name: 'Mixed', products: [{ id: mail.id }, { id: 'PRD-000-000-000' }] }),
    ).toEqual(['products: product PRD-000-000-000 is not one of your products.']);
    expect(await errorOf(vendor, 'POST', `${GROUPS}/${group.id}/products`, {})).toEqual(['id: This field is required']);
    expect(await errorOf(vendor, 'POST', GROUPS, { name: ' ' })).toEqual(['name: This field is required']);

    expect(await status(vendor, 'DELETE', `${GROUPS}/${group.id}/products/${backup.id}`)).toBe(204);
    expect(await status(vendor, 'DELETE', `${GROUPS}/${group.id}/products/${backup.id}`)).toBe(404);
    const after = await ok(t, vendor, 'GET', `${GROUPS}/${group.id}`);
    expect(after.stats.products).toBe(1);
    expect(after.events.updated.at >= group.events.updated.at).toBe(true);

    const audit = await ok(t, vendor, 'GET', `/audit/records?eq(object.id,${group.id})&ordering(events.created.at)`);
    expect(audit.map((r: any) => r.action)).toEqual(
      expect.arrayContaining(['create', 'add-product', 'remove-product']),
    );
  });

  it('a provider groups the products it can see, and only those', async () => {
    const group = await ok(t, provider, 'POST', GROUPS, { name: 'Featured', products: [{ id: backup.id }] });
    expect(group.stats.products).toBe(1);
    expect(await errorOf(provider, 'POST', `${GROUPS}/${group.id}/products`, { id: mail.id })).toEqual([
      `id: product ${mail.id} is not a product available to you.`,
    ]);
    // each account sees its own groups only
    expect((await ok(t, vendor, 'GET', GROUPS)).map((g: any) => g.id)).not.toContain(group.id);
  });

  it("another tenant's group is a 404 on every read and write, before the body is read", async () => {
    const group = await ok(t, vendor, 'POST', GROUPS, { name: 'Private', products: [{ id: mail.id }] });
    for (const who of [other, provider]) {
      expect(await status(who, 'GET', `${GROUPS}/${group.id}`)).toBe(404);
      expect(await status(who, 'PUT', `${GROUPS}/${group.id}`, { name: 12 })).toBe(404);
      expect(await status(who, 'DELETE', `${GROUPS}/${group.id}`)).toBe(404);
      expect(await status(who, 'GET', `${GROUPS}/${group.id}/products`)).toBe(404);
      expect(await status(who, 'POST', `${GROUPS}/${group.id}/products`, { id: 12 })).toBe(404);
      expect(await status(who, 'DELETE', `${GROUPS}/${group.id}/products/${mail.id}`)).toBe(404);
      expect(await status(who, 'GET', `${GROUPS}/${group.id}/agreements`)).toBe(404);
      expect(await status(who, 'GET', `${GROUPS}/${group.id}/partners`)).toBe(404);
    }
    expect((await ok(t, vendor, 'GET', `${GROUPS}/${group.id}`)).stats.products).toBe(1);
  });
});

describe('agreements and catalog groups', () => {
  it('the agreement owner links its own groups; partners under the agreement read them; stats follow', async () => {
    const terms = await agreement('Europe distribution');
    const signed = await contract(terms.id, 'active');
    const group = await ok(t, provider, 'POST', GROUPS, { name: 'Cloud', products: [{ id: backup.id }] });
    const vendorGroup = await ok(t, vendor, 'POST', GROUPS, { name: 'Vendor own' });
    const links = `/agreements/${terms.id}/product-groups`;

    // only the owner links, and only its own groups
    expect(await status(vendor, 'POST', links, { id: vendorGroup.id })).toBe(403);
    expect(await status(otherProvider, 'POST', links, { id: 12 })).toBe(404);
    expect(await status(other, 'POST', links, { id: vendorGroup.id })).toBe(403);
    expect(await errorOf(provider, 'POST', links, { id: vendorGroup.id })).toEqual([
      `id: catalog group ${vendorGroup.id} is not one of your catalog groups.`,
    ]);
    const linked = await ok(t, provider, 'POST', links, { id: group.id });
    expect(linked).toMatchObject({ id: group.id, name: 'Cloud', stats: { products: 1, agreements: 1, contracts: 1 } });

    // the agreement's readers (its owner, the partner holding a contract, any vendor while a distribution agreement
    // is open to enrolment) read what it covers; nobody else
    for (const who of [provider, vendor, other]) {
      expect((await ok(t, who, 'GET', links)).map((g: any) => g.id)).toEqual([group.id]);
      expect(await ok(t, who, 'GET', `/agreements/${terms.id}/products`)).toEqual([
        { id: backup.id, name: 'Backup Pro', status: 'draft', description: 'Backups of laptops' },
      ]);
    }
    expect(await status(otherProvider, 'GET', links)).toBe(404);
    expect(await status(otherProvider, 'GET', `/agreements/${terms.id}/products`)).toBe(404);
    expect(await status(otherProvider, 'DELETE', `${links}/${group.id}`)).toBe(404);
    expect(await status(vendor, 'DELETE', `${links}/${group.id}`)).toBe(403);
    // linking it twice is a conflict
    expect(await status(provider, 'POST', links, { id: group.id })).toBe(409);

    // the group's side: the agreements covering it and the partners under them
    expect(await ok(t, provider, 'GET', `${GROUPS}/${group.id}/agreements`)).toEqual([
      { id: terms.id, name: 'Europe distribution', description: 'Europe distribution: terms' },
    ]);
    const partners = await ok(t, provider, 'GET', `${GROUPS}/${group.id}/partners`);
    expect(partners).toEqual([
      {
        id: t.demo.vendor.id,
        name: 'Demo Vendor',
        role: 'vendor',
        agreement: { id: terms.id, name: 'Europe distribution' },
        contract: { id: signed.id, status: 'active', version: 1 },
        events: { created: signed.events.created },
      },
    ]);
    expect(
      await ok(t, provider, 'GET', `${GROUPS}/${group.id}/partners?eq(contract.status,active)&eq(name,Demo Vendor)`),
    ).toHaveLength(1);
    expect(await ok(t, provider, 'GET', `${GROUPS}/${group.id}/partners?eq(contract.status,pending)`)).toEqual([]);
    expect(await ok(t, provider, 'GET', `${GROUPS}/${group.id}/partners?eq(id,${t.demo.vendor.id})`)).toHaveLength(1);
    // the agreement's own partners list shows the same contract; the partner sees its own row, a stranger nothing
    for (const who of [provider, vendor]) {
      expect(await ok(t, who, 'GET', `/agreements/${terms.id}/partners`)).toEqual(partners);
    }
    expect(await status(otherProvider, 'GET', `/agreements/${terms.id}/partners`)).toBe(404);

    // a new contract moves the count once the contracts code says so
    await contract(terms.id, 'pending');
    await recountAgreementGroups(t.db, terms.id);
    expect((await ok(t, provider, 'GET', `${GROUPS}?eq(stats.contracts,2)`)).map((g: any) => g.id)).toEqual([group.id]);

    // a covered group is not deleted; unlinked, it is
    const refused = await t.call(provider, { method: 'DELETE', url: `${API}${GROUPS}/${group.id}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['Cloud is covered by an agreement; remove it from them first.']);
    expect(await status(provider, 'DELETE', `${links}/${group.id}`)).toBe(204);
    expect(await status(provider, 'DELETE', `${links}/${group.id}`)).toBe(404);
    expect((await ok(t, provider, 'GET', `${GROUPS}/${group.id}`)).stats).toEqual({
      products: 1,
      agreements: 0,
      contracts: 0,
    });
    expect(await ok(t, provider, 'GET', links)).toEqual([]);
    expect(await status(provider, 'DELETE', `${GROUPS}/${group.id}`)).toBe(204);
    const left = await t.db.selectFrom('product_group_products').selectAll().where('group_id', '=', group.id).execute();
    expect(left).toEqual([]);
  });
});
