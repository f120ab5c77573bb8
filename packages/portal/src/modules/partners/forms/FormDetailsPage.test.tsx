import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgreementForm } from '@trellis/domain/partners/form';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { PROVIDER } from '../../catalog/common/testing.tsx';
import { listBody } from '../../identity/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const at = '2026-01-02T10:00:00Z';
const by = { id: 'UR-500-600-700', name: 'Pat Provider' };
const form: AgreementForm = {
  id: 'FRM-100-200-300',
  version: 1,
  name: 'Distribution enrolment',
  type: 'enroll',
  status: 'draft',
  schema: {
    fields: [
      { name: 'support_email', title: 'Support e-mail', type: 'email', position: 0, constraints: { required: true } },
    ],
  },
  owner: { id: PROVIDER.account.id, name: PROVIDER.account.name },
  events: { created: { at, by }, updated: { at, by } },
};

function api(opts: { refuse?: boolean } = {}) {
  let current = form;
  const versions = [form];
  return mockApi({
    'GET /auth/context': () => ({ body: PROVIDER }),
    'GET /forms': () => listBody([current]),
    [`GET /forms/${form.id}`]: () => ({ body: current }),
    [`GET /forms/${form.id}/versions`]: () => listBody([...versions].reverse()),
    [`PUT /forms/${form.id}`]: (c) => {
      if (opts.refuse)
        return {
          status: 400,
          body: {
            error_code: 'VAL_001',
            errors: ['schema.fields.1.constraints.choices: At least one choice is required for a choice parameter.'],
          },
        };
      current = { ...current, ...(c.body as object), version: current.version + 1 };
      versions.push(current);
      return { body: current };
    },
  });
}

/** Add a text field named `name` through the builder's dialog. */
async function addField(name: string, title: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Add field' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add field' }));
  fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: name } });
  fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: title } });
  fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('form details', () => {
  it('builds the fields and saves them as a new version, which the Versions tab lists', async () => {
    const calls = api();
    renderPortal(`/partners/forms/${form.id}?tab=fields`);
    expect(await screen.findByRole('button', { name: 'Edit Support e-mail' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await addField('registration_number', 'Registration number');
    expect(screen.getByText('Unsaved changes. Saving makes version 2.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('main').textContent).toContain('now at version 2'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.body as AgreementForm).schema.fields.map((f) => f.name)).toEqual([
      'support_email',
      'registration_number',
    ]);

    fireEvent.click(screen.getByRole('tab', { name: 'Versions' }));
    const table = await screen.findByRole('table', { name: 'Versions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  });

  it("shows a refused save's messages on the field they name", async () => {
    api({ refuse: true });
    renderPortal(`/partners/forms/${form.id}?tab=fields`);
    await addField('registration_number', 'Registration number');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('constraints.choices: At least one choice is required for a choice parameter.'),
    ).toBeTruthy();
  });

  it('previews the form as partners fill it, with the shared messages', async () => {
    api();
    renderPortal(`/partners/forms/${form.id}?tab=preview`);
    fireEvent.click(await screen.findByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByText('Some answers need attention.')).toBeTruthy();
  });

  it('lists the forms for a distributor and hides the tab from vendors', async () => {
    api();
    renderPortal('/partners/forms');
    expect(await screen.findByText('Distribution enrolment')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create form' })).toBeTruthy();
    cleanup();
    mockApi({ 'GET /auth/context': () => ({ body: VENDOR_CONTEXT }), 'GET /partners': () => listBody([]) });
    renderPortal('/partners/forms');
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Partners' })).toBeTruthy());
    expect(screen.queryByRole('tab', { name: 'Forms' })).toBeNull();
  });
});
