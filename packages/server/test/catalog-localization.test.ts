import { translationAccess } from '@trellis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestApp } from './helpers.ts';
import { createProduct, openTenants, linkToProvider as link } from './tenants.ts';

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;
/** Provider API keys: one with the localization module, one with products only. */
let providerLocalizer: string;
let providerReader: string;
beforeAll(async () => {
  ({ t, vendor, provider, other } = await openTenants());
  const token = async (permissions: string[]) => {
    const res = await t.call(provider, {
      method: 'POST',
      url: '/public/v1/auth/tokens',
      payload: { name: permissions.join('+'), permissions },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token as string;
  };
  providerLocalizer = await token(['MD-0002', 'MD-0012']);
  providerReader = await token(['MD-0002']);
});
afterAll(async () => {
  await t?.close();
});

const P = '/public/v1/products';
const L = '/public/v1/localization';
type Who = Session | string;
const get = (s: Who, url: string) => t.call(s, { method: 'GET', url });
const post = (s: Who, url: string, payload: unknown = {}) =>
  t.call(s, { method: 'POST', url, payload: payload as object });
const put = (s: Who, url: string, payload: unknown) => t.call(s, { method: 'PUT', url, payload: payload as object });

const newProduct = (name = 'Cloud Backup') =>
  createProduct(t, vendor, name, {
    short_description: 'Backups for every laptop',
    detailed_description: 'Daily backups.',
  });
const linkToProvider = (productId: string) => link(t, productId);
async function translate(s: Who, productId: string, locale: string, extra: object = {}) {
  const res = await post(s, `${L}/translations`, {
    context: { instance_id: productId },
    locale: { id: locale },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('locales', () => {
  it('lists the reference locales read-only, with filters and counts of visible translations', async () => {
    const res = await get(provider, `${L}/locales?eq(id,DE)`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: 'DE',
        name: 'German',
        local_name: 'Deutsch',
        auto_translation: true,
        stats: { translations: 0 },
        marketplaces: [],
      }),
    ]);
    expect((await get(vendor, `${L}/locales/EN-GB`)).json()).toMatchObject({ id: 'EN-GB', name: 'British English' });
    expect((await get(vendor, `${L}/locales/XX`)).statusCode).toBe(404);
    expect((await get(vendor, `${L}/locales?eq(color,red)`)).statusCode).toBe(400);
    expect((await t.call(vendor, { method: 'POST', url: `${L}/locales`, payload: { id: 'XX' } })).statusCode).toBe(404);
    const all = (await get(vendor, `${L}/locales?limit=0`)).headers['content-range'];
    expect(Number(String(all).split('/')[1])).toBeGreaterThan(20);
  });
});

describe('contexts and translations', () => {
  it("the first translation creates the product context; the vendor's first is primary, active and holds the product texts", async () => {
    const p = await newProduct('Mail Shield');
    const en = await translate(vendor, p.id, 'EN', { description: 'Source texts' });
    expect(en).toMatchObject({
      locale: { id: 'EN', name: 'English' },
      primary: true,
      status: 'active',
      owned: true,
      owner: { id: t.demo.vendor.id },
      context: { instance_id: p.id, name: 'Mail Shield', type: 'product' },
      auto: { enabled: false },
      description: 'Source texts',
      stats: { total: 3, translated: 3 },
    });
    expect(en.id).toMatch(/^TRN-\d{4}-\d{4}-\d{4}$/);
    expect(en.context.id).toMatch(/^LCX-/);
    const de = await translate(vendor, p.id, 'de');
    expect(de).toMatchObject({
      locale: { id: 'DE' },
      primary: false,
      status: 'inactive',
      stats: { total: 3, translated: 0 },
      context: { id: en.context.id },
    });

    const ctx = (await get(vendor, `${L}/contexts/${en.context.id}`)).json();
    expect(ctx).toMatchObject({ instance_id: p.id, primary_locale: { id: 'EN' } });
    expect(ctx.translations.map((x: any) => [x.locale.id, x.primary, x.status, x.owned])).toEqual([
      ['EN', true, 'active', true],
      ['DE', false, 'inactive', true],
    ]);
    expect((await get(vendor, `${L}/contexts?eq(instance_id,${p.id})`)).json()).toHaveLength(1);

    // one translation per locale and owner; unknown locales and contexts are named
    const dup = await post(vendor, `${L}/translations`, { context: { id: en.context.id }, locale: { id: 'DE' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors[0]).toContain('already has your DE translation');
    const unknown = await post(vendor, `${L}/translations`, { context: { id: en.context.id }, locale: { id: 'XX' } });
    expect(unknown.json().errors).toEqual(["locale: unknown locale 'XX'."]);
    const noCtx = await post(vendor, `${L}/translations`, {
      context: { id: 'LCX-0000-0000-0000' },
      locale: { id: 'FR' },
    });
    expect(noCtx.json().errors).toEqual(['context: localization context LCX-0000-0000-0000 not found.']);
    const noLocale = await post(vendor, `${L}/translations`, { context: { id: en.context.id } });
    expect(noLocale.statusCode).toBe(400);
    const secondPrimary = await post(vendor, `${L}/translations`, {
      context: { id: en.context.id },
      locale: { id: 'FR' },
      primary: true,
    });
    expect(secondPrimary.json().errors[0]).toContain('already has a primary translation');
  });

  it('creates a context with its translations (primary first); one context per product; providers cannot', async () => {
    const p = await newProduct('Context Product');
    await linkToProvider(p.id);
    const res = await post(vendor, `${L}/contexts`, {
      instance_id: p.id,
      type: 'product',
      translations: [{ locale: { id: 'FR' } }, { locale: { id: 'EN-GB' }, primary: true, description: 'British' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().primary_locale).toMatchObject({ id: 'EN-GB' });
    expect(res.json().translations).toHaveLength(2);
    expect((await post(vendor, `${L}/contexts`, { instance_id: p.id })).json().errors[0]).toContain(
      'already has a localization context',
    );
    expect((await post(provider, `${L}/contexts`, { instance_id: p.id })).statusCode).toBe(403);
    expect((await post(other, `${L}/contexts`, { instance_id: p.id })).json().errors).toEqual([
      `instance_id: product ${p.id} not found.`,
    ]);
    // deleting the context removes its translations
    expect((await t.call(provider, { method: 'DELETE', url: `${L}/contexts/${res.json().id}` })).statusCode).toBe(403);
    expect((await t.call(vendor, { method: 'DELETE', url: `${L}/contexts/${res.json().id}` })).statusCode).toBe(204);
    expect((await get(vendor, `${L}/translations?eq(context.instance_id,${p.id})`)).json()).toEqual([]);
  });

  it('updates description and refuses machine translation where the locale has none', async () => {
    const p = await newProduct('Describe');
    await translate(vendor, p.id, 'EN');
    const sk = await translate(vendor, p.id, 'SK');
    const ok = await put(vendor, `${L}/translations/${sk.id}`, { description: 'Slovak for the east' });
    expect(ok.json()).toMatchObject({ description: 'Slovak for the east' });
    const auto = await put(vendor, `${L}/translations/${sk.id}`, { auto: { enabled: true } });
    expect(auto.statusCode).toBe(400);
    expect(auto.json().errors).toEqual(['auto: automatic translation is not available for locale SK.']);
    const tooLong = await put(vendor, `${L}/translations/${sk.id}`, { description: 'x'.repeat(4001) });
    expect(tooLong.json().errors).toEqual(['description: Input must be at most 4000 characters']);
  });
});

describe('translation actions', () => {
  it('activate: inactive → active only', async () => {
    const p = await newProduct('Activate');
    const en = await translate(vendor, p.id, 'EN');
    const de = await translate(vendor, p.id, 'DE');
    const act = await post(vendor, `${L}/translations/${de.id}/activate`);
    expect(act.statusCode, act.body).toBe(200);
    expect(act.json()).toMatchObject({ status: 'active' });
    expect(act.json().events.updated).toBeTruthy();
    const again = await post(vendor, `${L}/translations/${de.id}/activate`);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual(["Action 'activate' is not allowed in status 'active'."]);
    expect((await post(vendor, `${L}/translations/${en.id}/activate`)).statusCode).toBe(400);
  });

  it('primarize moves the one primary of the context; only active translations; the old primary can then be deleted', async () => {
    const p = await newProduct('Primary');
    const en = await translate(vendor, p.id, 'EN');
    const de = await translate(vendor, p.id, 'DE');
    const early = await post(vendor, `${L}/translations/${de.id}/primarize`);
    expect(early.json().errors).toEqual(["Action 'primarize' is not allowed in status 'inactive'."]);
    const delPrimary = await t.call(vendor, { method: 'DELETE', url: `${L}/translations/${en.id}` });
    expect(delPrimary.statusCode).toBe(400);
    expect(delPrimary.json().errors[0]).toContain('is primary and cannot be deleted');
    await post(vendor, `${L}/translations/${de.id}/activate`);
    const moved = await post(vendor, `${L}/translations/${de.id}/primarize`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().primary).toBe(true);
    const list = (await get(vendor, `${L}/translations?eq(context.id,${en.context.id})&ordering(locale.id)`)).json();
    expect(list.map((x: any) => [x.locale.id, x.primary])).toEqual([
      ['DE', true],
      ['EN', false],
    ]);
    expect(
      (await get(vendor, `${L}/translations?eq(context.id,${en.context.id})&eq(primary,true)`)).json(),
    ).toHaveLength(1);
    expect((await t.call(vendor, { method: 'DELETE', url: `${L}/translations/${en.id}` })).statusCode).toBe(204);
  });

  it('clone copies the attribute values into a new translation of the caller, of another locale if asked', async () => {
    const p = await newProduct('Clone Me');
    const en = await translate(vendor, p.id, 'EN');
    const es = await post(vendor, `${L}/translations/${en.id}/clone`, {
      locale: { id: 'ES-MX' },
      description: 'Mexican start',
    });
    expect(es.statusCode, es.body).toBe(200);
    expect(es.json()).toMatchObject({
      locale: { id: 'ES-MX' },
      primary: false,
      status: 'inactive',
      description: 'Mexican start',
      stats: { translated: 3 },
    });
    expect(es.json().id).not.toBe(en.id);
    const attrs = (
      await get(vendor, `${L}/translations/${es.json().id}/attributes?eq(key,product.${p.id}.name)`)
    ).json();
    expect(attrs[0]).toMatchObject({ value: 'Clone Me', original: 'Clone Me' });
    // the vendor already has an EN translation: cloning into the same locale is refused
    const same = await post(vendor, `${L}/translations/${en.id}/clone`);
    expect(same.statusCode).toBe(400);
  });

  it('retry: only after a failed machine translation', async () => {
    const p = await newProduct('Retry');
    await translate(vendor, p.id, 'EN');
    const de = await translate(vendor, p.id, 'DE');
    const res = await post(vendor, `${L}/translations/${de.id}/retry`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toContain('Only a failed automatic translation can be retried');
  });
});

describe('permissions (spec §6) and isolation', () => {
  it("a provider with the localization module translates a linked product into its own translation; it cannot change the vendor's", async () => {
    const p = await newProduct('Shared Product');
    const en = await translate(vendor, p.id, 'EN');
    const de = await translate(vendor, p.id, 'DE');
    // not linked yet: invisible
    expect((await get(providerLocalizer, `${L}/translations/${en.id}`)).statusCode).toBe(404);
    expect(
      (await post(providerLocalizer, `${L}/translations`, { context: { instance_id: p.id }, locale: { id: 'FR' } }))
        .statusCode,
    ).toBe(400);
    await linkToProvider(p.id);

    const seen = await get(providerLocalizer, `${L}/translations/${en.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ owned: false, primary: true });
    // the vendor's translation is read-only for the provider: edits, actions and deletes are 403
    const key = `product.${p.id}.name`;
    expect((await put(providerLocalizer, `${L}/translations/${de.id}`, { description: 'mine' })).statusCode).toBe(403);
    expect(
      (await put(providerLocalizer, `${L}/translations/${de.id}/attributes/${key}`, { value: 'Geteiltes Produkt' }))
        .statusCode,
    ).toBe(403);
    expect((await post(providerLocalizer, `${L}/translations/${de.id}/activate`)).statusCode).toBe(403);
    expect((await post(providerLocalizer, `${L}/translations/${en.id}/primarize`)).statusCode).toBe(403);
    expect((await t.call(providerLocalizer, { method: 'DELETE', url: `${L}/translations/${de.id}` })).statusCode).toBe(
      403,
    );

    // its own: created directly (never primary) or cloned from the vendor's; editable by it
    const fr = await translate(providerLocalizer, p.id, 'FR');
    expect(fr).toMatchObject({
      owned: true,
      primary: false,
      owner: { id: t.demo.provider.id },
      context: { id: en.context.id },
    });
    const mine = await post(providerLocalizer, `${L}/translations/${de.id}/clone`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ locale: { id: 'DE' }, owned: true, owner: { id: t.demo.provider.id } });
    const edit = await put(providerLocalizer, `${L}/translations/${mine.json().id}/attributes/${key}`, {
      value: 'Geteiltes Produkt',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ value: 'Geteiltes Produkt', status: 'translated' });
    expect((await post(providerLocalizer, `${L}/translations/${mine.json().id}/activate`)).json().status).toBe(
      'active',
    );
    expect((await post(providerLocalizer, `${L}/translations/${mine.json().id}/primarize`)).statusCode).toBe(403);

    // the vendor does not see the provider's translations; the vendor's stays untouched
    expect((await get(vendor, `${L}/translations/${mine.json().id}`)).statusCode).toBe(404);
    expect(
      (await get(vendor, `${L}/translations?eq(context.id,${en.context.id})`))
        .json()
        .map((x: any) => x.locale.id)
        .sort(),
    ).toEqual(['DE', 'EN']);
    const vendorDe = (await get(vendor, `${L}/translations/${de.id}/attributes/${key}`)).json();
    expect(vendorDe).not.toHaveProperty('value');
    // the provider lists both sides, each marked owned or not
    const theirs = (
      await get(providerLocalizer, `${L}/translations?eq(context.id,${en.context.id})&ordering(locale.id)`)
    ).json();
    expect(theirs.map((x: any) => `${x.locale.id} ${x.owned ? 'mine' : 'vendor'}`).sort()).toEqual([
      'DE mine',
      'DE vendor',
      'EN vendor',
      'FR mine',
    ]);
  });

  it('a provider without the localization module cannot switch to translations at all', async () => {
    const p = await newProduct('No Module');
    const en = await translate(vendor, p.id, 'EN');
    await linkToProvider(p.id);
    for (const [method, url] of [
      ['GET', `${L}/translations`],
      ['GET', `${L}/translations/${en.id}`],
      ['GET', `${L}/translations/${en.id}/attributes`],
      ['GET', `${L}/contexts`],
      ['POST', `${L}/translations/${en.id}/clone`],
      ['GET', `${P}/${p.id}/localizations`],
    ] as const) {
      const res = await t.call(providerReader, { method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().errors).toEqual(['Access to module MD-0012 is not granted.']);
    }
    // the product itself stays readable with the products module
    expect((await get(providerReader, `${P}/${p.id}`)).statusCode).toBe(200);
  });

  it('vendor status stands in for the module: a vendor key with products only translates; one with neither cannot', async () => {
    const p = await newProduct('Vendor Keys');
    const key = async (permissions: string[]) =>
      (
        await t.call(vendor, {
          method: 'POST',
          url: '/public/v1/auth/tokens',
          payload: { name: permissions.join('+'), permissions },
        })
      ).json().token as string;
    const products = await key(['MD-0002']);
    const accountOnly = await key(['MD-0001']);
    const en = await translate(products, p.id, 'EN');
    expect(en.primary).toBe(true);
    expect(
      (await put(products, `${L}/translations/${en.id}/attributes/product.${p.id}.name`, { value: 'Vendor Keys' }))
        .statusCode,
    ).toBe(200);
    const refused = await get(accountOnly, `${L}/translations/${en.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual(['Access to module MD-0012 is not granted.']);
  });

  it("another vendor sees nothing of Demo Vendor's localization: 404 everywhere, empty lists", async () => {
    const p = await newProduct('Private');
    const en = await translate(vendor, p.id, 'EN');
    const key = `product.${p.id}.name`;
    for (const s of [other, provider]) {
      for (const [method, url] of [
        ['GET', `${L}/translations/${en.id}`],
        ['PUT', `${L}/translations/${en.id}`],
        ['DELETE', `${L}/translations/${en.id}`],
        ['POST', `${L}/translations/${en.id}/activate`],
        ['POST', `${L}/translations/${en.id}/clone`],
        ['POST', `${L}/translations/${en.id}/primarize`],
        ['POST', `${L}/translations/${en.id}/retry`],
        ['GET', `${L}/translations/${en.id}/attributes`],
        ['GET', `${L}/translations/${en.id}/attributes/${key}`],
        ['PUT', `${L}/translations/${en.id}/attributes/${key}`],
        ['PUT', `${L}/translations/${en.id}/attributes`],
        ['GET', `${L}/translations/${en.id}/tasks`],
        ['GET', `${L}/contexts/${en.context.id}`],
        ['DELETE', `${L}/contexts/${en.context.id}`],
        ['GET', `${P}/${p.id}/localizations`],
        ['GET', `${P}/${p.id}/localizations/EN`],
        ['DELETE', `${P}/${p.id}/localizations/EN`],
        ['GET', `${P}/${p.id}/localizations/EN/download`],
        ['POST', `${P}/${p.id}/localizations`],
      ] as const) {
        const payload =
          method === 'GET' || method === 'DELETE'
            ? undefined
            : url.endsWith('/attributes')
              ? [{ key, value: 'x' }]
              : { value: 'x', locale: { id: 'FR' } };
        const res = await t.call(s, { method, url, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await get(s, `${L}/translations?eq(context.instance_id,${p.id})`)).json()).toEqual([]);
      expect((await get(s, `${L}/contexts?eq(instance_id,${p.id})`)).json()).toEqual([]);
    }
    const locale = (await get(other, `${L}/locales/EN`)).json();
    const mine = (await get(vendor, `${L}/locales/EN`)).json();
    expect(mine.stats.translations).toBeGreaterThan(locale.stats.translations);
  });

  it('the shared §6 rules: switching, editing and non-translation fields', () => {
    const base = { accountType: 'vendor' as const, productOwner: true, canLocalize: false, latestVersion: true };
    expect(translationAccess({ ...base, translation: null })).toEqual({
      canSwitch: true,
      canEditTranslation: false,
      nonTranslationDisabled: false,
    });
    expect(translationAccess({ ...base, translation: { owned: true, primary: false, empty: false } })).toEqual({
      canSwitch: true,
      canEditTranslation: true,
      nonTranslationDisabled: true,
    });
    expect(
      translationAccess({ ...base, translation: { owned: true, primary: false, empty: true } }).nonTranslationDisabled,
    ).toBe(false);
    expect(
      translationAccess({ ...base, translation: { owned: true, primary: true, empty: false } }).nonTranslationDisabled,
    ).toBe(false);
    expect(
      translationAccess({ ...base, latestVersion: false, translation: { owned: true, primary: true, empty: false } }),
    ).toEqual({ canSwitch: false, canEditTranslation: false, nonTranslationDisabled: true });
    const prov = { accountType: 'provider' as const, productOwner: false, latestVersion: true };
    expect(translationAccess({ ...prov, canLocalize: false, translation: null }).canSwitch).toBe(false);
    expect(
      translationAccess({ ...prov, canLocalize: true, translation: { owned: false, primary: true, empty: false } }),
    ).toEqual({ canSwitch: true, canEditTranslation: false, nonTranslationDisabled: true });
    expect(
      translationAccess({ ...prov, canLocalize: true, translation: { owned: true, primary: false, empty: true } })
        .canEditTranslation,
    ).toBe(true);
  });
});
