import type { FastifyInstance } from 'fastify';
import { demoUser } from './demo-api.ts';

/** The name the agreements seed finds Demo Provider's group by, to have its distribution agreement cover it. */
export const DEMO_PROVIDER_GROUP = 'Featured cloud products';

/**
 * Catalog groups, made through the public API: Demo Vendor groups its two products, and Demo Provider features the
 * same two (it sees both: connected to its hub) in the group its distribution agreement covers.
 */
export async function seedDemoGroups(app: FastifyInstance, productIds: readonly string[]) {
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'groups');
  const provider = await demoUser(app, 'provider@demo.trellis', 'groups');
  const products = productIds.map((id) => ({ id }));
  await vendor.call('POST', '/catalog/groups', {
    name: 'Backup and mail',
    description: 'Data protection and e-mail for small and medium businesses.',
    products,
  });
  const featured = await provider.call('POST', '/catalog/groups', {
    name: DEMO_PROVIDER_GROUP,
    description: 'The cloud services we promote to resellers in Europe this quarter.',
    products,
  });
  await vendor.logout();
  await provider.logout();
  return { featured };
}
