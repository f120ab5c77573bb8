import type { FastifyInstance } from 'fastify';
import { demoUser } from './demo-api.ts';
import { partnerThroughContract } from './demo-partners.ts';

/**
 * Demo Provider's distribution, made through the public API: the provider runs a European marketplace (with countries) served by a hub, Demo Vendor and Demo Provider
 * become partners by a distribution contract for it, and the vendor connects its demo product
 * to that hub for production (so the provider reads it) and asks to list it there: the request waits for the provider's
 * review (deploy and complete it to try listing).
 */
export async function seedDemoDistribution(app: FastifyInstance, productId: string) {
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'distribution');
  const provider = await demoUser(app, 'provider@demo.trellis', 'distribution');

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
  // the partnership comes from a signed distribution contract for that marketplace
  await partnerThroughContract(vendor, provider, marketplace.id);
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
