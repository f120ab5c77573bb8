import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, publishedProduct } from './distribution-helpers.ts';
import type { Session, TestApp } from './helpers.ts';
import { openTenants } from './tenants.ts';

// Favorites (issue 17): a user marks an object they can read; the mark carries its name; each user reads only their
// own marks in the current account; an object the caller cannot read (another tenant's) cannot be marked.

let t: TestApp;
let vendor: Session;
let other: Session;

const call = (who: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.call(who, { method, url: `${API}${url}`, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ({ t, vendor, other } = await openTenants());
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('favorites', () => {
  it("mark what the user reads, named from the object, and stay the user's own", async () => {
    const product = await publishedProduct(t, vendor, 'Favorite Product');
    const marked = await call(vendor, 'POST', '/favorites', {
      object: { id: product.id, resource: 'product' },
      route: `/products/${product.id}`,
    });
    expect(marked.statusCode, marked.body).toBe(201);
    expect(marked.json()).toMatchObject({
      object: { id: product.id, resource: 'product', name: 'Favorite Product' },
      route: `/products/${product.id}`,
      account: { id: t.demo.vendor.id },
    });
    const again = await call(vendor, 'POST', '/favorites', { object: { id: product.id, resource: 'product' } });
    expect(again.json().errors).toEqual([`object.id: ${product.id} is a favorite already (${marked.json().id}).`]);
    const list = (await call(vendor, 'GET', '/favorites')).json();
    expect(list.map((f: any) => f.object.id)).toEqual([product.id]);

    // another tenant: cannot mark the vendor's product, and does not see the vendor's marks
    const foreign = await call(other, 'POST', '/favorites', { object: { id: product.id, resource: 'product' } });
    expect([foreign.statusCode, foreign.json().errors]).toEqual([
      400,
      [`object.id: No product ${product.id} that you can see.`],
    ]);
    expect((await call(other, 'GET', '/favorites')).json()).toEqual([]);
    expect((await call(other, 'GET', `/favorites/${marked.json().id}`)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/favorites/${marked.json().id}`)).statusCode).toBe(404);

    // a route is a path of this portal, never another site's or a script
    for (const route of ['//evil.example/x', 'javascript:alert(1)', 'https://evil.example']) {
      const bad = await call(vendor, 'POST', '/favorites', { object: { id: product.id, resource: 'product' }, route });
      expect(bad.json().errors, route).toEqual(['route: Must be a path of this portal, starting with one /.']);
    }
    const unknown = await call(vendor, 'POST', '/favorites', { object: { id: 'X-1', resource: 'spaceship' } });
    expect(unknown.json().errors).toEqual(['object.resource: Objects of spaceship cannot be favorites.']);

    expect((await call(vendor, 'DELETE', `/favorites/${marked.json().id}`)).statusCode).toBe(204);
    expect((await call(vendor, 'GET', '/favorites')).json()).toEqual([]);
  });
});
