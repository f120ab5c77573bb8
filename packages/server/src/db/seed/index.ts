import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { buildApp } from '../../http/app.ts';
import type { DB } from '../schema.ts';
import { seedDemoCatalog } from './demo-catalog.ts';
import { seedDemoDistribution } from './demo-distribution.ts';
import { seedDemoFulfillment } from './demo-fulfillment.ts';
import { seedDemo } from './demo.ts';
import { seedDemoTiers } from './demo-tiers.ts';

/**
 * Everything `npm start` shows a newcomer: the demo tenants and logins, then each area's demo objects,
 * which are made through the API (an in-process app) exactly as a user would make them.
 */
export async function seedDemoData(db: Kysely<DB>, config: Config) {
  const identity = await seedDemo(db);
  const app = await buildApp(db, { ...config, logLevel: 'silent' });
  try {
    await app.ready();
    const { product } = await seedDemoCatalog(app, db);
    const { hub, marketplace } = await seedDemoDistribution(app, product.id);
    await seedDemoTiers(app);
    await seedDemoFulfillment(app, db, hub.id, marketplace.id);
  } finally {
    await app.close();
  }
  return identity;
}
