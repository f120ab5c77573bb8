import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { runDueJobs } from '../../jobs/queue.ts';
import type { DB } from '../schema.ts';
import { demoUser, type DemoUser } from './demo-api.ts';

type Caller = DemoUser['call'];

/**
 * Demo Vendor's second product, made for subscriptions: mailbox seats and an archive add-on (reservation), storage
 * (pay-per-use), order parameters of the subscription and of the T1 reseller, an activation template; published,
 * connected to the demo hub and listed in Demo Provider Europe (Cloud Backup Pro is left unlisted for the user).
 */
/** What a product asks of a reseller (tier-1 parameters): its agreement on ordering, its portal id on fulfillment. */
export const RESELLER_PARAMETERS = [
  {
    name: 'reseller_agreement',
    title: 'Reseller agreement number',
    type: 'text',
    phase: 'ordering',
    scope: 'tier1',
    constraints: { required: true },
  },
  { name: 'partner_portal_id', title: 'Partner portal id', type: 'text', phase: 'fulfillment', scope: 'tier1' },
];

async function secureMailSuite(db: Kysely<DB>, vendor: Caller, provider: Caller, hubId: string, marketplaceId: string) {
  const product = await vendor('POST', '/products', {
    name: 'Secure Mail Suite',
    external_id: 'SMS-2026',
    short_description: 'Hosted business e-mail with spam and malware filtering and a ten-year archive.',
    detailed_description:
      'Secure Mail Suite hosts the mailboxes of an organisation in European data centres, filters spam and ' +
      'malware before it arrives and keeps an archive that satisfies retention rules.',
  });
  const p = `/products/${product.id}`;
  const item = (body: object) => vendor('POST', `${p}/items`, body);
  const seat = await item({
    name: 'Mailbox seat',
    mpn: 'SMS-SEAT',
    type: 'reservation',
    period: 'monthly',
    unit: { id: 'mailboxes' },
    description: 'One 50 GB mailbox.',
  });
  const archive = await item({
    name: 'Archive add-on',
    mpn: 'SMS-ARCH',
    type: 'reservation',
    period: 'monthly',
    unit: { id: 'mailboxes' },
    description: 'Ten-year archive of one mailbox.',
  });
  await item({
    name: 'Extra storage',
    mpn: 'SMS-GB',
    type: 'ppu',
    unit: { id: 'gbmonth' },
    description: 'Mailbox storage above 50 GB, per GB and month.',
  });

  const param = (body: object) => vendor('POST', `${p}/parameters`, body);
  await param({
    name: 'admin_email',
    title: 'Administrator e-mail',
    type: 'email',
    phase: 'ordering',
    scope: 'asset',
    description: 'Receives the activation e-mail.',
    constraints: { required: true },
  });
  await param({
    name: 'mail_domain',
    title: 'Mail domain',
    type: 'domain',
    phase: 'ordering',
    scope: 'asset',
    description: 'The domain the mailboxes receive mail for.',
  });
  await param({
    name: 'tenant_id',
    title: 'Mail tenant id',
    type: 'text',
    phase: 'fulfillment',
    scope: 'asset',
    constraints: { required: true },
  });
  for (const body of RESELLER_PARAMETERS) await param(body);

  const activation = await vendor('POST', `${p}/templates`, {
    name: 'Activation',
    scope: 'asset',
    type: 'fulfillment',
    body:
      '# Welcome to Secure Mail Suite\n\nYour mail tenant **{{ asset.params.tenant_id.value }}** is ready. ' +
      'Sign in at https://mail.example.com with {{ asset.params.admin_email.value }}.',
  });
  await vendor('POST', `${p}/versions`, { changes_description: 'First release' });
  await runDueJobs(db);

  const connection = await vendor('POST', `${p}/connections`, { hub: { id: hubId }, type: 'production' });
  const listing = await vendor('POST', '/listing-requests', {
    type: 'new',
    product_id: product.id,
    marketplace_id: marketplaceId,
  });
  await vendor('POST', `/listing-requests/${listing.id}/submit`, {});
  await provider('POST', `/listing-requests/${listing.id}/deploy`, {});
  await provider('POST', `/listing-requests/${listing.id}/complete`, {});
  return { product, connection, items: { seat, archive }, templateId: activation.id as string };
}

/** A date `days` from now at 06:00 UTC (scheduled activations). */
const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(6, 0, 0, 0);
  return d.toISOString();
};

/**
 * Subscriptions of Demo Provider's customers to Secure Mail Suite, made through the API as both sides would, so
 * that every subscription status and every request queue has something in it: an active subscription with an
 * approved change, a suspended one with a scheduled resume, one terminating (its cancel request pending for the
 * vendor), a failed order (terminated), orders pending, inquiring (the provider must answer), waiting for a new
 * reseller's tier setup, and a draft; the T1 reseller's configuration approved; a tier account change to look at.
 */
export async function seedDemoFulfillment(app: FastifyInstance, db: Kysely<DB>, hubId: string, marketplaceId: string) {
  const v = await demoUser(app, 'vendor@demo.trellis', 'fulfillment');
  const pr = await demoUser(app, 'provider@demo.trellis', 'fulfillment');
  const vendor = v.call;
  const provider = pr.call;
  const { product, connection, items, templateId } = await secureMailSuite(db, vendor, provider, hubId, marketplaceId);

  const customers: any[] = await provider('GET', '/tier/accounts?limit=100');
  const named = (name: string) => {
    const found = customers.find((c) => c.name === name);
    if (!found) throw new Error(`demo fulfillment: tier account ${name} is missing (seeded by demo-tiers.ts)`);
    return found;
  };
  const alpine = named('Alpine IT Partners');
  const bergmann = named('Bergmann Logistik GmbH');
  const lakeside = named('Lakeside Dental Clinic');
  const bakery = named('Harbor Street Bakery');
  // A second reseller, new to the product, whose first order waits for its tier setup.
  const danube = await provider('POST', '/tier/accounts', {
    name: 'Danube Cloud Partners',
    type: 'reseller',
    external_uid: 'danube-cloud',
    external_id: 'DANUBE-CLOUD',
    contact_info: {
      address_line1: 'Praterstraße 31',
      city: 'Wien',
      state: 'Wien',
      postal_code: '1020',
      country: 'AT',
      contact: {
        first_name: 'Julia',
        last_name: 'Huber',
        email: 'julia.huber@danube-cloud.example',
        phone_number: { country_code: '+43', area_code: '1', phone_number: '5678901' },
      },
    },
  });
  const printHouse = await provider('POST', '/tier/accounts', {
    name: 'Wiener Druckhaus',
    type: 'customer',
    external_uid: 'wiener-druckhaus',
    parent: { id: danube.id },
    contact_info: {
      address_line1: 'Gumpendorfer Straße 88',
      city: 'Wien',
      state: 'Wien',
      postal_code: '1060',
      country: 'AT',
      contact: {
        first_name: 'Tobias',
        last_name: 'Gruber',
        email: 'it@wiener-druckhaus.example',
        phone_number: { country_code: '+43', area_code: '1', phone_number: '6789012' },
      },
    },
  });

  let order = 0;
  const purchase = (customer: { id: string }, domain: string, seats: number, extra: object = {}) =>
    provider('POST', '/requests', {
      type: 'purchase',
      asset: {
        product: { id: product.id },
        connection: { id: connection.id },
        external_id: `SO-${2026_0100 + ++order}`,
        external_uid: `demo-order-${order}`,
        items: [
          { id: items.seat.id, quantity: seats },
          { id: items.archive.id, quantity: Math.ceil(seats / 2) },
        ],
        params: [
          { id: 'admin_email', value: `postmaster@${domain}` },
          { id: 'mail_domain', value: domain },
        ],
        tiers: { customer: { id: customer.id } },
      },
      marketplace: { id: marketplaceId },
      ...extra,
    });
  const request = (type: string, assetId: string, extra: object = {}) =>
    provider('POST', '/requests', { type, asset: { id: assetId, ...extra } });
  const approve = async (id: string, tenant?: string) => {
    if (tenant) await vendor('PUT', `/requests/${id}`, { asset: { params: [{ id: 'tenant_id', value: tenant }] } });
    return vendor('POST', `/requests/${id}/approve`, { template_id: templateId });
  };

  // Bakery (direct customer): active, with its seats raised by an approved change.
  const bakeryMail = await purchase(bakery, 'harborbakery.example', 5);
  await approve(bakeryMail.id, 'smt-harbor-01');
  await approve(
    (
      await request('change', bakeryMail.asset.id, {
        items: [
          { id: items.seat.id, quantity: 8 },
          { id: items.archive.id, quantity: 4 },
        ],
      })
    ).id,
  );

  // Bergmann (through Alpine): the reseller's first order sets up its tier configuration, then the order is approved;
  // later suspended, with its resume scheduled.
  const bergmannMail = await purchase(bergmann, 'bergmann-logistik.example', 40);
  const [setup] = await vendor('GET', `/tier/config-requests?asset_request.id=${bergmannMail.id}`);
  await provider('PUT', `/tier/config-requests/${setup.id}`, {
    params: [{ id: 'reseller_agreement', value: 'RA-2026-0117' }],
  });
  await vendor('PUT', `/tier/config-requests/${setup.id}`, {
    params: [{ id: 'partner_portal_id', value: 'PP-ALPINE-7' }],
  });
  await vendor('POST', `/tier/config-requests/${setup.id}/approve`, {});
  await approve(bergmannMail.id, 'smt-bergmann-01');
  await approve((await request('suspend', bergmannMail.asset.id)).id);
  const resume = await request('resume', bergmannMail.asset.id);
  await vendor('POST', `/requests/${resume.id}/schedule`, { planned_date: inDays(14) });

  // Lakeside (through Alpine, now set up): active, and its cancellation waits for the vendor (terminating).
  const lakesideMail = await purchase(lakeside, 'lakeside-dental.example', 12);
  await approve(lakesideMail.id, 'smt-lakeside-01');
  await request('cancel', lakesideMail.asset.id);

  // An earlier order of Lakeside's that the vendor refused: failed, its subscription terminated.
  const refused = await purchase(lakeside, 'lakeside-dental-old.example', 3);
  await vendor('POST', `/requests/${refused.id}/fail`, {
    reason: 'The mail domain is still hosted by another provider; order again once it is released.',
  });

  // A second Bergmann order, pending: the vendor's turn.
  await purchase(bergmann, 'bergmann-hafen.example', 10, { note: 'Mailboxes for the harbour office.' });

  // The bakery's shop mailboxes: the vendor asks about the administrator e-mail, the provider has to answer.
  const asked = await purchase(bakery, 'shop.harborbakery.example', 3);
  await vendor('PUT', `/requests/${asked.id}`, {
    asset: {
      params: [
        {
          id: 'admin_email',
          value_error: 'This mailbox does not exist yet; give an address that receives mail today.',
        },
      ],
    },
  });
  await vendor('POST', `/requests/${asked.id}/inquire`, {});

  // Danube's first order: waits in tiers_setup until the vendor decides Danube's tier configuration request.
  const waiting = await purchase(printHouse, 'wiener-druckhaus.example', 20);
  const [danubeSetup] = await vendor('GET', `/tier/config-requests?asset_request.id=${waiting.id}`);
  await provider('PUT', `/tier/config-requests/${danubeSetup.id}`, {
    params: [{ id: 'reseller_agreement', value: 'RA-2026-0342' }],
  });

  // A draft the provider has not submitted yet.
  await purchase(bakery, 'events.harborbakery.example', 2, { status: 'draft' });

  // Lakeside Dental's contact changed after it subscribed: the vendor gets a tier account request to look at.
  await provider('PUT', `/tier/accounts/${lakeside.id}`, {
    contact_info: {
      ...lakeside.contact_info,
      contact: { ...lakeside.contact_info.contact, email: 'it@lakeside-dental.example' },
    },
  });

  await v.logout();
  await pr.logout();
  return { product, alpineId: alpine.id as string };
}
