import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from './demo.ts';

/** A logged-in demo user calling the public API, as the portal would. */
export async function as(app: FastifyInstance, email: string) {
  const login = await app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  const body = login.json();
  const headers = {
    cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-session-id': body.session_id,
  };
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url: `/public/v1${url}`, headers, payload });
    if (res.statusCode >= 300) throw new Error(`demo distribution: ${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const logout = () => app.inject({ method: 'POST', url: '/public/v1/auth/logout', headers });
  return { accountId: body.account.id as string, call, logout };
}

/**
 * Demo Provider's distribution, made through the public API: Demo Vendor and Demo Provider become partners, the
 * provider runs a European marketplace (with countries) served by a hub, and the vendor connects its demo product
 * to that hub for production (so the provider reads it) and asks to list it there: the request waits for the provider's
 * review (deploy and complete it to try listing).
 */
export async function seedDemoDistribution(app: FastifyInstance, productId: string) {
  const vendor = await as(app, 'vendor@demo.trellis');
  const provider = await as(app, 'provider@demo.trellis');
  await vendor.call('POST', '/partners', { id: provider.accountId });
  await provider.call('POST', `/partners/${vendor.accountId}/accept`, {});

  const hub = await provider.call('POST', '/hubs', {
    name: 'Demo Provider EU hub',
    description: 'Provisions orders of the European marketplace.',
    instance_type: 'api',
    instance_id: 'eu-hub-1',
  });
  const marketplace = await provider.call('POST', '/marketplaces', {
    name: 'Demo Provider Europe',
    description: 'Resellers and end customers in the DACH region and France.',
    currency: 'EUR',
    zone: 'EU',
    countries: ['DE', 'AT', 'CH', 'FR'].map((id) => ({ id })),
    hubs: [{ hub: { id: hub.id }, external_id: 'EU-1' }],
  });
  const connection = await vendor.call('POST', `/products/${productId}/connections`, {
    hub: { id: hub.id },
    type: 'production',
  });
  // The vendor asks to list the product; the request waits in review, so the provider's dashboard has work to show.
  const listing = await vendor.call('POST', '/listing-requests', {
    type: 'new',
    product_id: productId,
    marketplace_id: marketplace.id,
    note: 'Please list Cloud Backup Pro for the DACH region.',
  });
  await vendor.call('POST', `/listing-requests/${listing.id}/submit`, {});
  await vendor.logout();
  await provider.logout();
  return { hub, marketplace, connection };
}
