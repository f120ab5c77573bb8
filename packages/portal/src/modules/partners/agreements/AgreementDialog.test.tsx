import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal } from '../../../test-utils.tsx';
import { marketplaceFixture } from '../../distribution/common/testing.tsx';
import { listBody } from '../../identity/testing.tsx';
import { AGREEMENT_ID, FORM_ID, PROVIDER, agreementFixture, formFixture, versionFixture } from '../testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function api() {
  return mockApi({
    'GET /auth/context': () => ({ body: PROVIDER }),
    'GET /agreements': () => listBody([]),
    'POST /agreements': () => ({ status: 201, body: agreementFixture() }),
    'GET /marketplaces': () => listBody([marketplaceFixture()]),
    'GET /forms': () => listBody([formFixture]),
    [`GET /agreements/${AGREEMENT_ID}`]: () => ({ body: agreementFixture() }),
    [`GET /agreements/${AGREEMENT_ID}/versions/1`]: () => ({ body: versionFixture() }),
  });
}

const choose = async (dialog: HTMLElement, label: string, option: string) => {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('create agreement', () => {
  it('asks for a title and the marketplace of a distribution agreement, previews the text, then creates it', async () => {
    const calls = api();
    const { router } = renderPortal('/partners/agreements');
    // the partners page is the first to load in this file: give its tabs time to compile
    fireEvent.click(await screen.findByRole('button', { name: 'Create agreement' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create agreement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose the marketplace it covers.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Europe distribution' },
    });
    await choose(dialog, 'Marketplace', 'Provider Europe (MP-12345)');
    await choose(dialog, 'Enroll form', `Distribution enrolment (${FORM_ID})`);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Document (Markdown)' }), {
      target: { value: '# Terms\n\nBe **nice**.' },
    });
    await waitFor(() =>
      expect(within(dialog).getByTitle('Preview').getAttribute('srcdoc')).toContain('<h1>Terms</h1>'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/partners/agreements/${AGREEMENT_ID}`));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/agreements')!.body).toEqual({
      type: 'distribution',
      title: 'Europe distribution',
      description: '',
      auto_accept: false,
      marketplace: { id: 'MP-12345' },
      forms: { enroll: { id: FORM_ID } },
      document: { format: 'markdown', text: '# Terms\n\nBe **nice**.' },
      active: true,
    });
    expect(await screen.findByText(`Agreement ${AGREEMENT_ID} was created and version 1 is active.`)).toBeTruthy();
  }, 45_000);
});
