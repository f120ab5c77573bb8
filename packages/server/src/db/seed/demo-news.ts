import type { FastifyInstance } from 'fastify';
import { demoUser } from './demo-api.ts';

// Demo news, made through the public API: Demo Provider's posts to its vendors (one published twice, so it has two
// versions; one kept as a draft) and a post of Demo Vendor's to its distributors, so both dashboards show news.
// Other Vendor is no partner of either: it reads none of them.

const PRICING_V1 = `Prices in the **Demo Provider Europe** marketplace change on the first of next month.

- Catalogue prices are reviewed once a quarter.
- Subscriptions keep their price until their next renewal.

Questions? Open a helpdesk case.`;

const PRICING_V2 = `${PRICING_V1}

> Update: the review now also covers pay-per-use items; their new rates apply from the next billing period.`;

const PORTAL = `## New partner portal

We move partner onboarding to the new portal next week:

1. Sign your distribution contract online.
2. Upload your product data once; we list it in every marketplace you choose.

Read the [partner guide](https://example.com/partner-guide) for the details.`;

const RELEASE = `**Secure Mail Suite 3.0** ships next month:

- shared mailboxes with delegated access;
- archive search across every mailbox of a subscription.

Existing subscriptions move to 3.0 without a new order.`;

export async function seedDemoNews(app: FastifyInstance) {
  const provider = await demoUser(app, 'provider@demo.trellis', 'news');
  const vendor = await demoUser(app, 'vendor@demo.trellis', 'news');
  try {
    const pricing = await provider.call('POST', '/news', {
      title: 'Price review in Demo Provider Europe',
      subtitle: 'New catalogue prices from the first of next month',
      audience: 'vendor',
      content: PRICING_V1,
    });
    await provider.call('POST', `/news/${pricing.id}/publish`, {});
    await provider.call('POST', `/news/${pricing.id}/draft`, {});
    await provider.call('PUT', `/news/${pricing.id}`, { content: PRICING_V2 });
    await provider.call('POST', `/news/${pricing.id}/publish`, {});

    const portal = await provider.call('POST', '/news', {
      title: 'Partner onboarding moves to the new portal',
      audience: 'any',
      content: PORTAL,
    });
    await provider.call('POST', `/news/${portal.id}/publish`, {});

    await provider.call('POST', '/news', {
      title: 'Holiday support hours',
      subtitle: 'Draft: hours to be confirmed',
      audience: 'vendor',
      content: 'Our partner desk is staffed from 9:00 to 13:00 between the holidays.',
    });

    const release = await vendor.call('POST', '/news', {
      title: 'Secure Mail Suite 3.0 is coming',
      audience: 'distributor',
      content: RELEASE,
    });
    await vendor.call('POST', `/news/${release.id}/publish`, {});
  } finally {
    await provider.logout();
    await vendor.logout();
  }
}
