import { createRequire } from 'node:module';
import { ALL_MODULES } from '@trellis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { startServer, type Running } from '../../src/server.ts';
import { freshDatabaseUrl } from '../helpers.ts';

// The official CloudBlue Connect JavaScript SDK (pinned in package.json) against a real Trellis listening on a TCP
// port, the way an existing Connect integration would use it: an API token per account, the SDK's own resources and
// helpers, its own RQL building (filter objects, $in/$out/$or/$not/$like/$ilike/$ge, $ordering, limit/offset).
// Every answer is held against what the same token reads from the API directly: the SDK must see the demo objects,
// its filters must narrow to exactly the matching ones and its orderings must order.

const sdk = createRequire(import.meta.url)('@cloudblueconnect/connect-javascript-sdk');
const { ConnectClient, APIError, Directory, Fulfillment, Inventory, Listings } = sdk;

const BASE = '/public/v1';

let running: Running;
let drop: () => Promise<void>;
let endpoint: string;
let vendorKey: string;
let providerKey: string;
/** Connect clients of Demo Vendor and Demo Provider (SDK objects: untyped on purpose). */
let vendor: any;
let provider: any;
/** The path and query of every request the SDK made, in order (what it put on the wire). */
const sent: string[] = [];

/** The same read as the SDK's, straight from the API with the same key. */
async function api(key: string, url: string): Promise<any> {
  const res = await running.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { authorization: key } });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const ids = (xs: any[]): string[] => xs.map((x) => x.id);
const sorted = (xs: string[]) => [...xs].sort();
const lastSent = () => sent[sent.length - 1];

/** Values in order (ISO timestamps and plain names compare as strings). */
function expectOrdered(values: string[], desc = false) {
  const want = [...values].sort();
  expect(values).toEqual(desc ? want.reverse() : want);
}

/** The ids of the objects of `all` that match, for comparing with a filtered answer. */
const matching = (all: any[], pred: (x: any) => boolean) => sorted(ids(all.filter(pred)));

beforeAll(async () => {
  const db = await freshDatabaseUrl();
  drop = db.drop;
  running = await startServer(testConfig({ databaseUrl: db.url }), { demo: true });
  await running.ready;
  const address = await running.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `${address}${BASE}`;

  const apiKey = async (email: string) => {
    const login = await running.app.inject({
      method: 'POST',
      url: `${BASE}/auth/login`,
      payload: { email, password: DEMO_PASSWORD },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const made = await running.app.inject({
      method: 'POST',
      url: `${BASE}/auth/tokens`,
      headers: { cookie, 'x-session-id': login.json().session_id },
      payload: { name: 'Connect SDK', permissions: [{ id: ALL_MODULES }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().token as string;
  };
  vendorKey = await apiKey('vendor@demo.trellis');
  providerKey = await apiKey('provider@demo.trellis');

  const client = (key: string) => {
    const c = new ConnectClient(endpoint, key);
    c.addBeforeRequestHook((url: string, options: unknown) => {
      sent.push(url.slice(endpoint.length));
      return { url, options };
    });
    return c;
  };
  vendor = client(vendorKey);
  provider = client(providerKey);
}, 180_000); // the full demo seed (a repository configured in the sandbox among it) on a loaded CI machine

afterAll(async () => {
  await running?.app.close();
  await drop?.();
});

describe('Connect JavaScript SDK against a real server', () => {
  it('authenticates with API tokens as the vendor and the provider; refusals are Connect API errors', async () => {
    const [va] = await vendor.accounts.search();
    expect(lastSent()).toBe('/accounts');
    expect(await vendor.accounts.search()).toEqual(await api(vendorKey, '/accounts'));
    expect(va).toMatchObject({ name: 'Demo Vendor', type: 'vendor' });
    const [pa] = await provider.accounts.search();
    expect(pa).toMatchObject({ name: 'Demo Provider', type: 'provider' });

    expect(await vendor.accounts.get(va.id)).toEqual(va);
    expect(await provider.accounts.get(pa.id)).toEqual(pa);
    expect(ids(await vendor.accounts.search({ id: va.id }))).toEqual([va.id]);
    expect(lastSent()).toBe(`/accounts?id=${va.id}`);
    expect(ids(await vendor.accounts.search({ type: 'vendor' }))).toEqual([va.id]);
    expect(await provider.accounts.search({ type: 'vendor' })).toEqual([]);
    expect(ids(await vendor.accounts.search({ name: { $ilike: 'vendor' } }))).toEqual([va.id]);
    expect(lastSent()).toBe('/accounts?ilike(name,*vendor*)');
    // a value with a space goes quoted, and fetch percent-encodes the quotes (`name=%22Demo%20Vendor%22`)
    expect(ids(await vendor.accounts.search({ name: va.name }))).toEqual([va.id]);
    expect(ids(await vendor.accounts.search({ name: { $in: [va.name] } }))).toEqual([va.id]);

    const users = await vendor.accounts.users(va.id).search();
    expect(users).toEqual(await api(vendorKey, `/accounts/${va.id}/users`));
    expect(users.map((u: any) => u.email)).toContain('vendor@demo.trellis');

    const stranger = new ConnectClient(endpoint, 'ApiKey SU-000-000-000:not-a-secret-of-this-server');
    const refused = await stranger.accounts.search().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(APIError);
    expect(refused.status).toBe(401);
    expect(typeof refused.errorCode).toBe('string');
    expect(refused.errors.length).toBeGreaterThan(0);

    const missing = await vendor.products.get('PRD-000-000-000').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(APIError);
    expect(missing.status).toBe(404);
    expect(typeof missing.errorCode).toBe('string');
  });

  it('lists, gets, filters and orders products as the vendor and the provider', async () => {
    const all = await vendor.products.search();
    expect(all).toEqual(await api(vendorKey, '/products'));
    expect(all.length).toBeGreaterThanOrEqual(2);
    const mail = all.find((p: any) => p.name === 'Secure Mail Suite');
    const backup = all.find((p: any) => p.name === 'Cloud Backup Pro');
    expect(mail && backup).toBeTruthy();

    expect(await vendor.products.get(mail.id)).toMatchObject({ id: mail.id, name: mail.name, status: mail.status });
    const published = await vendor.products.search({ status: 'published' });
    expect(lastSent()).toBe('/products?status=published');
    expect(sorted(ids(published))).toEqual(matching(all, (p) => p.status === 'published'));
    expect(ids(await vendor.products.search({ external_id: mail.external_id }))).toEqual([mail.id]);
    expect(sorted(ids(await vendor.products.search({ 'owner.id': mail.owner.id })))).toEqual(
      matching(all, (p) => p.owner.id === mail.owner.id),
    );
    expect(sorted(ids(await vendor.products.search({ 'visibility.listing': true })))).toEqual(
      matching(all, (p) => p.visibility.listing === true),
    );

    // list operators
    const both = await vendor.products.search({ id: { $in: [mail.id, backup.id] } });
    expect(lastSent()).toBe(`/products?in(id,(${mail.id},${backup.id}))`);
    expect(sorted(ids(both))).toEqual(sorted([mail.id, backup.id]));
    const others = matching(all, (p) => p.id !== mail.id);
    expect(sorted(ids(await vendor.products.search({ id: { $out: [mail.id] } })))).toEqual(others);
    expect(sorted(ids(await vendor.products.search({ id: { $ne: mail.id } })))).toEqual(others);
    expect(sorted(ids(await vendor.products.search({ id: { $not: { $eq: mail.id } } })))).toEqual(others);
    expect(lastSent()).toBe(`/products?not(eq(id,${mail.id}))`);
    const either = await vendor.products.search({ $or: [{ id: mail.id }, { external_id: 'NO-SUCH-PRODUCT' }] });
    expect(lastSent()).toBe(`/products?((id=${mail.id})|(external_id=NO-SUCH-PRODUCT))`);
    expect(ids(either)).toEqual([mail.id]);

    // text matching
    expect(ids(await vendor.products.search({ name: { $like: 'Cloud' } }))).toEqual([backup.id]);
    expect(lastSent()).toBe('/products?like(name,*Cloud*)');
    expect(ids(await vendor.products.search({ name: { $ilike: 'BACKUP' } }))).toEqual([backup.id]);

    // ordering and paging
    const byName = await vendor.products.search({ $ordering: ['name'] });
    expect(lastSent()).toBe('/products?ordering(name)');
    expect(sorted(ids(byName))).toEqual(sorted(ids(all)));
    expectOrdered(byName.map((p: any) => p.name));
    const byNameDesc = await vendor.products.search({ $ordering: ['-name'] });
    expectOrdered(
      byNameDesc.map((p: any) => p.name),
      true,
    );
    const second = await vendor.products.search({ limit: 1, offset: 1, $ordering: ['name'] });
    expect(lastSent()).toBe('/products?limit=1&offset=1&ordering(name)');
    expect(ids(second)).toEqual([byName[1].id]);

    // the provider sees the listed products and reads them the same way
    const seen = await provider.products.search({ status: 'published', $ordering: ['-name'] });
    expect(ids(seen)).toContain(mail.id);
    expectOrdered(
      seen.map((p: any) => p.name),
      true,
    );
    expect(await provider.products.get(mail.id)).toMatchObject({ id: mail.id, name: mail.name });
  });

  it("reads a product's items, parameters, templates, versions and connections", async () => {
    const [mail] = await vendor.products.search({ external_id: 'SMS-2026' });
    const pid = mail.id;

    // items
    const items = await vendor.products.getItems(pid);
    expect(lastSent()).toBe(`/products/${pid}/items`);
    expect(items).toEqual(await api(vendorKey, `/products/${pid}/items`));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.id.startsWith(`${pid}-`)).toBe(true);
    expect(ids(await provider.products.getItems(pid))).toEqual(ids(items));

    // parameters
    const params = await vendor.products.getParameters(pid);
    expect(params).toEqual(await api(vendorKey, `/products/${pid}/parameters`));
    expect(await vendor.products.parameters(pid).search()).toEqual(params);
    const fulfillment = await new Inventory(vendor).getAssetParametersForFulfillmentByProduct(pid);
    expect(lastSent()).toBe(`/products/${pid}/parameters?scope=asset&phase=fulfillment`);
    expect(fulfillment.length).toBeGreaterThan(0);
    expect(sorted(ids(fulfillment))).toEqual(matching(params, (p) => p.scope === 'asset' && p.phase === 'fulfillment'));
    const tierParams = await vendor.products.parameters(pid).search({ scope: { $in: ['tier1', 'tier2'] } });
    expect(tierParams.length).toBeGreaterThan(0);
    expect(sorted(ids(tierParams))).toEqual(matching(params, (p) => ['tier1', 'tier2'].includes(p.scope)));
    const required = await vendor.products.parameters(pid).search({ 'constraints.required': true });
    expect(lastSent()).toBe(`/products/${pid}/parameters?constraints.required=true`);
    expect(sorted(ids(required))).toEqual(matching(params, (p) => p.constraints.required === true));
    const byNameDesc = await vendor.products.parameters(pid).search({ $ordering: ['-name'] });
    expectOrdered(
      byNameDesc.map((p: any) => p.name),
      true,
    );
    const ordering = await provider.products.parameters(pid).search({ phase: 'ordering' });
    expect(sorted(ids(ordering))).toEqual(matching(params, (p) => p.phase === 'ordering'));
    expect(await vendor.products.parameters(pid).get(params[0].id)).toMatchObject({
      id: params[0].id,
      name: params[0].name,
    });

    // templates
    const templates = await vendor.products.getTemplates(pid);
    expect(templates).toEqual(await api(vendorKey, `/products/${pid}/templates`));
    expect(templates.length).toBeGreaterThan(0);
    const assetTemplates = await new Inventory(vendor).getProductAssetTemplates(pid);
    expect(sorted(ids(assetTemplates))).toEqual(matching(templates, (t) => t.scope === 'asset'));
    expect(ids(await provider.products.getTemplates(pid))).toEqual(ids(templates));

    // versions
    const versions = await vendor.products.versions(pid).search();
    expect(lastSent()).toBe(`/products/${pid}/versions`);
    expect(versions).toEqual(await api(vendorKey, `/products/${pid}/versions`));
    expect(versions.map((v: any) => v.version)).toContain(mail.version);
    expect(await vendor.products.versions(pid).get(mail.version)).toMatchObject({
      id: pid,
      name: mail.name,
      version: mail.version,
    });
    expect(lastSent()).toBe(`/products/${pid}/versions/${mail.version}`);

    // connections
    const connections = await vendor.products.getConnections(pid);
    expect(connections).toEqual(await api(vendorKey, `/products/${pid}/connections`));
    expect(connections.length).toBeGreaterThan(0);
    const [connection] = connections;
    const onHub = await vendor.products.connections(pid).search({ 'hub.id': connection.hub.id });
    expect(sorted(ids(onHub))).toEqual(matching(connections, (c) => c.hub.id === connection.hub.id));
    expect(await vendor.products.connections(pid).get(connection.id)).toMatchObject({
      id: connection.id,
      hub: { id: connection.hub.id },
    });
    const found = await new Fulfillment(vendor).getConnectionIdByProductAndHub(pid, connection.hub.id);
    expect(lastSent()).toBe(`/products/${pid}/connections?hub.id=${connection.hub.id}`);
    expect(found).toBe(onHub.length === 1 ? onHub[0].id : null);
    expect(ids(await provider.products.getConnections(pid))).toEqual(ids(connections));
  });

  it('lists fulfillment requests with RQL filters and ordering and gets them, as both parties', async () => {
    const all = await vendor.requests.search();
    expect(lastSent()).toBe('/requests');
    expect(all).toEqual(await api(vendorKey, '/requests'));
    expect(sorted(ids(await provider.requests.search()))).toEqual(sorted(ids(all)));
    const statuses = new Set(all.map((r: any) => r.status));
    expect(statuses.size).toBeGreaterThanOrEqual(3);

    const pending = await vendor.requests.search({ status: 'pending' });
    expect(lastSent()).toBe('/requests?status=pending');
    expect(pending.length).toBeGreaterThan(0);
    expect(sorted(ids(pending))).toEqual(matching(all, (r) => r.status === 'pending'));

    const open = ['pending', 'inquiring'];
    const inq = await provider.requests.search({ status: { $in: open } });
    expect(lastSent()).toBe('/requests?in(status,(pending,inquiring))');
    expect(sorted(ids(inq))).toEqual(matching(all, (r) => open.includes(r.status)));
    const done = ['approved', 'failed'];
    const out = await vendor.requests.search({ status: { $out: done } });
    expect(sorted(ids(out))).toEqual(matching(all, (r) => !done.includes(r.status)));
    const notApproved = await vendor.requests.search({ status: { $ne: 'approved' } });
    expect(sorted(ids(notApproved))).toEqual(matching(all, (r) => r.status !== 'approved'));
    const either = await vendor.requests.search({ $or: [{ status: 'draft' }, { status: 'failed' }] });
    expect(lastSent()).toBe('/requests?((status=draft)|(status=failed))');
    expect(sorted(ids(either))).toEqual(matching(all, (r) => ['draft', 'failed'].includes(r.status)));

    const sample = all.find((r: any) => r.status === 'pending');
    const pid = sample.asset.product.id;
    const newestFirst = await vendor.requests.search({ 'asset.product.id': pid, $ordering: ['-created'] });
    expect(lastSent()).toBe(`/requests?asset.product.id=${pid}&ordering(-created)`);
    expect(sorted(ids(newestFirst))).toEqual(matching(all, (r) => r.asset.product.id === pid));
    expectOrdered(
      newestFirst.map((r: any) => r.created),
      true,
    );
    const oldestFirst = await provider.requests.search({ 'asset.product.id': pid, $ordering: ['created'] });
    expectOrdered(oldestFirst.map((r: any) => r.created));
    const page = await vendor.requests.search({ limit: 2, offset: 1, $ordering: ['-created'] });
    expect(lastSent()).toBe('/requests?limit=2&offset=1&ordering(-created)');
    expect(ids(page)).toEqual(ids((await api(vendorKey, '/requests?ordering(-created)')).slice(1, 3)));

    const purchases = await vendor.requests.search({ type: 'purchase', 'asset.connection.type': 'production' });
    expect(sorted(ids(purchases))).toEqual(
      matching(all, (r) => r.type === 'purchase' && r.asset.connection.type === 'production'),
    );
    expect(purchases.length).toBeLessThan(all.length);
    const ofAsset = await vendor.requests.search({ 'asset.id': sample.asset.id });
    expect(sorted(ids(ofAsset))).toEqual(matching(all, (r) => r.asset.id === sample.asset.id));
    const customer = sample.asset.tiers.customer.id;
    const ofCustomer = await provider.requests.search({ 'asset.tiers.customer.id': customer });
    expect(sorted(ids(ofCustomer))).toEqual(matching(all, (r) => r.asset.tiers.customer.id === customer));
    expect(ofCustomer.length).toBeLessThan(all.length);
    const hub = sample.asset.connection.hub.id;
    const viaHub = await provider.requests.search({ 'asset.connection.hub.id': hub });
    expect(sorted(ids(viaHub))).toEqual(matching(all, (r) => r.asset.connection.hub.id === hub));
    const marketplace = sample.asset.marketplace.id;
    const inMarketplace = await vendor.requests.search({ 'asset.marketplace.id': marketplace });
    expect(sorted(ids(inMarketplace))).toEqual(matching(all, (r) => r.asset.marketplace.id === marketplace));

    const pivot = [...all.map((r: any) => r.created)].sort()[Math.floor(all.length / 2)];
    const since = await vendor.requests.search({ created: { $ge: pivot } });
    expect(lastSent()).toBe(`/requests?ge(created,${pivot})`);
    expect(sorted(ids(since))).toEqual(matching(all, (r) => r.created >= pivot));
    expect(since.length).toBeLessThan(all.length);
    const before = await vendor.requests.search({ created: { $lt: pivot } });
    expect(sorted(ids(before))).toEqual(matching(all, (r) => r.created < pivot));

    // what a fulfillment processor asks for
    const queue = await new Fulfillment(vendor).searchRequests({
      status: 'pending',
      'asset.product.id': { $in: [pid] },
      'asset.connection.type': 'production',
      $ordering: ['created'],
    });
    expect(lastSent()).toBe(
      `/requests?status=pending&in(asset.product.id,(${pid}))&asset.connection.type=production&ordering(created)`,
    );
    expect(sorted(ids(queue))).toEqual(
      matching(
        all,
        (r) => r.status === 'pending' && r.asset.product.id === pid && r.asset.connection.type === 'production',
      ),
    );

    const got = await new Fulfillment(vendor).getRequest(sample.id);
    expect(lastSent()).toBe(`/requests/${sample.id}`);
    expect(got).toEqual(sample);
    expect(await provider.requests.get(sample.id)).toMatchObject({ id: sample.id, status: sample.status });
  });

  it('lists, filters, orders and gets assets', async () => {
    const all = await provider.assets.search();
    expect(lastSent()).toBe('/assets');
    expect(all).toEqual(await api(providerKey, '/assets'));
    expect(sorted(ids(await vendor.assets.search()))).toEqual(sorted(ids(all)));

    const active = await vendor.assets.search({ status: 'active' });
    expect(active.length).toBeGreaterThan(0);
    expect(sorted(ids(active))).toEqual(matching(all, (a) => a.status === 'active'));
    const inService = ['active', 'suspended'];
    const live = await provider.assets.search({ status: { $in: inService } });
    expect(sorted(ids(live))).toEqual(matching(all, (a) => inService.includes(a.status)));
    expect(live.length).toBeLessThan(all.length);

    const sample = all.find((a: any) => a.status === 'active');
    const pid = sample.product.id;
    const byExternal = await new Directory(provider).getAssetsByProductIdExternalId(pid, sample.external_id);
    expect(lastSent()).toBe(`/assets?external_id=${sample.external_id}&product.id=${pid}`);
    expect(ids(byExternal)).toEqual([sample.id]);
    expect(ids(await provider.assets.search({ external_uid: sample.external_uid }))).toEqual([sample.id]);
    const customer = sample.tiers.customer.id;
    const ofCustomer = await vendor.assets.search({ 'tiers.customer.id': customer });
    expect(sorted(ids(ofCustomer))).toEqual(matching(all, (a) => a.tiers.customer.id === customer));
    const production = await vendor.assets.search({ 'connection.type': 'production', 'product.id': pid });
    expect(sorted(ids(production))).toEqual(
      matching(all, (a) => a.connection.type === 'production' && a.product.id === pid),
    );

    const newestFirst = await vendor.assets.search({ $ordering: ['-created'] });
    expect(lastSent()).toBe('/assets?ordering(-created)');
    expect(sorted(ids(newestFirst))).toEqual(sorted(ids(all)));
    expectOrdered(
      newestFirst.map((a: any) => a.created),
      true,
    );
    expectOrdered(ids(await provider.assets.search({ $ordering: ['id'] })));

    expect(await provider.assets.get(sample.id)).toEqual(sample);
    expect(await vendor.assets.get(sample.id)).toMatchObject({ id: sample.id, status: sample.status });
    const requests = await provider.requests.search({ 'asset.id': sample.id, $ordering: ['created'] });
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r.asset.id).toBe(sample.id);
  });

  it('lists, filters and gets hubs', async () => {
    const all = await provider.hubs.search();
    expect(lastSent()).toBe('/hubs');
    expect(all).toEqual(await api(providerKey, '/hubs'));
    expect(all.length).toBeGreaterThan(0);
    const [hub] = all;
    expect(await provider.hubs.get(hub.id)).toEqual(hub);
    expect(await vendor.hubs.get(hub.id)).toMatchObject({ id: hub.id, name: hub.name });
    expect(ids(await provider.hubs.search({ id: hub.id }))).toEqual([hub.id]);
    expect(ids(await provider.hubs.search({ id: { $ne: hub.id } }))).not.toContain(hub.id);
    const named = await provider.hubs.search({ name: { $ilike: 'eu' } });
    expect(lastSent()).toBe('/hubs?ilike(name,*eu*)');
    expect(named.length).toBeGreaterThan(0);
    expect(sorted(ids(named))).toEqual(matching(all, (h) => h.name.toLowerCase().includes('eu')));
    const byType = await provider.hubs.search({ 'instance.type': hub.instance.type });
    expect(sorted(ids(byType))).toEqual(matching(all, (h) => h.instance.type === hub.instance.type));
  });

  it('lists, filters, orders and gets tier accounts and their versions', async () => {
    const all = await provider.tierAccounts.search();
    expect(lastSent()).toBe('/tier/accounts');
    expect(all).toEqual(await api(providerKey, '/tier/accounts'));
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(sorted(ids(await vendor.tierAccounts.search()))).toEqual(sorted(ids(all)));

    const [first, second] = all;
    expect(await new Directory(provider).getTierAccount(first.id)).toEqual(first);
    expect(await vendor.tierAccounts.get(first.id)).toMatchObject({ id: first.id, name: first.name });
    const pair = await new Directory(provider).searchTierAccounts({ id: { $in: [first.id, second.id] } });
    expect(lastSent()).toBe(`/tier/accounts?in(id,(${first.id},${second.id}))`);
    expect(sorted(ids(pair))).toEqual(sorted([first.id, second.id]));
    expect(ids(await provider.tierAccounts.search({ external_id: first.external_id }))).toEqual([first.id]);
    const email = first.contact_info.contact.email;
    const byEmail = await provider.tierAccounts.search({ 'contact_info.contact.email': email });
    expect(lastSent()).toBe(`/tier/accounts?contact_info.contact.email=${email}`);
    expect(sorted(ids(byEmail))).toEqual(matching(all, (t) => t.contact_info.contact.email === email));
    const scope = first.scopes[0];
    const inScope = await provider.tierAccounts.search({ scopes: scope });
    expect(sorted(ids(inScope))).toEqual(matching(all, (t) => t.scopes.includes(scope)));
    expect(inScope.length).toBeLessThan(all.length);

    const byName = await provider.tierAccounts.search({ $ordering: ['name'] });
    expect(lastSent()).toBe('/tier/accounts?ordering(name)');
    expect(sorted(ids(byName))).toEqual(sorted(ids(all)));
    expectOrdered(byName.map((t: any) => t.name));
    const byNameDesc = await vendor.tierAccounts.search({ $ordering: ['-name'] });
    expect(ids(byNameDesc)).toEqual(ids(byName).reverse());

    const versions = await provider.tierAccounts.versions(first.id).search();
    expect(lastSent()).toBe(`/tier/accounts/${first.id}/versions`);
    expect(versions).toEqual(await api(providerKey, `/tier/accounts/${first.id}/versions`));
    expect(versions.map((v: any) => v.version)).toContain(first.version);
    const version = await new Directory(provider).getTierAccountVersion(first.id, first.version);
    expect(lastSent()).toBe(`/tier/accounts/${first.id}/versions/${first.version}`);
    expect(version).toMatchObject({ id: first.id, name: first.name, version: first.version });
  });

  it('lists, filters, orders and gets tier config requests', async () => {
    const all = await provider.tierConfigRequests.search();
    expect(lastSent()).toBe('/tier/config-requests');
    expect(all).toEqual(await api(providerKey, '/tier/config-requests'));
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(sorted(ids(await vendor.tierConfigRequests.search()))).toEqual(sorted(ids(all)));

    const pending = await vendor.tierConfigRequests.search({ status: 'pending' });
    expect(pending.length).toBeGreaterThan(0);
    expect(sorted(ids(pending))).toEqual(matching(all, (t) => t.status === 'pending'));
    const some = ['pending', 'approved'];
    const newestFirst = await vendor.tierConfigRequests.search({ status: { $in: some }, $ordering: ['-created'] });
    expect(lastSent()).toBe('/tier/config-requests?in(status,(pending,approved))&ordering(-created)');
    expect(sorted(ids(newestFirst))).toEqual(matching(all, (t) => some.includes(t.status)));
    expectOrdered(
      newestFirst.map((t: any) => t.created),
      true,
    );
    expectOrdered((await provider.tierConfigRequests.search({ $ordering: ['created'] })).map((t: any) => t.created));

    const [sample] = pending;
    const level = sample.configuration.tier_level;
    const atLevel = await provider.tierConfigRequests.search({ 'configuration.tier_level': level });
    expect(lastSent()).toBe(`/tier/config-requests?configuration.tier_level=${level}`);
    expect(sorted(ids(atLevel))).toEqual(matching(all, (t) => t.configuration.tier_level === level));
    expect(sorted(ids(await provider.tierConfigRequests.search({ type: sample.type })))).toEqual(
      matching(all, (t) => t.type === sample.type),
    );
    const account = sample.configuration.account.id;
    const ofAccount = await provider.tierConfigRequests.search({ 'configuration.account.id': account });
    expect(sorted(ids(ofAccount))).toEqual(matching(all, (t) => t.configuration.account.id === account));
    expect(ofAccount.length).toBeLessThan(all.length);

    // what a tier fulfillment processor asks for
    const pid = sample.configuration.product.id;
    const queue = await new Fulfillment(vendor).searchTierConfigRequests({
      status: 'pending',
      'configuration.product.id': { $in: [pid] },
    });
    expect(lastSent()).toBe(`/tier/config-requests?status=pending&in(configuration.product.id,(${pid}))`);
    expect(sorted(ids(queue))).toEqual(
      matching(all, (t) => t.status === 'pending' && t.configuration.product.id === pid),
    );

    const got = await new Fulfillment(provider).getTierConfigRequest(sample.id);
    expect(lastSent()).toBe(`/tier/config-requests/${sample.id}`);
    expect(got).toEqual(all.find((t: any) => t.id === sample.id));
    expect(await vendor.tierConfigRequests.get(sample.id)).toMatchObject({ id: sample.id, status: sample.status });
  });

  it('lists, filters, orders and gets listing requests', async () => {
    const all = await vendor.listingRequests.search();
    expect(lastSent()).toBe('/listing-requests');
    expect(all).toEqual(await api(vendorKey, '/listing-requests'));
    expect(all.length).toBeGreaterThanOrEqual(2);
    const listings = new Listings(provider);
    expect(sorted(ids(await listings.searchListingRequests()))).toEqual(sorted(ids(all)));

    const [sample] = all;
    expect(await listings.getListingRequest(sample.id)).toEqual(sample);
    expect(lastSent()).toBe(`/listing-requests/${sample.id}`);
    expect(await vendor.listingRequests.get(sample.id)).toEqual(sample);

    const inState = await vendor.listingRequests.search({ state: sample.state });
    expect(lastSent()).toBe(`/listing-requests?state=${sample.state}`);
    expect(sorted(ids(inState))).toEqual(matching(all, (l) => l.state === sample.state));
    expect(inState.length).toBeLessThan(all.length);
    const withStatus = await listings.searchListingRequests({ status: { $in: [sample.status] } });
    expect(sorted(ids(withStatus))).toEqual(matching(all, (l) => l.status === sample.status));
    expect(sorted(ids(await vendor.listingRequests.search({ type: sample.type })))).toEqual(
      matching(all, (l) => l.type === sample.type),
    );
    const ofProduct = await vendor.listingRequests.search({ 'product.id': sample.product.id });
    expect(lastSent()).toBe(`/listing-requests?product.id=${sample.product.id}`);
    expect(sorted(ids(ofProduct))).toEqual(matching(all, (l) => l.product.id === sample.product.id));
    const ofProvider = await listings.searchListingRequests({ provider__id: sample.provider.id });
    expect(sorted(ids(ofProvider))).toEqual(matching(all, (l) => l.provider.id === sample.provider.id));

    const newestFirst = await vendor.listingRequests.search({ $ordering: ['-created'] });
    expect(lastSent()).toBe('/listing-requests?ordering(-created)');
    expect(sorted(ids(newestFirst))).toEqual(sorted(ids(all)));
    expectOrdered(
      newestFirst.map((l: any) => l.created),
      true,
    );
    const oldestFirst = await listings.searchListingRequests({ $ordering: ['created'] });
    expectOrdered(oldestFirst.map((l: any) => l.created));
  });
});
