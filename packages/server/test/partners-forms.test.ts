import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { DEMO_ENROLL_FORM } from '../src/db/seed/demo-forms.ts';
import { addMember, createAccount, createUser } from '../src/modules/identity/accounts/service.ts';
import { seedDemoForms } from '../src/db/seed/demo-forms.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

const API = '/public/v1';
let t: TestApp;
let vendor: Session;
let provider: Session;
let otherProvider: Session;

beforeAll(async () => {
  t = await testApp();
  const op = await createAccount(t.db, { name: 'Other Provider', type: 'provider' });
  const user = await createUser(t.db, { email: 'oscar@forms.test', name: 'Oscar Other', password: DEMO_PASSWORD });
  await addMember(t.db, op.account.id, user.id, { groups: [op.adminGroup.id] });
  [vendor, provider, otherProvider] = await Promise.all([
    t.login('vendor@demo.trellis'),
    t.login('provider@demo.trellis'),
    t.login('oscar@forms.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.call(who, { method, url: `${API}${path}`, ...(payload ? { payload } : {}) });

const email = { name: 'support_email', title: 'Support e-mail', type: 'email', constraints: { required: true } };
const regions = {
  name: 'regions',
  title: 'Regions served',
  type: 'checkbox',
  constraints: {
    choices: [
      { value: 'emea', label: 'EMEA' },
      { value: 'na', label: 'North America' },
    ],
  },
};

async function createForm(fields: object[] = [email], name = 'Vendor onboarding') {
  const res = await call(provider, 'POST', '/forms', { name, type: 'enroll', schema: { fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** An agreement of Demo Provider using the form, and (optionally) a contract Demo Vendor holds under it. */
async function attach(formId: string, opts: { contract?: boolean } = {}) {
  const n = Math.floor(Math.random() * 1e9);
  const id = `AGP-${String(n)
    .padStart(9, '0')
    .replace(/(\d{3})(\d{3})(\d{3})/, '$1-$2-$3')}`;
  const now = new Date().toISOString();
  await t.db
    .insertInto('agreements')
    .values({
      id,
      account_id: t.demo.provider.id,
      type: 'distribution',
      title: 'Reseller terms',
      active: true,
      parent_id: null,
      marketplace_id: null,
      created_at: now,
      updated_at: now,
      data: JSON.stringify({ id, title: 'Reseller terms', forms: { enroll: { id: formId, type: 'enroll' } } }),
    })
    .execute();
  if (opts.contract) {
    await t.db
      .insertInto('contracts')
      .values({
        id: `CT-${String(n).slice(0, 4).padStart(4, '0')}-0000-0001`,
        account_id: t.demo.provider.id,
        owner_id: t.demo.vendor.id,
        agreement_id: id,
        type: 'distribution',
        status: 'enrolling',
        version: 1,
        marketplace_id: null,
        created_at: now,
        updated_at: now,
        data: JSON.stringify({}),
      })
      .execute();
  }
  return id;
}

describe('custom forms', () => {
  it('creates a draft form of the provider, version 1, with its fields as given and the first version kept', async () => {
    const form = await createForm([email, regions]);
    expect(form).toMatchObject({
      id: expect.stringMatching(/^FRM-\d{3}-\d{3}-\d{3}$/),
      version: 1,
      name: 'Vendor onboarding',
      type: 'enroll',
      status: 'draft',
      owner: { id: t.demo.provider.id },
      schema: { fields: [{ name: 'support_email', type: 'email', constraints: { required: true } }, regions] },
    });
    expect(form.events.created.by.id).toBeTruthy();
    const versions = await call(provider, 'GET', `/forms/${form.id}/versions`);
    expect(versions.json()).toEqual([expect.objectContaining({ id: form.id, version: 1, name: 'Vendor onboarding' })]);
    const listed = await call(provider, 'GET', `/forms?eq(id,${form.id})&eq(type,enroll)&ilike(name,*onboarding*)`);
    expect(listed.json().map((f: { id: string }) => f.id)).toEqual([form.id]);
  });

  it('bumps the version on each change of name or fields and keeps every earlier version readable', async () => {
    const form = await createForm();
    const renamed = await call(provider, 'PUT', `/forms/${form.id}`, { name: 'Vendor onboarding 2026' });
    expect(renamed.json()).toMatchObject({ version: 2, name: 'Vendor onboarding 2026' });
    const more = await call(provider, 'PUT', `/forms/${form.id}`, { schema: { fields: [email, regions] } });
    expect(more.json()).toMatchObject({ version: 3 });
    expect(more.json().schema.fields.map((f: { name: string }) => f.name)).toEqual(['support_email', 'regions']);
    // the same content again is no new version
    const same = await call(provider, 'PUT', `/forms/${form.id}`, { name: 'Vendor onboarding 2026' });
    expect(same.json().version).toBe(3);

    const versions = (await call(provider, 'GET', `/forms/${form.id}/versions`)).json();
    expect(versions.map((v: { version: number; name: string }) => [v.version, v.name])).toEqual([
      [3, 'Vendor onboarding 2026'],
      [2, 'Vendor onboarding 2026'],
      [1, 'Vendor onboarding'],
    ]);
    const first = await call(provider, 'GET', `/forms/${form.id}/versions/1`);
    expect(first.json()).toMatchObject({ version: 1, name: 'Vendor onboarding', schema: { fields: [email] } });
    expect((await call(provider, 'GET', `/forms/${form.id}/versions/9`)).statusCode).toBe(404);
    expect((await call(provider, 'GET', `/forms/${form.id}/versions/latest`)).statusCode).toBe(404);
  });

  it('refuses invalid field definitions with a message on each field', async () => {
    const res = await call(provider, 'POST', '/forms', {
      name: 'Broken',
      schema: {
        fields: [
          email,
          { ...email, title: 'Again' },
          { name: 'plan', title: 'Plan', type: 'choice' },
          { name: 'code', title: 'Code', type: 'text', constraints: { min_length: 9, max_length: 3 } },
          { name: 'region_note', title: 'Note', constraints: { dependency: { parameter: { name: 'nowhere' } } } },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        "schema.fields.1.name: Field 1 is already named 'support_email'; names must be unique.",
        'schema.fields.2.constraints.choices: At least one choice is required for a choice parameter.',
        'schema.fields.3.constraints.min_length: Minimum length (9) must not exceed maximum length (3).',
        "schema.fields.4.constraints.dependency.parameter: Parameter 'nowhere' does not exist in this form.",
      ]),
    );
    expect(res.json().fields['schema.fields.2.constraints.choices']).toEqual([
      'At least one choice is required for a choice parameter.',
    ]);
    // a malformed field is named, and never a 5xx
    const malformed = await call(provider, 'POST', '/forms', {
      name: 'Broken',
      schema: { fields: [email, { name: '1st', title: '' }, { name: 5, constraints: { choices: 'x' } }] },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual(
      expect.arrayContaining([
        'schema.fields.1.name: Use letters, digits, underscores and hyphens, starting with a letter',
        'schema.fields.1.title: This field is required',
      ]),
    );
    // an update is checked the same way, and nothing changes
    const form = await createForm();
    const bad = await call(provider, 'PUT', `/forms/${form.id}`, {
      schema: { fields: [{ name: 'plan', title: 'Plan', type: 'dropdown' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      'schema.fields.0.constraints.choices: At least one choice is required for a dropdown parameter.',
    ]);
    expect((await call(provider, 'GET', `/forms/${form.id}`)).json()).toMatchObject({ version: 1 });
  });

  it('activates a form once it asks something; a form of headings only cannot be activated', async () => {
    const empty = await createForm([{ name: 'intro', title: 'Welcome', type: 'heading' }]);
    const refused = await call(provider, 'POST', `/forms/${empty.id}/activate`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['Add at least one field that asks for an answer first.']);
    const form = await createForm();
    const active = await call(provider, 'POST', `/forms/${form.id}/activate`, {});
    expect(active.json()).toMatchObject({ status: 'active', version: 1 });
    expect((await call(provider, 'POST', `/forms/${form.id}/activate`, {})).statusCode).toBe(400);
  });

  it('refuses to delete a form an agreement uses, naming the agreement; deletes an unused one', async () => {
    const used = await createForm();
    const agreement = await attach(used.id);
    const refused = await call(provider, 'DELETE', `/forms/${used.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toContain(`agreement ${agreement} (Reseller terms)`);
    expect((await call(provider, 'GET', `/forms/${used.id}`)).statusCode).toBe(200);
    // nor may its type change under the agreement
    const retype = await call(provider, 'PUT', `/forms/${used.id}`, { type: 'product' });
    expect(retype.statusCode).toBe(400);
    expect(retype.json().errors[0]).toContain(agreement);

    const unused = await createForm();
    expect((await call(provider, 'DELETE', `/forms/${unused.id}`)).statusCode).toBe(204);
    expect((await call(provider, 'GET', `/forms/${unused.id}`)).statusCode).toBe(404);
    expect((await call(provider, 'GET', `/forms/${unused.id}/versions`)).statusCode).toBe(404);
  });

  it("hides a provider's forms from another tenant (404 before the body is read)", async () => {
    const form = await createForm();
    for (const [method, path, body] of [
      ['GET', `/forms/${form.id}`, undefined],
      ['PUT', `/forms/${form.id}`, { name: '' }],
      ['DELETE', `/forms/${form.id}`, undefined],
      ['POST', `/forms/${form.id}/activate`, {}],
      ['GET', `/forms/${form.id}/versions`, undefined],
      ['GET', `/forms/${form.id}/versions/1`, undefined],
    ] as const) {
      const res = await call(otherProvider, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const list = (await call(otherProvider, 'GET', '/forms')).json();
    expect(list.map((f: { id: string }) => f.id)).not.toContain(form.id);
    expect((await call(vendor, 'GET', `/forms/${form.id}`)).statusCode).toBe(404);
  });

  it('lets a vendor read, never write, the form of an agreement it holds a contract under', async () => {
    const form = await createForm();
    await attach(form.id, { contract: true });
    expect((await call(vendor, 'GET', `/forms/${form.id}`)).json()).toMatchObject({ id: form.id, version: 1 });
    expect((await call(vendor, 'GET', `/forms/${form.id}/versions/1`)).statusCode).toBe(200);
    expect((await call(vendor, 'GET', '/forms')).json().map((f: { id: string }) => f.id)).toContain(form.id);
    const put = await call(vendor, 'PUT', `/forms/${form.id}`, { name: 'Mine now' });
    expect(put.statusCode).toBe(403);
    expect((await call(vendor, 'DELETE', `/forms/${form.id}`)).statusCode).toBe(403);
  });

  it('refuses a vendor creating a form (403)', async () => {
    const res = await call(vendor, 'POST', '/forms', { name: 'Vendor form', schema: { fields: [email] } });
    expect(res.statusCode).toBe(403);
  });

  it('seeds the demo distributor an active enroll form by the name the agreement seed looks for', async () => {
    const { enrollForm } = await seedDemoForms(t.app);
    const found = (await call(provider, 'GET', `/forms?eq(name,${encodeURIComponent(DEMO_ENROLL_FORM)})`)).json();
    expect(found.map((f: { id: string }) => f.id)).toContain(enrollForm.id);
    const form = found.find((f: { id: string }) => f.id === enrollForm.id);
    expect(form).toMatchObject({ status: 'active', type: 'enroll' });
    const required = form.schema.fields.filter((f: any) => f.constraints?.required).map((f: any) => f.name);
    expect(required).toEqual(expect.arrayContaining(['registration_number', 'support_email']));
  });
});
