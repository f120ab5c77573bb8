import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { runDueJobs } from '../../jobs/queue.ts';
import type { DB } from '../schema.ts';
import { demoUser } from './demo-api.ts';

// A demo report, made through the public API: Demo Vendor runs the subscriptions report of Secure Mail Suite, so the
// reports list is not empty and its file downloads. The job runs here, as the server's runner would run it.

export async function seedDemoReporting(app: FastifyInstance, db: Kysely<DB>, productId: string) {
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'reporting');
  try {
    await vendor.call('POST', '/reporting/reports', {
      name: 'Secure Mail Suite subscriptions',
      template: { id: 'TP-000-001' },
      renderer: 'xlsx',
      parameters: { product: { all: false, choices: [productId] }, status: { all: true, choices: [] } },
    });
  } finally {
    await vendor.logout();
  }
  await runDueJobs(db);
}
