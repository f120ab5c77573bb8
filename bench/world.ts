import type { FastifyInstance } from 'fastify';
import type { Database } from '../packages/server/src/db/database.ts';
import { DEMO_PASSWORD, seedDemo } from '../packages/server/src/db/seed/demo.ts';
import { runDueJobs } from '../packages/server/src/jobs/queue.ts';
import { addMember, createAccount, createUser } from '../packages/server/src/modules/identity/accounts/service.ts';

// The catalogue and distribution side of the benchmark data, made once through the server's own services and
// API (app.inject): accounts, products with items and parameters, marketplaces, listings, connections, tier
// accounts, and one real purchase per (product, provider, customer) that the generator then clones in bulk.

const API = '/public/v1';
export type Headers = Record<string, string>;

export async function call(app: FastifyInstance, who: Headers, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await app.inject({ method, url: `${API}${url}`, headers: who, payload: payload as any });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Headers & { account: string }> {
  const res = await app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { email, password } });
  if (res.statusCode >= 300) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const body = res.json();
  return { cookie, 'x-session-id': body.session_id, account: body.account.id };
}

/** A tier account's contact details, as a customer form fills them. */
export const contact = (email: string) => ({
  address_line1: 'Friedrichstraße 68',
  city: 'Berlin',
  state: 'Berlin',
  postal_code: '10117',
  country: 'DE',
  contact: {
    first_name: 'Nina',
    last_name: 'Wolf',
    email,
    phone_number: { country_code: '+49', area_code: '30', phone_number: '12345678' },
  },
});

const PRODUCT_NAMES = [
  ['Cloud Mail Pro', 'Secure Backup', 'Team Chat'],
  ['Office Suite', 'Video Meetings'],
];
const CUSTOMERS_PER_PROVIDER = 10;

async function product(app: FastifyInstance, vendor: Headers, name: string) {
  const p = await call(app, vendor, 'POST', '/products', { name, short_description: `${name} for business` });
  const item = (payload: object) => call(app, vendor, 'POST', `/products/${p.id}/items`, payload);
  const seat = await item({ name: 'Seat', mpn: `${p.id}-SEAT`, type: 'reservation', period: 'monthly' });
  await item({ name: 'Add-on', mpn: `${p.id}-ADD`, type: 'reservation', period: 'monthly' });
  await item({ name: 'Storage GB', mpn: `${p.id}-GB`, type: 'ppu' });
  const param = (payload: object) => call(app, vendor, 'POST', `/products/${p.id}/parameters`, payload);
  await param({
    name: 'admin_email',
    title: 'Administrator e-mail',
    type: 'email',
    phase: 'ordering',
    scope: 'asset',
    constraints: { required: true },
  });
  await param({
    name: 'seats_note',
    title: 'Note',
    type: 'text',
    phase: 'ordering',
    scope: 'asset',
    constraints: { required: false },
  });
  await param({
    name: 'activation_code',
    title: 'Activation code',
    type: 'text',
    phase: 'fulfillment',
    scope: 'asset',
    constraints: { required: true },
  });
  await call(app, vendor, 'POST', `/products/${p.id}/templates`, {
    name: 'Welcome',
    title: 'Welcome',
    scope: 'asset',
    type: 'fulfillment',
    body: '# Welcome\nYour code: {{ asset.params.activation_code.value }}',
  });
  await call(app, vendor, 'POST', `/products/${p.id}/versions`, { changes_description: 'First' });
  return { id: p.id as string, seat: seat.id as string };
}

/** Build the world; returns the ids the load runs need. Safe to call on a freshly migrated, empty database only. */
export async function buildWorld(app: FastifyInstance, db: Database) {
  await seedDemo(db);
  const { account, adminGroup } = await createAccount(db, { name: 'Bench Provider', type: 'provider' });
  const user = await createUser(db, { email: 'provider2@bench.trellis', name: 'Bea Bench', password: DEMO_PASSWORD });
  await addMember(db, account.id, user.id, { groups: [adminGroup.id] });

  const vendors = [await login(app, 'vendor@demo.trellis'), await login(app, 'other@demo.trellis')];
  const providers = [await login(app, 'provider@demo.trellis'), await login(app, 'provider2@bench.trellis')];
  const providerIds = providers.map((p) => p.account);
  const vendorIds = vendors.map((v) => v.account);

  for (const v of vendors) for (const pid of providerIds) await call(app, v, 'POST', '/partners', { id: pid });
  for (const p of providers) for (const vid of vendorIds) await call(app, p, 'POST', `/partners/${vid}/accept`);

  const markets = [];
  for (const [i, p] of providers.entries()) {
    const hub = await call(app, p, 'POST', '/hubs', {
      name: `Hub ${i}`,
      description: 'Connect hub',
      instance_type: 'api',
      instance_id: `cb-${i}`,
    });
    const mp = await call(app, p, 'POST', '/marketplaces', {
      name: `Market ${i}`,
      description: 'Resellers',
      currency: 'EUR',
      zone: 'EU',
      countries: [{ id: 'DE' }, { id: 'AT' }],
      hubs: [{ hub: { id: hub.id }, external_id: `ext-${i}` }],
    });
    const t1 = await call(app, p, 'POST', '/tier/accounts', {
      name: `Reseller ${i}`,
      type: 'reseller',
      external_uid: `t1-${i}`,
      contact_info: contact(`t1-${i}@bench.example`),
    });
    const customers = [];
    for (let c = 0; c < CUSTOMERS_PER_PROVIDER; c++) {
      customers.push(
        await call(app, p, 'POST', '/tier/accounts', {
          name: `Customer ${i}-${c} GmbH`,
          type: 'customer',
          parent: { id: t1.id },
          external_uid: `c-${i}-${c}`,
          contact_info: contact(`it${c}@customer${i}.example`),
        }),
      );
    }
    markets.push({ session: p, hub, mp, t1, customers });
  }

  const products = [];
  for (const [vi, v] of vendors.entries())
    for (const name of PRODUCT_NAMES[vi]) products.push({ vendor: v, vi, ...(await product(app, v, name)) });
  await runDueJobs(db);

  let n = 0;
  for (const pr of products) {
    for (const m of markets) {
      const connection = await call(app, pr.vendor, 'POST', `/products/${pr.id}/connections`, {
        hub: { id: m.hub.id },
        type: 'production',
      });
      let lr = await call(app, pr.vendor, 'POST', '/listing-requests', {
        type: 'new',
        product_id: pr.id,
        marketplace_id: m.mp.id,
      });
      lr = await call(app, pr.vendor, 'POST', `/listing-requests/${lr.id}/submit`, {});
      await call(app, m.session, 'POST', `/listing-requests/${lr.id}/deploy`, {});
      await call(app, m.session, 'POST', `/listing-requests/${lr.id}/complete`, {});
      for (const customer of m.customers) {
        n++;
        await call(app, m.session, 'POST', '/requests', {
          type: 'purchase',
          asset: {
            product: { id: pr.id },
            connection: { id: connection.id },
            external_uid: `seed-${n}`,
            external_id: String(n),
            items: [{ id: pr.seat, quantity: 5 }],
            params: [{ id: 'admin_email', value: `admin@${customer.id.toLowerCase()}.example` }],
            tiers: { customer: { id: customer.id }, tier1: { id: m.t1.id } },
          },
          marketplace: { id: m.mp.id },
        });
      }
    }
  }
  return { vendorId: vendorIds[0], products: products.filter((p) => p.vi === 0).map((p) => p.id) };
}
