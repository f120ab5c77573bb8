import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { runDueJobs } from '../../jobs/queue.ts';
import type { DB } from '../schema.ts';
import { DEMO_PASSWORD } from './demo.ts';

/**
 * Demo Vendor's catalogue, made through the public API as the vendor would (so every default, rule and
 * audit record applies): a published product with an item group, items of both kinds, ordering and
 * fulfillment parameters, a configuration parameter, a template, a built version and a German translation.
 */
export async function seedDemoCatalog(app: FastifyInstance, db: Kysely<DB>) {
  const login = await app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email: 'vendor@demo.trellis', password: DEMO_PASSWORD },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const headers = { cookie, 'x-session-id': login.json().session_id };
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url: `/public/v1${url}`, headers, payload });
    if (res.statusCode >= 300) throw new Error(`demo catalogue: ${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const category = (
    await app.inject({ method: 'GET', url: '/public/v1/categories?limit=1&search=software', headers })
  ).json()[0];
  const product = await call('POST', '/products', {
    name: 'Cloud Backup Pro',
    short_description: 'Encrypted, versioned backups of servers and workstations to European data centres.',
    detailed_description:
      'Cloud Backup Pro protects servers, workstations and Microsoft 365 mailboxes with encrypted, ' +
      'incremental backups kept for up to ten years. Restores run from the web console or the agent.',
    external_id: 'CBP-2026',
    ...(category ? { category: { id: category.id } } : {}),
  });
  const p = `/products/${product.id}`;
  await call('PUT', p, {
    customer_ui_settings: {
      description: 'Back up every device of your organisation to the cloud.',
      getting_started: 'Install the agent from the download link, then sign in with the activation code.',
      download_links: [{ title: 'Backup agent for Windows', url: 'https://downloads.example.com/cbp/agent.msi' }],
      documents: [{ title: 'Administrator guide', url: 'https://docs.example.com/cbp/admin' }],
      provisioning_message: 'Your backup tenant is being prepared.',
    },
  });

  const group = await call('POST', `${p}/item-groups`, {
    name: 'Backup plans',
    mpn: 'CBP-PLANS',
    description: 'Per-device backup plans',
  });
  await call('POST', `${p}/items`, {
    name: 'Workstation backup',
    mpn: 'CBP-WS-M',
    type: 'reservation',
    period: 'monthly',
    unit: { id: 'devices' },
    description: 'Backup of one workstation, 250 GB included.',
    group: { id: group.id },
  });
  await call('POST', `${p}/items`, {
    name: 'Server backup',
    mpn: 'CBP-SRV-Y',
    type: 'reservation',
    period: 'yearly',
    unit: { id: 'devices' },
    description: 'Backup of one physical or virtual server, 1 TB included.',
    group: { id: group.id },
    commitment: { count: 1 },
  });
  await call('POST', `${p}/items`, {
    name: 'Extra storage',
    mpn: 'CBP-STORAGE',
    type: 'ppu',
    description: 'Storage used above the included amount, per GB and month.',
  });

  await call('POST', `${p}/parameters`, {
    name: 'company_domain',
    title: 'Company domain',
    type: 'domain',
    phase: 'ordering',
    scope: 'asset',
    description: 'The domain of your organisation, used for single sign-on.',
    constraints: { required: true },
  });
  await call('POST', `${p}/parameters`, {
    name: 'admin_email',
    title: 'Administrator e-mail',
    type: 'email',
    phase: 'ordering',
    scope: 'asset',
    description: 'Receives the activation e-mail.',
    constraints: { required: true },
  });
  await call('POST', `${p}/parameters`, {
    name: 'region',
    title: 'Data centre region',
    type: 'choice',
    phase: 'ordering',
    scope: 'asset',
    constraints: {
      required: true,
      choices: [
        { value: 'eu-central', label: 'Frankfurt' },
        { value: 'eu-west', label: 'Dublin' },
      ],
    },
  });
  await call('POST', `${p}/parameters`, {
    name: 'reseller_contact',
    title: 'Reseller contact phone',
    type: 'phone',
    phase: 'ordering',
    scope: 'tier1',
  });
  await call('POST', `${p}/parameters`, {
    name: 'tenant_id',
    title: 'Backup tenant id',
    type: 'text',
    phase: 'fulfillment',
    scope: 'asset',
    constraints: { readonly: true },
  });

  await call('POST', `${p}/parameters`, {
    name: 'storage_quota',
    title: 'Included storage per device (GB)',
    type: 'text',
    phase: 'configuration',
    scope: 'product',
    description: 'Set per marketplace when the included storage differs.',
  });

  await call('POST', `${p}/templates`, {
    name: 'Activation',
    scope: 'asset',
    type: 'fulfillment',
    body:
      '# Welcome to Cloud Backup Pro\n\nYour backup tenant **{{ asset.params.tenant_id.value }}** is ready in region ' +
      '{{ asset.params.region.value }}. Sign in at https://backup.example.com with {{ asset.params.admin_email.value }}.',
  });

  await call('POST', `${p}/versions`, { changes_description: 'First release' });
  await runDueJobs(db);

  const en = await call('POST', '/localization/translations', {
    context: { instance_id: product.id },
    locale: { id: 'EN' },
  });
  const de = await call('POST', '/localization/translations', { context: { id: en.context.id }, locale: { id: 'DE' } });
  await call('PUT', `/localization/translations/${de.id}/attributes`, [
    { key: `product.${product.id}.name`, value: 'Cloud Backup Pro' },
    {
      key: `product.${product.id}.short_description`,
      value: 'Verschlüsselte, versionierte Sicherungen von Servern und Arbeitsplätzen in europäischen Rechenzentren.',
    },
  ]);
  await call('POST', `/localization/translations/${de.id}/activate`, {});
  await app.inject({ method: 'POST', url: '/public/v1/auth/logout', headers });
  return { product };
}
