import type { FastifyInstance } from 'fastify';
import { demoUser } from './demo-api.ts';

/**
 * Demo webhooks, paused (their receivers are made up): Demo Vendor's order sync for the mail suite's fulfillment
 * requests and Demo Provider's usage feed, each with a header its receiver expects.
 */
export async function seedDemoWebhooks(app: FastifyInstance, productId: string) {
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'webhooks');
  await vendor.call('POST', '/notifications/webhooks', {
    object_class: 'fulfillment_request',
    label: 'ERP order sync',
    product_id: productId,
    description: 'Sends every change of a Mail Suite order to the ERP, which approves the ones it can fulfil.',
    external_url: 'https://erp.demo-vendor.example/hooks/connect',
    jwt_secret: 'demo-vendor-erp-secret-7d41c2',
    active: false,
    http_method: 'POST',
    headers: { 'X-Erp-Tenant': 'demo-vendor' },
  });
  await vendor.logout();
  const provider = await demoUser(app, 'provider@demo.trellis', 'webhooks');
  await provider.call('POST', '/notifications/webhooks', {
    object_class: 'usage_file',
    label: 'Billing usage feed',
    product_id: productId,
    description: null,
    external_url: 'https://billing.demo-provider.example/usage',
    jwt_secret: 'demo-provider-billing-secret-a90e',
    active: false,
    http_method: 'POST',
    headers: {},
  });
  await provider.logout();
}
