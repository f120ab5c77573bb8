import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { runDueJobs } from '../../jobs/queue.ts';
import type { DB } from '../schema.ts';
import { exampleArchive } from '../../modules/reporting/repositories/example.ts';
import { demoUser } from './demo-api.ts';

// Demo reports, made through the public API: Demo Vendor runs the subscriptions report of Secure Mail Suite, so the
// reports list is not empty and its file downloads, schedules a weekly report of its fulfillment requests, and
// uploads the example repository (examples/report-repository) so its own template shows how one is made. The jobs
// (the report's run, the repository's configuration) run here, as the server's runner would run them.

export async function seedDemoReporting(app: FastifyInstance, db: Kysely<DB>, productId: string) {
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'reporting');
  try {
    await vendor.call('POST', '/reporting/reports', {
      name: 'Secure Mail Suite subscriptions',
      template: { id: 'TP-000-001' },
      renderer: 'xlsx',
      parameters: { product: { all: false, choices: [productId] }, status: { all: true, choices: [] } },
    });
    await vendor.call('POST', '/reporting/schedules', {
      name: 'Weekly fulfillment requests',
      template: { id: 'TP-000-002' },
      renderer: 'xlsx',
      trigger: { frequency: 'weekly', time: '06:00', day_of_week: 1 },
      parameters: { period: { after: '2020-01-01', before: '2100-01-01' } },
    });
    await vendor.upload('/reporting/repositories', {
      field: 'archive',
      name: 'example-reports.zip',
      body: Buffer.from(exampleArchive()),
    });
  } finally {
    await vendor.logout();
  }
  await runDueJobs(db);
}
