import type { FastifyInstance } from 'fastify';
import { demoUser, type DemoUser } from './demo-api.ts';
import { DEMO_RESELLER } from './demo-access.ts';
import { DEMO_ENROLL_FORM } from './demo-forms.ts';
import { DEMO_PROVIDER_GROUP } from './demo-groups.ts';

// Demo partner management, made through the public API: Demo Provider's agreements of the four kinds, with
// contracts in the states a user meets (active, waiting for a signature or an approval, enrolling, rejected,
// terminated), so both demo dashboards show a `contracts` counter.

const TERMS = (title: string) => `# ${title}

## 1. Scope
These terms govern how the partner offers the distributor's marketplaces its products and services.

## 2. Obligations
- Keep product data, prices and availability current.
- Answer fulfillment requests within two business days.

## 3. Term and termination
Either party may end this agreement with 30 days' notice; active subscriptions continue until their term ends.`;

async function agreement(provider: DemoUser, body: Record<string, unknown>) {
  return provider.call('POST', '/agreements', {
    description: `${body.title}: the terms Demo Provider offers its partners.`,
    document: { format: 'markdown', text: TERMS(String(body.title)) },
    active: true,
    ...body,
  });
}

/** The demo partnership: Demo Vendor signs Demo Provider's distribution agreement for the marketplace. */
export async function partnerThroughContract(vendor: DemoUser, provider: DemoUser, marketplaceId: string) {
  const a = await agreement(provider, {
    type: 'distribution',
    title: 'Demo Provider Europe distribution',
    marketplace: { id: marketplaceId },
  });
  const c = await vendor.call('POST', `/agreements/${a.id}/contracts`, {});
  await vendor.call('POST', `/contracts/${c.id}/enroll`, {});
  await provider.call('POST', `/contracts/${c.id}/sign`, {});
  return a;
}

/** A form of the provider's by name (demo-forms.ts seeds them first). */
async function formNamed(provider: DemoUser, name: string): Promise<{ id: string }> {
  const found = (await provider.call('GET', `/forms?eq(name,${encodeURIComponent(name)})`)) as { id: string }[];
  if (!found[0]) throw new Error(`demo partners: no form named ${name}`);
  return { id: found[0].id };
}

export async function seedDemoPartners(app: FastifyInstance, marketplaceId: string) {
  // Other Vendor stays a stranger to Demo Provider: the contract tests use it as the other tenant
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'partners');
  const provider = await demoUser(app, 'provider@demo.trellis', 'partners');
  const reseller = await demoUser(app, DEMO_RESELLER.email, 'partners');
  try {
    const enroll = await formNamed(provider, DEMO_ENROLL_FORM);

    // distribution: an agreement with an enrolment form, which Demo Vendor filled in (waits for approval) and
    // whose version 2 is being drafted; and one whose enrolment Demo Vendor has started
    const pilot = await agreement(provider, {
      type: 'distribution',
      title: 'France pilot distribution',
      marketplace: { id: marketplaceId },
      forms: { enroll },
    });
    const enrolled = await vendor.call('POST', `/agreements/${pilot.id}/contracts`, {});
    await vendor.call('POST', `/contracts/${enrolled.id}/enroll`, { data: enrolmentAnswers });
    await provider.call('POST', `/agreements/${pilot.id}/versions`, {
      document: {
        format: 'markdown',
        text: `${TERMS('France pilot distribution')}\n\n## 4. Pilot\nThe pilot runs until June.`,
      },
    });
    const nordics = await agreement(provider, {
      type: 'distribution',
      title: 'Nordics distribution',
      marketplace: { id: marketplaceId },
      forms: { enroll },
    });
    await vendor.call('POST', `/agreements/${nordics.id}/contracts`, {});
    // the European agreement covers the provider's featured products, and has a regional addendum
    const [europe] = (await provider.call('GET', '/agreements?eq(type,distribution)&ordering(created)')) as {
      id: string;
    }[];
    const [featured] = (await provider.call(
      'GET',
      `/catalog/groups?eq(name,${encodeURIComponent(DEMO_PROVIDER_GROUP)})`,
    )) as {
      id: string;
    }[];
    await provider.call('POST', `/agreements/${europe.id}/product-groups`, { id: featured.id });
    await provider.call('POST', `/agreements/${europe.id}/agreements`, {
      type: 'distribution',
      title: 'Europe distribution: Swiss addendum',
      document: { format: 'markdown', text: TERMS('Swiss addendum') },
      active: true,
    });

    // program: offered to Demo Vendor (waits for its signature); a former one it signed has ended
    const program = await agreement(provider, { type: 'program', title: 'Demo Provider partner program' });
    await provider.call('POST', `/agreements/${program.id}/contracts`, {
      owner: { id: vendor.accountId },
      note: 'Welcome to the partner program.',
    });
    const legacy = await agreement(provider, { type: 'program', title: 'Partner program 2025' });
    const ended = await provider.call('POST', `/agreements/${legacy.id}/contracts`, {
      owner: { id: vendor.accountId },
    });
    await vendor.call('POST', `/contracts/${ended.id}/sign`, {});
    await provider.call('POST', `/contracts/${ended.id}/terminate`, {
      termination_note: 'Replaced by the 2026 program.',
    });

    // service: Demo Reseller signed one and turned another down; syndication: it asked to syndicate (waits for
    // Demo Provider's approval)
    const service = await agreement(provider, { type: 'service', title: 'Reseller services' });
    const signed = await provider.call('POST', `/agreements/${service.id}/contracts`, {
      owner: { id: reseller.accountId },
    });
    await reseller.call('POST', `/contracts/${signed.id}/sign`, {});
    const declined = await agreement(provider, { type: 'service', title: 'Managed services pilot' });
    const offer = await provider.call('POST', `/agreements/${declined.id}/contracts`, {
      owner: { id: reseller.accountId },
    });
    await reseller.call('POST', `/contracts/${offer.id}/reject`, { note: 'Out of our scope for now.' });
    const syndication = await agreement(provider, { type: 'syndication', title: 'Cloud syndication' });
    await reseller.call('POST', `/agreements/${syndication.id}/contracts`, {
      note: 'We would like to resell in France.',
    });
  } finally {
    await Promise.all([vendor, provider, reseller].map((u) => u.logout()));
  }
}

/** Answers of the demo enrolment form (see demo-forms.ts); fields it does not have are ignored. */
const enrolmentAnswers = {
  registration_number: 'FR-RCS-552100554',
  support_email: 'support@other-vendor.example',
  regions: { structured_value: { emea: true } },
  partner_tier: 'registered',
};
