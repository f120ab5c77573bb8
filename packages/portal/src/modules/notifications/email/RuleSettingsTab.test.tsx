import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RuleSetting } from '@trellis/domain/notifications/rule-setting';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { RULE_ID, SUBSCRIPTION_ID, settingFixture, subscriptionFixture } from './testing.ts';

// Settings › E-mail: the account's subscriptions switched on and off, and the user's own opt-outs.

beforeAll(async () => {
  await import('./EmailSettingsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SETTINGS = '/notifications/subscriptions/-/rules/-/settings';

describe('e-mail settings', () => {
  it('opts the user out of a rule and back in through the rule’s setting', async () => {
    let stored: RuleSetting = settingFixture();
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET ${SETTINGS}`]: () =>
        listBody([stored, settingFixture({ id: 'NR-9', rule: { id: 'NR-9', name: 'Not me' }, reaches: [] })]),
      [`PUT ${SETTINGS}/${RULE_ID}`]: (c: Call) => {
        stored = { ...stored, ...(c.body as Partial<RuleSetting>) };
        return { body: stored };
      },
    });
    renderPortal('/settings/email/settings');
    const toggle = (await screen.findByRole('switch', { name: 'Mail me: New orders' })) as HTMLInputElement;
    // each rule says whether, and how, it mails the user
    expect(screen.getByText(/Mails you through a group you are in, when a request is assigned to you$/)).toBeTruthy();
    expect(screen.getByText(/· Does not mail you$/)).toBeTruthy();
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(await screen.findByText('You no longer get the mails of "New orders".')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(false));
    fireEvent.click(toggle);
    expect(await screen.findByText('You get the mails of "New orders" again.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT' && c.path.startsWith(SETTINGS)).map((c) => [c.path, c.body])).toEqual(
      [
        [`${SETTINGS}/${RULE_ID}`, { value: 'disabled' }],
        [`${SETTINGS}/${RULE_ID}`, { value: 'enabled' }],
      ],
    );
  });

  it('lists the account’s subscriptions and switches one off', async () => {
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /notifications/subscriptions': () => listBody([subscriptionFixture()]),
      [`PUT /notifications/subscriptions/${SUBSCRIPTION_ID}`]: (c: Call) => ({
        body: subscriptionFixture(c.body as { enabled: boolean }),
      }),
    });
    renderPortal('/settings/email');
    fireEvent.click(await screen.findByRole('switch', { name: 'Enabled: Fulfillment request created' }));
    expect(await screen.findByText('Fulfillment request created: disabled, none of its rules mails.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.path.startsWith('/notifications'))!.body).toEqual({
      enabled: false,
    });
  });
});
