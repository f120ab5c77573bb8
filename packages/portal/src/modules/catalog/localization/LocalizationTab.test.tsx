import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { PRODUCT_ID, PROVIDER_CONTEXT, product, renderSignedIn } from '../parameters/testing.tsx';
import { draftKey } from './draftStore.ts';
import { LocalizationTab } from './LocalizationTab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const VENDOR = { id: 'VA-100-200', name: 'Demo Vendor' };
const PROVIDER = { id: 'PA-500-600', name: 'Demo Provider' };
const tr = (
  id: string,
  locale: string,
  name: string,
  owner: typeof VENDOR,
  me: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  locale: { id: locale, name },
  owner,
  owned: owner.id === me,
  primary: false,
  status: 'inactive',
  description: null,
  auto: { enabled: false },
  stats: { total: 2, translated: 0 },
  context: { id: 'LCX-1', instance_id: PRODUCT_ID, name: 'Cloud Backup', icon: null, type: 'product' },
  events: {},
  ...extra,
});

const attrs = (translationId: string) => [
  {
    key: `product.${PRODUCT_ID}.name`,
    original: 'Cloud Backup',
    value: null,
    status: 'untranslated',
    comment: null,
    auto_translated: false,
    object: { id: PRODUCT_ID, model: 'product' },
    translation: { id: translationId },
    events: {},
  },
  {
    key: `product.${PRODUCT_ID}.short_description`,
    original: 'Backups',
    value: 'Sauvegardes',
    status: 'translated',
    comment: null,
    auto_translated: false,
    object: { id: PRODUCT_ID, model: 'product' },
    translation: { id: translationId },
    events: {},
  },
];

const rowOf = (locale: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(`(${locale})`))!;
const buttonsOf = (locale: string) =>
  within(rowOf(locale))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('LocalizationTab as the vendor', () => {
  const list = () => [
    tr('TRN-1', 'EN', 'English', VENDOR, VENDOR.id, {
      primary: true,
      status: 'active',
      stats: { total: 2, translated: 2 },
    }),
    tr('TRN-2', 'FR', 'French', VENDOR, VENDOR.id),
  ];

  it('offers the actions each state and translationAccess allow', async () => {
    mockApi({
      [`GET /products/${PRODUCT_ID}`]: () => ({ body: product }),
      'GET /localization/translations': () => listBody(list()),
    });
    renderSignedIn(<LocalizationTab productId={PRODUCT_ID} readOnly={false} />);
    await screen.findByText('French (FR)');
    expect(screen.getByRole('button', { name: 'Add translation' })).toBeTruthy();
    // Primary: editable, clonable; never deleted or made primary again.
    expect(buttonsOf('EN')).toEqual(['Edit', 'Clone']);
    // Inactive: activate or delete; make primary only once active.
    expect(buttonsOf('FR')).toEqual(['Edit', 'Activate', 'Clone', 'Delete']);
  });

  it('keeps unsaved attribute text in session storage per product, across a reload, until saved', async () => {
    const calls = mockApi({
      [`GET /products/${PRODUCT_ID}`]: () => ({ body: product }),
      'GET /localization/translations': () => listBody(list()),
      'GET /localization/translations/TRN-2/attributes': () => listBody(attrs('TRN-2')),
      'PUT /localization/translations/TRN-2/attributes': (c) => ({
        body: (c.body as { key: string }[]).map((e) => ({ ...attrs('TRN-2')[0], ...e })),
      }),
    });
    const first = renderSignedIn(<LocalizationTab productId={PRODUCT_ID} readOnly={false} />, {
      url: `/products/${PRODUCT_ID}/localization`,
    });
    await screen.findByText('French (FR)');
    fireEvent.click(within(rowOf('FR')).getByRole('button', { name: 'Edit' }));
    const nameKey = `product.${PRODUCT_ID}.name`;
    const box = await screen.findByLabelText(`Value of ${nameKey}`);
    fireEvent.change(box, { target: { value: 'Sauvegarde Cloud' } });
    expect(JSON.parse(sessionStorage.getItem(draftKey(PRODUCT_ID))!)).toEqual({
      'TRN-2': { [nameKey]: 'Sauvegarde Cloud' },
    });
    expect(screen.getByText(/1 unsaved change/)).toBeTruthy();
    first.unmount();

    // "Reload": a fresh page on the same translation finds the text again.
    renderSignedIn(<LocalizationTab productId={PRODUCT_ID} readOnly={false} />, {
      url: `/products/${PRODUCT_ID}/localization?translation=TRN-2`,
    });
    const again = (await screen.findByLabelText(`Value of ${nameKey}`)) as HTMLTextAreaElement;
    expect(again.value).toBe('Sauvegarde Cloud');
    expect(within(rowOf('FR')).getByText('Unsaved')).toBeTruthy();
    // Another product has its own drafts.
    expect(sessionStorage.getItem(draftKey('PRD-999-999-999'))).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved 1 attribute.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual([{ key: nameKey, value: 'Sauvegarde Cloud' }]);
    expect(sessionStorage.getItem(draftKey(PRODUCT_ID))).toBeNull();
  });

  it('adds a translation through the product localizations', async () => {
    const calls = mockApi({
      [`GET /products/${PRODUCT_ID}`]: () => ({ body: product }),
      'GET /localization/translations': () => listBody(list()),
      'GET /localization/locales': () =>
        listBody([
          { id: 'DE', name: 'German' },
          { id: 'EN', name: 'English' },
          { id: 'FR', name: 'French' },
        ]),
      [`POST /products/${PRODUCT_ID}/localizations`]: () => ({
        status: 201,
        body: { id: 'DE', locale: { id: 'DE', name: 'German' }, translation: { id: 'TRN-3' } },
      }),
    });
    renderSignedIn(<LocalizationTab productId={PRODUCT_ID} readOnly={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add translation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add translation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    // EN and FR are taken: only German is offered
    await waitFor(() => {
      fireEvent.mouseDown(within(screen.getByRole('dialog')).getByRole('combobox', { name: /^Locale/ }));
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['German (DE)']);
    });
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'German (DE)' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ locale: { id: 'DE' }, description: null });
  });
});

describe('LocalizationTab as a provider', () => {
  const list = () => [
    tr('TRN-1', 'EN', 'English', VENDOR, PROVIDER.id, { primary: true, status: 'active' }),
    tr('TRN-9', 'DE', 'German', PROVIDER, PROVIDER.id, { auto: { enabled: true, status: 'failed' } }),
  ];

  it("edits only its own translations: the vendor's are viewed and cloned, never changed", async () => {
    mockApi({
      [`GET /products/${PRODUCT_ID}`]: () => ({ body: product }),
      'GET /localization/translations': () => listBody(list()),
      'GET /localization/translations/TRN-1/attributes': () => listBody(attrs('TRN-1')),
    });
    renderSignedIn(<LocalizationTab productId={PRODUCT_ID} readOnly />, { context: PROVIDER_CONTEXT });
    await screen.findByText('German (DE)');
    expect(buttonsOf('EN')).toEqual(['View', 'Clone']);
    // Own translation: activate, retry the failed machine translation, delete; make primary is the vendor's.
    expect(buttonsOf('DE')).toEqual(['Edit', 'Activate', 'Retry', 'Clone', 'Delete']);
    expect(screen.getByRole('button', { name: 'Add translation' })).toBeTruthy();

    fireEvent.click(within(rowOf('EN')).getByRole('button', { name: 'View' }));
    await screen.findByText('Sauvegardes');
    expect(screen.queryByLabelText(/^Value of/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload xlsx' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download xlsx' })).toBeTruthy();
  });

  it('without the localization module it explains instead of calling the API', async () => {
    const calls = mockApi({ [`GET /products/${PRODUCT_ID}`]: () => ({ body: product }) });
    const ctx = { ...PROVIDER_CONTEXT, permissions: ['MD-0002'] };
    renderSignedIn(<LocalizationTab productId={PRODUCT_ID} readOnly />, { context: ctx });
    expect(await screen.findByText('Translations need the localization permission (MD-0012).')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/localization'))).toBe(false);
  });
});
