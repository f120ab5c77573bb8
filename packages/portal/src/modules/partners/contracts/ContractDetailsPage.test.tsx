import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contract } from '@trellis/domain/partners/contract';
import type { AuthContext } from '../../../app/session/types.ts';
import { mockApi, renderPortal } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import {
  AGREEMENT_ID,
  CONTRACT_ID,
  FORM_ID,
  PROVIDER,
  VENDOR_CONTEXT,
  agreementFixture,
  contractFixture,
  formFixture,
} from '../testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = `/contracts/${CONTRACT_ID}`;
const URL = `/partners/contracts/${CONTRACT_ID}`;
const ACTIONS = ['Enroll', 'Ask to refine', 'Sign', 'Approve', 'Reject', 'Terminate', 'Delete'];

/** The contract as the API holds it; enroll answers with `enrollAnswer` (a 400 or the moved contract). */
function api(context: AuthContext, start: Contract, enrollAnswer?: { status: number; body: unknown }) {
  let current = start;
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET ${PATH}`]: () => ({ body: current }),
    [`GET ${PATH}/data`]: () => ({ body: [] }),
    [`GET ${PATH}/versions`]: () => listBody([]),
    [`GET /agreements/${AGREEMENT_ID}`]: () => ({ body: agreementFixture() }),
    [`GET /forms/${FORM_ID}`]: () => ({ body: formFixture }),
    [`POST ${PATH}/enroll`]: () => {
      if (enrollAnswer && enrollAnswer.status !== 200) return enrollAnswer;
      current = { ...current, status: 'pending', enrolled: '2026-01-03T09:00:00Z' };
      return { body: current };
    },
    [`POST ${PATH}/sign`]: () => {
      current = {
        ...current,
        status: 'active',
        events: { ...current.events, signed: { at: '2026-01-04T09:00:00Z', by: { id: 'UR-1', name: 'Pat Provider' } } },
      };
      return { body: current };
    },
  });
}

const header = () => screen.getByRole('heading', { level: 1 }).parentElement!;
async function shownActions() {
  await screen.findByRole('heading', { level: 1, name: 'Europe distribution' });
  return ACTIONS.filter((name) => within(header()).queryByRole('button', { name }));
}
const field = (name: string) => document.querySelector(`[data-parameter-field="${name}"]`) as HTMLElement;

describe('contract details: who may act', () => {
  it('offers the vendor Enroll and Delete on its enrolling distribution contract, the distributor nothing', async () => {
    api(VENDOR_CONTEXT, contractFixture());
    renderPortal(URL);
    expect(await shownActions()).toEqual(['Enroll', 'Delete']);
    cleanup();
    api(PROVIDER, contractFixture());
    renderPortal(URL);
    expect(await shownActions()).toEqual([]);
  });

  it('calls the distributor\'s signature "Approve" on a pending distribution contract, next to refine and reject', async () => {
    const calls = api(PROVIDER, contractFixture({ status: 'pending', enrolled: '2026-01-03T09:00:00Z' }));
    renderPortal(URL);
    expect(await shownActions()).toEqual(['Ask to refine', 'Approve', 'Reject']);
    fireEvent.click(within(header()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve contract' });
    expect(dialog.textContent).toContain('Approve the enrolment of Demo Vendor');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(`Contract ${CONTRACT_ID} is active.`)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${PATH}/sign`)).toBe(true);
  });

  it('lets the vendor "Sign" a program contract offered to it; the vendor sees no approval of its own enrolment', async () => {
    api(VENDOR_CONTEXT, contractFixture({ type: 'program', status: 'pending', creator: contractFixture().issuer }));
    renderPortal(URL);
    expect(await shownActions()).toEqual(['Sign', 'Reject']);
    cleanup();
    api(VENDOR_CONTEXT, contractFixture({ status: 'pending' }));
    renderPortal(URL);
    expect(await shownActions()).toEqual([]);
  });
});

describe('contract details: enroll with the agreement form', () => {
  it('checks the form before posting: required fields and accepting the terms', async () => {
    const calls = api(VENDOR_CONTEXT, contractFixture());
    renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Enroll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enroll' });
    await waitFor(() => expect(field('company')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enroll' }));
    expect(await within(field('company')).findByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('Accept the terms to enroll.')).toBeTruthy();
    expect(calls.some((c) => c.path === `${PATH}/enroll`)).toBe(false);
  });

  it("shows the server's per-field messages of a 400 on their fields", async () => {
    const calls = api(VENDOR_CONTEXT, contractFixture(), {
      status: 400,
      body: {
        error_code: 'VAL_001',
        errors: ['data.website: Enter a valid URL'],
        fields: { 'data.website': ['Enter a valid URL'] },
      },
    });
    renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Enroll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enroll' });
    await waitFor(() => expect(field('company')).toBeTruthy());
    fireEvent.change(within(field('company')).getByRole('textbox'), { target: { value: 'Demo Vendor GmbH' } });
    fireEvent.change(within(field('website')).getByRole('textbox'), { target: { value: 'https://vendor.example' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enroll' }));
    expect(await within(field('website')).findByText('Enter a valid URL')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Some fields are not valid: fix the ones marked below.');
    const posted = calls.find((c) => c.path === `${PATH}/enroll`)!.body as { data: Record<string, { value: string }> };
    expect(posted.data.company.value).toBe('Demo Vendor GmbH');
    expect(posted.data.website.value).toBe('https://vendor.example');
  });

  it('enrolls: the contract then waits for the distributor', async () => {
    api(VENDOR_CONTEXT, contractFixture());
    renderPortal(URL);
    await shownActions();
    fireEvent.click(within(header()).getByRole('button', { name: 'Enroll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enroll' });
    await waitFor(() => expect(field('company')).toBeTruthy());
    fireEvent.change(within(field('company')).getByRole('textbox'), { target: { value: 'Demo Vendor GmbH' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enroll' }));
    expect(await screen.findByText('Enrolled: Demo Provider reviews the contract.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('step-signed').getAttribute('data-state')).toBe('current'));
    expect(screen.getByText('Waiting for Demo Provider to approve.')).toBeTruthy();
  });
});

describe('contract details: timeline', () => {
  it('shows what happened when and by whom, and what the contract waits for', async () => {
    api(VENDOR_CONTEXT, contractFixture());
    renderPortal(URL);
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const state = (key: string) => within(timeline).getByTestId(`step-${key}`).getAttribute('data-state');
    expect([state('created'), state('enrolled'), state('signed'), state('terminated')]).toEqual([
      'done',
      'current',
      'upcoming',
      'upcoming',
    ]);
    expect(within(timeline).getByText('Vera Vendor · Demo Vendor')).toBeTruthy();
    expect(within(timeline).getByText('Waiting for Demo Vendor to fill in the form and enroll.')).toBeTruthy();
  });

  it('greys the path a rejection did not take', async () => {
    api(
      VENDOR_CONTEXT,
      contractFixture({
        status: 'rejected',
        enrolled: '2026-01-03T09:00:00Z',
        note: 'Incomplete company data',
        events: {
          created: { at: '2026-01-02T10:00:00Z' },
          enrolled: { at: '2026-01-03T09:00:00Z', by: { id: 'UR-2', name: 'Vera Vendor' } },
          rejected: { at: '2026-01-04T09:00:00Z', by: { id: 'UR-1', name: 'Pat Provider' } },
        },
      }),
    );
    renderPortal(URL);
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const steps = within(timeline).getAllByTestId(/^step-/);
    expect(steps.map((s) => [s.dataset.testid, s.dataset.state])).toEqual([
      ['step-created', 'done'],
      ['step-enrolled', 'done'],
      ['step-rejected', 'failed'],
      ['step-signed', 'skipped'],
      ['step-terminated', 'skipped'],
    ]);
    expect(within(timeline).getByText('Pat Provider · Demo Provider')).toBeTruthy();
    expect(within(timeline).getByText('Incomplete company data')).toBeTruthy();
  });
});
