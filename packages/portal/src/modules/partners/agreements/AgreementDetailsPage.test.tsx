import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agreement } from '@trellis/domain/partners/agreement';
import type { AuthContext } from '../../../app/session/types.ts';
import { mockApi, renderPortal } from '../../../test-utils.tsx';
import { partnerFixture } from '../../distribution/common/testing.tsx';
import { listBody } from '../../identity/testing.tsx';
import {
  AGREEMENT_ID,
  CONTRACT_ID,
  PROVIDER,
  VENDOR_CONTEXT,
  agreementFixture,
  contractFixture,
  vendor,
  versionFixture,
} from '../testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = `/agreements/${AGREEMENT_ID}`;
const URL = `/partners/agreements/${AGREEMENT_ID}`;

function api(context: AuthContext, agreement: Agreement, contracts = [] as ReturnType<typeof contractFixture>[]) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET ${PATH}`]: () => ({ body: agreement }),
    [`GET ${PATH}/contracts`]: () => listBody(contracts),
    [`POST ${PATH}/contracts`]: (c) => ({
      status: 201,
      body: contractFixture({
        ...(c.body && (c.body as { owner?: unknown }).owner
          ? { type: 'program', status: 'pending', owner: vendor, creator: agreement.owner }
          : {}),
      }),
    }),
    [`GET ${PATH}/versions`]: () => listBody([versionFixture()]),
    [`GET ${PATH}/versions/1`]: () => ({ body: versionFixture() }),
    [`GET ${PATH}/versions/1/document`]: () => ({
      body: '<h1>Terms</h1><p>Be nice.</p>',
      headers: { 'content-type': 'text/html' },
    }),
    [`GET /contracts/${CONTRACT_ID}`]: () => ({ body: contractFixture() }),
    [`GET /contracts/${CONTRACT_ID}/data`]: () => ({ body: [] }),
    'GET /partners': () =>
      listBody([partnerFixture({ id: vendor.id, name: 'Demo Vendor', type: 'vendor', status: 'active' })]),
  });
}
const header = () => screen.getByRole('heading', { level: 1 }).parentElement!;

describe('agreement details', () => {
  it("shows the active version's document in a sandboxed frame", async () => {
    api(VENDOR_CONTEXT, agreementFixture());
    renderPortal(`${URL}?tab=document`);
    const frame = (await screen.findByTitle('Europe distribution, version 1')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Terms</h1>');
  });

  it('lets a vendor enroll in a distribution agreement: its contract is created and opened', async () => {
    const calls = api(VENDOR_CONTEXT, agreementFixture());
    const { router } = renderPortal(URL);
    await screen.findByRole('heading', { level: 1, name: 'Europe distribution' });
    expect(within(header()).queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(await within(header()).findByRole('button', { name: 'Enroll' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/partners/contracts/${CONTRACT_ID}`));
    expect(calls.find((c) => c.method === 'POST' && c.path === `${PATH}/contracts`)!.body).toEqual({});
    expect(
      await screen.findByText(`Contract ${CONTRACT_ID} was created: fill in the enrolment form and enroll.`),
    ).toBeTruthy();
  });

  it('opens the open contract instead of enrolling twice', async () => {
    api(VENDOR_CONTEXT, agreementFixture(), [contractFixture()]);
    renderPortal(URL);
    await screen.findByRole('heading', { level: 1, name: 'Europe distribution' });
    expect(await within(header()).findByRole('button', { name: 'Open my contract' })).toBeTruthy();
    expect(within(header()).queryByRole('button', { name: 'Enroll' })).toBeNull();
  });

  it('lets the distributor offer a program contract to one of its vendors', async () => {
    const calls = api(PROVIDER, agreementFixture({ type: 'program', marketplace: undefined }));
    const { router } = renderPortal(URL);
    await screen.findByRole('heading', { level: 1, name: 'Europe distribution' });
    expect(within(header()).queryByRole('button', { name: 'Enroll' })).toBeNull();
    fireEvent.click(within(header()).getByRole('button', { name: 'Offer contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer contract' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Offer' }));
    expect(await within(dialog).findByText('Choose the vendor to offer the contract to.')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Partner' }));
    fireEvent.click(await screen.findByRole('option', { name: `Demo Vendor (${vendor.id})` }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Offer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/partners/contracts/${CONTRACT_ID}`));
    expect(calls.find((c) => c.method === 'POST' && c.path === `${PATH}/contracts`)!.body).toEqual({
      owner: { id: vendor.id },
    });
  });
});
