import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validation } from '@trellis/domain';
import { testApp, type Session, type TestApp } from './helpers.ts';
import { API, extraProvider, marketplaceWithHub, ok, publishedProduct } from './distribution-helpers.ts';

// Partner management: agreements with versions and documents, and the contracts of the four kinds signed under
// them, with who may do what at each step.

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;
let reseller: Session;
beforeAll(async () => {
  t = await testApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  [vendor, provider, other] = await Promise.all([
    t.login('vendor@demo.trellis'),
    t.login('provider@demo.trellis'),
    t.login('other@demo.trellis'),
  ]);
  reseller = await extraProvider(t, 'Reseller Ltd', 'reseller@partners.test');
});
afterAll(async () => {
  await t?.close();
});

const idOf = (s: Session) => s.body.account.id as string;
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.call(who, { method, url: `${API}${url}`, payload: payload as any });

async function agreement(body: Record<string, unknown>, by = provider) {
  return ok(t, by, 'POST', '/agreements', { description: 'Terms', active: true, ...body });
}

describe('agreements and versions', () => {
  it('drafts, edits and activates versions; the active one is what partners read', async () => {
    const a = await agreement({ type: 'program', title: 'Vendor program', document: { text: '# Terms v1' } });
    expect(a).toMatchObject({ active: true, document_type: 'uploaded', version: { version: 1, active: true } });
    const draft = await ok(t, provider, 'POST', `/agreements/${a.id}/versions`, {});
    expect(draft).toMatchObject({ version: 2, status: 'draft', document: { format: 'markdown', text: '# Terms v1' } });
    await ok(t, provider, 'PUT', `/agreements/${a.id}/versions/2`, {
      document: { text: '# Terms v2\n\n<script>x</script>' },
    });
    // a draft is the owner's: nobody else sees it
    const offered = await ok(t, provider, 'POST', `/agreements/${a.id}/contracts`, { owner: { id: idOf(vendor) } });
    expect((await call(vendor, 'GET', `/agreements/${a.id}/versions/2`)).statusCode).toBe(404);
    expect((await ok(t, vendor, 'GET', `/agreements/${a.id}/versions`)).map((v: any) => v.version)).toEqual([1]);
    // partners cannot change versions
    expect((await call(vendor, 'POST', `/agreements/${a.id}/versions/1/activate`, {})).statusCode).toBe(403);

    const active = await ok(t, provider, 'POST', `/agreements/${a.id}/versions/2/activate`, {}, 200);
    expect(active).toMatchObject({ status: 'active', active: true });
    expect(await ok(t, provider, 'GET', `/agreements/${a.id}/versions/1`)).toMatchObject({ status: 'superseded' });
    expect(await ok(t, provider, 'GET', `/agreements/${a.id}`)).toMatchObject({ version: { version: 2 } });
    // an active version is no longer edited
    expect(
      (await call(provider, 'PUT', `/agreements/${a.id}/versions/2`, { document: { text: 'x' } })).statusCode,
    ).toBe(400);
    // the open contract moved to a new version, the old one is kept
    const c = await ok(t, vendor, 'GET', `/contracts/${offered.id}`);
    expect(c).toMatchObject({ version: 2, agreement: { version: 2 } });
    expect((await ok(t, vendor, 'GET', `/contracts/${offered.id}/versions`)).map((v: any) => v.version)).toEqual([
      '2',
      '1',
    ]);

    const doc = await call(vendor, 'GET', `/agreements/${a.id}/document`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('text/html');
    expect(doc.body).toContain('<h1>Terms v2</h1>');
    expect(doc.body).not.toContain('<script>');
    expect(doc.headers['content-security-policy']).toContain('sandbox');
  });

  it('takes a PDF upload on a draft only, checks it is a PDF, and serves it', async () => {
    const a = await agreement({ type: 'service', title: 'Reseller services', active: false });
    const form = (name: string, body: Buffer) => {
      const b = '----trellis-doc';
      return {
        payload: Buffer.concat([
          Buffer.from(
            `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          body,
          Buffer.from(`\r\n--${b}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      };
    };
    const url = `${API}/agreements/${a.id}/versions/1/document`;
    const bad = await t.call(provider, { method: 'POST', url, ...form('terms.pdf', Buffer.from('not a pdf')) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toBe('file: The document must be a PDF file.');
    const pdf = Buffer.from('%PDF-1.4\n%EOF\n');
    const up = await t.call(provider, { method: 'POST', url, ...form('terms.pdf', pdf) });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().document).toMatchObject({ format: 'pdf', file_name: 'terms.pdf' });
    const got = await t.call(provider, { method: 'GET', url });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(pdf)).toBe(true);
    await ok(t, provider, 'POST', `/agreements/${a.id}/versions/1/activate`, {}, 200);
    const again = await t.call(provider, { method: 'POST', url, ...form('terms.pdf', pdf) });
    expect(again.statusCode).toBe(400);
    // another tenant's agreement is a 404 before the upload is looked at
    expect((await t.call(other, { method: 'POST', url, ...form('terms.pdf', pdf) })).statusCode).toBe(404);
  });

  it('lets only providers create agreements, and refuses what is not theirs', async () => {
    expect((await call(vendor, 'POST', '/agreements', { type: 'program', title: 'X' })).statusCode).toBe(403);
    const theirs = await marketplaceWithHub(t, reseller, 'Reseller market');
    const res = await call(provider, 'POST', '/agreements', {
      type: 'distribution',
      title: 'Y',
      marketplace: { id: theirs.mp.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toContain(`marketplace: ${theirs.mp.id} is not a marketplace of this account.`);
    const noTitle = await call(provider, 'POST', '/agreements', { type: 'program' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fields.title).toBeTruthy();
  });
});

describe('contracts', () => {
  it('program: the distributor offers, only the vendor signs; the distributor terminates', async () => {
    const a = await agreement({ type: 'program', title: 'Program for signing' });
    const c = await ok(t, provider, 'POST', `/agreements/${a.id}/contracts`, { owner: { id: idOf(vendor) } });
    expect(c).toMatchObject({
      status: 'pending',
      type: 'program',
      issuer: { id: idOf(provider) },
      owner: { id: idOf(vendor) },
    });
    expect(c.id).toMatch(/^CT-\d{4}-\d{4}-\d{4}$/);
    // an account outside the contract does not see it
    expect((await call(other, 'GET', `/contracts/${c.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/contracts/${c.id}/sign`, {})).statusCode).toBe(404);
    // the issuer may not sign for the vendor; enroll is not a step of a program contract
    expect((await call(provider, 'POST', `/contracts/${c.id}/sign`, {})).statusCode).toBe(403);
    expect((await call(vendor, 'POST', `/contracts/${c.id}/enroll`, {})).statusCode).toBe(400);
    // a second open contract under the same agreement is refused
    expect(
      (await call(provider, 'POST', `/agreements/${a.id}/contracts`, { owner: { id: idOf(vendor) } })).statusCode,
    ).toBe(409);
    const signed = await ok(t, vendor, 'POST', `/contracts/${c.id}/sign`, {}, 200);
    expect(signed.status).toBe('active');
    expect(signed.events.signed.by.id).toBeTruthy();
    expect((await call(vendor, 'POST', `/contracts/${c.id}/terminate`, {})).statusCode).toBe(403);
    const ended = await ok(
      t,
      provider,
      'POST',
      `/contracts/${c.id}/terminate`,
      { termination_note: 'Program closed' },
      200,
    );
    expect(ended).toMatchObject({ status: 'terminated', termination_note: 'Program closed' });
    expect((await call(provider, 'POST', `/contracts/${c.id}/terminate`, {})).statusCode).toBe(400);
  });

  it('service: offered to a reseller, who rejects; a pending one is deleted by the distributor only', async () => {
    const a = await agreement({ type: 'service', title: 'Reseller program' });
    const wrong = await call(provider, 'POST', `/agreements/${a.id}/contracts`, { owner: { id: idOf(vendor) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toBe('owner: a service agreement is signed by a reseller account.');
    const c = await ok(t, provider, 'POST', `/agreements/${a.id}/contracts`, { owner: { id: idOf(reseller) } });
    const rejected = await ok(t, reseller, 'POST', `/contracts/${c.id}/reject`, { note: 'Not now' }, 200);
    expect(rejected).toMatchObject({ status: 'rejected', note: 'Not now' });
    const again = await ok(t, provider, 'POST', `/agreements/${a.id}/contracts`, { owner: { id: idOf(reseller) } });
    expect((await call(reseller, 'DELETE', `/contracts/${again.id}`)).statusCode).toBe(403);
    expect((await call(provider, 'DELETE', `/contracts/${again.id}`)).statusCode).toBe(204);
  });

  it('syndication: the reseller enrolls itself; auto-accept makes it active at once', async () => {
    const manual = await agreement({ type: 'syndication', title: 'Syndication' });
    const c = await ok(t, reseller, 'POST', `/agreements/${manual.id}/contracts`, {});
    expect(c).toMatchObject({ status: 'pending', owner: { id: idOf(reseller) } });
    expect((await call(reseller, 'POST', `/contracts/${c.id}/sign`, {})).statusCode).toBe(403);
    expect(await ok(t, provider, 'POST', `/contracts/${c.id}/sign`, {}, 200)).toMatchObject({ status: 'active' });
    const auto = await agreement({ type: 'syndication', title: 'Open syndication', auto_accept: true });
    expect(await ok(t, reseller, 'POST', `/agreements/${auto.id}/contracts`, {})).toMatchObject({ status: 'active' });
    // a vendor does not enroll in syndication agreements
    expect((await call(vendor, 'GET', `/agreements/${auto.id}`)).statusCode).toBe(404);
  });

  it('distribution: the vendor enrolls, the distributor refines or approves; partnership follows the contract', async () => {
    const { mp } = await marketplaceWithHub(t, reseller, 'Reseller Europe');
    const a = await agreement(
      { type: 'distribution', title: 'Reseller distribution', marketplace: { id: mp.id } },
      reseller,
    );
    // no partnership yet: listing in that marketplace is refused
    const product = await publishedProduct(t, vendor, 'Contracted product');
    const listing = { type: 'new', product_id: product.id, marketplace_id: mp.id };
    expect((await call(vendor, 'POST', '/listing-requests', listing)).statusCode).toBe(400);

    const c = await ok(t, vendor, 'POST', `/agreements/${a.id}/contracts`, {});
    expect(c).toMatchObject({ status: 'enrolling', marketplace: { id: mp.id } });
    expect((await call(reseller, 'POST', `/contracts/${c.id}/enroll`, {})).statusCode).toBe(403);
    await ok(t, vendor, 'POST', `/contracts/${c.id}/enroll`, {}, 200);
    const refined = await ok(t, reseller, 'POST', `/contracts/${c.id}/refine`, { note: 'Add your VAT id' }, 200);
    expect(refined).toMatchObject({ status: 'enrolling', note: 'Add your VAT id' });
    await ok(t, vendor, 'POST', `/contracts/${c.id}/enroll`, {}, 200);
    const approved = await ok(t, reseller, 'POST', `/contracts/${c.id}/sign`, {}, 200);
    expect(approved.status).toBe('active');
    expect(approved.events.countersigned).toBeTruthy();

    const partnersOf = async (who: Session) =>
      (await ok(t, who, 'GET', '/partners')).find((p: any) => p.id === idOf(who === vendor ? reseller : vendor));
    expect((await partnersOf(vendor)).status).toBe('active');
    expect((await partnersOf(reseller)).status).toBe('active');
    expect((await partnersOf(vendor)).stats.contracts).toEqual({
      distribution: 1,
      program: 0,
      service: 0,
      syndication: 0,
    });
    const listed = await ok(t, vendor, 'POST', '/listing-requests', listing);
    expect(listed.status).toBe('draft');

    // terminating ends the partnership for new listings; what exists stays
    await ok(t, reseller, 'POST', `/contracts/${c.id}/terminate`, {}, 200);
    expect((await partnersOf(vendor)).status).toBe('removed');
    expect((await call(vendor, 'POST', '/listing-requests', listing)).statusCode).toBe(400);
    expect((await ok(t, vendor, 'GET', `/listing-requests/${listed.id}`)).id).toBe(listed.id);
  });

  it('enroll fills the agreement form: field errors with the shared messages, then the answers are kept', async () => {
    const draft = await ok(t, provider, 'POST', '/forms', {
      name: 'Enrolment',
      type: 'enroll',
      schema: {
        fields: [
          {
            name: 'registration_number',
            title: 'Registration',
            type: 'text',
            constraints: { required: true, min_length: 4 },
          },
          { name: 'support_email', title: 'Support e-mail', type: 'email', constraints: { required: true } },
          {
            name: 'regions',
            title: 'Regions',
            type: 'checkbox',
            constraints: {
              required: true,
              choices: [
                { value: 'emea', label: 'EMEA' },
                { value: 'na', label: 'NA' },
              ],
            },
          },
        ],
      },
    });
    const used = await call(provider, 'POST', '/agreements', {
      type: 'distribution',
      title: 'P',
      forms: { enroll: { id: draft.id } },
    });
    expect(used.json().errors[0]).toContain('is a draft');
    await ok(t, provider, 'POST', `/forms/${draft.id}/activate`, {}, 200);
    const pilot = await agreement({ type: 'distribution', title: 'Pilot', forms: { enroll: { id: draft.id } } });
    const mine = await ok(t, vendor, 'POST', `/agreements/${pilot.id}/contracts`, {});
    // before enrolling, no stranger reads the form
    expect((await call(other, 'GET', `/forms/${draft.id}`)).statusCode).toBe(404);
    // the partner reads the form it has to fill
    const form = await ok(t, vendor, 'GET', `/forms/${pilot.forms.enroll.id}`);
    expect(form.schema.fields.map((f: any) => f.name)).toContain('registration_number');
    const bad = await call(vendor, 'POST', `/contracts/${mine.id}/enroll`, {
      data: { registration_number: 'x', support_email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.fields['data.support_email']).toEqual([validation.messages.EMAIL]);
    expect(body.fields['data.regions']).toEqual(['This field is required']);
    expect(body.fields['data.registration_number'][0]).toMatch(/at least 4/);
    expect((await ok(t, vendor, 'GET', `/contracts/${mine.id}`)).status).toBe('enrolling');
    const answers = {
      registration_number: 'DE-HRB-12345',
      support_email: 'support@vendor.example',
      regions: { structured_value: { emea: true, na: true } },
    };
    const enrolled = await ok(t, vendor, 'POST', `/contracts/${mine.id}/enroll`, { data: answers }, 200);
    expect(enrolled).toMatchObject({ status: 'pending' });
    expect(enrolled.enrolled).toBeTruthy();
    const data = await ok(t, provider, 'GET', `/contracts/${mine.id}/data`);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ type: 'enroll', data: answers, form_version: { id: form.id } });
  });

  it("keeps data about the partner's products and items, written by the partner while the contract is open", async () => {
    const a = await agreement({ type: 'distribution', title: 'With product data' });
    const c = await ok(t, vendor, 'POST', `/agreements/${a.id}/contracts`, {});
    const product = await publishedProduct(t, vendor, 'Data product');
    const item = await ok(t, vendor, 'POST', `/products/${product.id}/items`, {
      name: 'Seat',
      mpn: 'SEAT-1',
      type: 'reservation',
      period: 'monthly',
      unit: { id: 'unit' },
    });
    const base = `/contracts/${c.id}/data/products`;
    const made = await ok(t, vendor, 'POST', base, { product: { id: product.id }, data: { tier: 'gold' } });
    expect(made).toMatchObject({ type: 'product', product: { id: product.id }, data: { tier: 'gold' } });
    expect((await call(vendor, 'POST', base, { product: { id: product.id }, data: {} })).statusCode).toBe(409);
    // the distributor reads it, but only the partner writes it; products of others are refused
    expect((await ok(t, provider, 'GET', `${base}/${product.id}`)).data).toEqual({ tier: 'gold' });
    expect((await call(provider, 'PUT', `${base}/${product.id}`, { data: {} })).statusCode).toBe(403);
    const foreign = await publishedProduct(t, other, 'Not theirs');
    const refused = await call(vendor, 'POST', base, { product: { id: foreign.id }, data: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toContain(`product: ${foreign.id} is not a product of`);
    await ok(t, vendor, 'PUT', `${base}/${product.id}`, { data: { tier: 'silver' } }, 200);
    const items = `${base}/${product.id}/items`;
    await ok(t, vendor, 'POST', items, { item: { id: item.id }, data: { seats: '10' } });
    expect((await ok(t, provider, 'GET', items)).map((d: any) => d.item.id)).toEqual([item.id]);
    expect((await ok(t, provider, 'GET', `/contracts/${c.id}/data`)).map((d: any) => d.type).sort()).toEqual([
      'item',
      'product',
    ]);
    // strangers see none of it
    expect((await call(other, 'GET', `/contracts/${c.id}/data`)).statusCode).toBe(404);
  });

  it('counts what waits for each side on the dashboard', async () => {
    const count = async (who: Session) =>
      (await ok(t, who, 'GET', `/accounts/${idOf(who)}/statistics`)).contracts?.count as number;
    const [v0, p0] = [await count(vendor), await count(provider)];
    // a program contract waits for the vendor to sign; a distribution enrolment for the vendor, then the distributor
    const program = await agreement({ type: 'program', title: 'Counted program' });
    const offered = await ok(t, provider, 'POST', `/agreements/${program.id}/contracts`, {
      owner: { id: idOf(vendor) },
    });
    expect([await count(vendor), await count(provider)]).toEqual([v0 + 1, p0]);
    await ok(t, vendor, 'POST', `/contracts/${offered.id}/sign`, {}, 200);
    const distribution = await agreement({ type: 'distribution', title: 'Counted distribution' });
    const enrolling = await ok(t, vendor, 'POST', `/agreements/${distribution.id}/contracts`, {});
    expect([await count(vendor), await count(provider)]).toEqual([v0 + 1, p0]);
    await ok(t, vendor, 'POST', `/contracts/${enrolling.id}/enroll`, {}, 200);
    expect([await count(vendor), await count(provider)]).toEqual([v0, p0 + 1]);
  });
});
