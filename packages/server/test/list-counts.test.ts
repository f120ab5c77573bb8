import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Session, type TestApp } from './helpers.ts';
import { extraProvider, ok, partner, publishedProduct, request } from './distribution-helpers.ts';

/**
 * Lists decorate a whole page at once (presentMany): each row must still show its own counts,
 * so the rows here are built with different counts and a mix-up between rows fails.
 */
let t: TestApp;
let vendor: Session;
let provider: Session;
beforeAll(async () => {
  t = await testApp();
  [vendor, provider] = await Promise.all([t.login('vendor@demo.trellis'), t.login('provider@demo.trellis')]);
  await partner(t, vendor, provider);
});
afterAll(async () => {
  await t?.close();
});

const byId = (list: any[]) => new Map(list.map((x) => [x.id, x]));
const listed = (productId: string, marketplaceId: string) =>
  request(t, vendor, provider, { type: 'new', product_id: productId, marketplace_id: marketplaceId }, [
    'submit',
    'deploy',
    'complete',
  ]);

describe('distribution lists show each row its own counts', () => {
  it('hubs, marketplaces, listings, listing requests and partners', async () => {
    const hub = (name: string) => ok(t, provider, 'POST', '/hubs', { name, instance_type: 'api', instance_id: name });
    const [h1, h2] = [await hub('Counts hub 1'), await hub('Counts hub 2')];
    const market = (name: string, hubs: string[]) =>
      ok(t, provider, 'POST', '/marketplaces', {
        name,
        currency: 'EUR',
        countries: [{ id: 'DE' }],
        hubs: hubs.map((id, i) => ({ hub: { id }, external_id: `x${i}` })),
      });
    const m1 = await market('Counts one', [h1.id]);
    const m2 = await market('Counts two', [h1.id, h2.id]);
    const [p1, p2, p3, p4] = [
      await publishedProduct(t, vendor, 'Counts A'),
      await publishedProduct(t, vendor, 'Counts B'),
      await publishedProduct(t, vendor, 'Counts C'),
      await publishedProduct(t, vendor, 'Counts D'),
    ];
    await listed(p1.id, m1.id);
    await listed(p2.id, m1.id);
    await listed(p3.id, m2.id);
    const reviewing = await request(t, vendor, provider, { type: 'remove', product_id: p1.id, marketplace_id: m1.id }, [
      'submit',
    ]);
    const draft = await request(t, vendor, provider, { type: 'remove', product_id: p3.id, marketplace_id: m2.id });
    const fresh = await request(t, vendor, provider, { type: 'new', product_id: p4.id, marketplace_id: m2.id }, [
      'submit',
    ]);

    const hubs = byId(await ok(t, provider, 'GET', `/hubs?in(id,(${h1.id},${h2.id}))`));
    expect(hubs.get(h1.id).stats).toEqual({ connections: 0, marketplaces: 2 });
    expect(hubs.get(h2.id).stats).toEqual({ connections: 0, marketplaces: 1 });

    const markets = byId(await ok(t, provider, 'GET', `/marketplaces?in(id,(${m1.id},${m2.id}))`));
    expect(markets.get(m1.id).stats).toEqual({ listings: 2, hubs: 1 });
    expect(markets.get(m2.id).stats).toEqual({ listings: 1, hubs: 2 });

    // the vendor sees its draft as the pending request; the provider does not. A listing without one omits it.
    const pending = async (who: Session) =>
      Object.fromEntries(
        (await ok(t, who, 'GET', '/listings?limit=100'))
          .filter((l: any) => [p1.id, p2.id, p3.id, p4.id].includes(l.product.id))
          .map((l: any) => [
            l.product.name,
            'pending_request' in l ? [l.pending_request?.id, l.pending_request?.status] : 'none',
          ]),
      );
    expect(await pending(vendor)).toEqual({
      'Counts A': [reviewing.id, 'reviewing'],
      'Counts B': 'none',
      'Counts C': [draft.id, 'draft'],
      'Counts D': [fresh.id, 'reviewing'],
    });
    expect(await pending(provider)).toEqual({
      'Counts A': [reviewing.id, 'reviewing'],
      'Counts B': 'none',
      'Counts C': 'none',
      'Counts D': [fresh.id, 'reviewing'],
    });

    const requests = byId(
      await ok(t, vendor, 'GET', `/listing-requests?in(id,(${reviewing.id},${draft.id},${fresh.id}))`),
    );
    expect(requests.get(reviewing.id).listing.status).toBe('listed');
    expect(requests.get(draft.id).listing.status).toBe('listed');
    expect(requests.get(fresh.id).listing.status).toBe('unlisted');

    // a second partner with one listing of its own
    const second = await extraProvider(t, 'Counts Provider', 'counts-provider@example.com');
    await partner(t, vendor, second);
    const m3 = await ok(t, second, 'POST', '/marketplaces', {
      name: 'Counts three',
      currency: 'EUR',
      countries: [{ id: 'DE' }],
    });
    let r = await ok(t, vendor, 'POST', '/listing-requests', { type: 'new', product_id: p4.id, marketplace_id: m3.id });
    for (const a of ['submit', 'deploy', 'complete'])
      r = await ok(t, a === 'submit' ? vendor : second, 'POST', `/listing-requests/${r.id}/${a}`, {});
    const partners = byId(await ok(t, vendor, 'GET', '/partners?limit=100'));
    expect(partners.get(t.demo.provider.id).stats.listings).toBe(3);
    expect(partners.get(second.body.account.id).stats.listings).toBe(1);
    // and the same from the providers' side
    expect(byId(await ok(t, second, 'GET', '/partners')).get(t.demo.vendor.id).stats.listings).toBe(1);
  });
});

describe('localization lists show each row its own counts', () => {
  const L = '/localization';
  it('locales, contexts and translations', async () => {
    const product = async (name: string) =>
      ok(t, vendor, 'POST', '/products', { name, short_description: 'Short', detailed_description: 'Long' });
    const [a, b] = [await product('Counts Mail'), await product('Counts Files')];
    const translate = (productId: string, locale: string) =>
      ok(t, vendor, 'POST', `${L}/translations`, { context: { instance_id: productId }, locale: { id: locale } });
    const aEn = await translate(a.id, 'EN');
    const aDe = await translate(a.id, 'DE');
    const aFr = await translate(a.id, 'FR');
    const bDe = await translate(b.id, 'DE');
    const [first] = await ok(t, vendor, 'GET', `${L}/translations/${aDe.id}/attributes`);
    await ok(t, vendor, 'PUT', `${L}/translations/${aDe.id}/attributes/${first.key}`, { value: 'Zählmail' });

    const locales = byId(await ok(t, vendor, 'GET', `${L}/locales?in(id,(EN,DE,FR,IT))`));
    expect([...locales.values()].map((l) => [l.id, l.stats.translations]).sort()).toEqual([
      ['DE', 2],
      ['EN', 1],
      ['FR', 1],
      ['IT', 0],
    ]);

    const contexts = byId(await ok(t, vendor, 'GET', `${L}/contexts?in(id,(${aEn.context.id},${bDe.context.id}))`));
    expect(contexts.get(aEn.context.id).translations.map((x: any) => x.locale.id)).toEqual(['EN', 'DE', 'FR']);
    expect(contexts.get(aEn.context.id).primary_locale.id).toBe('EN');
    expect(contexts.get(bDe.context.id).translations.map((x: any) => x.locale.id)).toEqual(['DE']);

    const translations = byId(await ok(t, vendor, 'GET', `${L}/translations?in(id,(${aEn.id},${aDe.id},${aFr.id}))`));
    expect(translations.get(aEn.id).stats).toEqual({ total: 3, translated: 3 });
    expect(translations.get(aDe.id).stats).toEqual({ total: 3, translated: 1 });
    expect(translations.get(aFr.id).stats).toEqual({ total: 3, translated: 0 });

    const perLocale = byId(await ok(t, vendor, 'GET', `/products/${a.id}/localizations`));
    expect([...perLocale.values()].map((x) => [x.id, x.stats.translated]).sort()).toEqual([
      ['DE', 1],
      ['EN', 3],
      ['FR', 0],
    ]);
  });
});
