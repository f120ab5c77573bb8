import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationRule } from '@trellis/domain/notifications/rule';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import {
  GROUPS,
  MEMBERS,
  PREVIEW_CONTEXT,
  RULE_ID,
  SUBSCRIPTION_ID,
  previewFixture,
  ruleFixture,
  subscriptionFixture,
} from './testing.ts';

// Settings › E-mail › a subscription's rules: the editor checks the form with the domain's rules, sends the rule as
// the API takes it, shows the server's rendering of the template as it is typed, and mails a test to the user.

beforeAll(async () => {
  await import('./SubscriptionPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SUB = `/notifications/subscriptions/${SUBSCRIPTION_ID}`;
const RULES = `${SUB}/rules`;
const RULE = `${RULES}/${RULE_ID}`;
const PAGE = `/settings/email/notifications/${SUBSCRIPTION_ID}`;

type Answer = { status?: number; body?: unknown };

function api(opts: { sendTest?: () => Answer; create?: () => Answer; rules?: NotificationRule[] } = {}) {
  return mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    [`GET ${SUB}`]: () => ({ body: subscriptionFixture() }),
    [`GET ${SUB}/preview-context`]: () => ({ body: PREVIEW_CONTEXT }),
    [`GET ${RULES}`]: () => listBody(opts.rules ?? []),
    [`POST ${RULES}`]: (c: Call) =>
      opts.create?.() ?? { status: 201, body: ruleFixture(c.body as Partial<NotificationRule>) },
    [`PUT ${RULE}`]: (c: Call) => ({ body: ruleFixture(c.body as Partial<NotificationRule>) }),
    [`POST ${RULE}/preview`]: (c: Call) => {
      const { template } = c.body as { template: { subject: string; body: string } };
      return { body: previewFixture(`Rendered: ${template.subject}`, `<p>${template.body}</p>`) };
    },
    [`POST ${SUB}/preview`]: (c: Call) => {
      const { template } = c.body as { template: { subject: string; body: string } };
      return { body: { preview: previewFixture(`Draft: ${template.subject}`, `<p>${template.body}</p>`).preview } };
    },
    [`POST ${RULE}/send-test`]: () =>
      opts.sendTest?.() ?? { body: { ...previewFixture('x', ''), sent_to: 'vendor@demo.trellis' } },
    [`GET /accounts/${VENDOR_CONTEXT.account.id}/users`]: () => listBody(MEMBERS),
    [`GET /accounts/${VENDOR_CONTEXT.account.id}/groups`]: () => listBody(GROUPS),
  });
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } });
const helperOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : undefined;
};

async function openAdd() {
  renderPortal(PAGE);
  fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
  return screen.findByRole('dialog', { name: 'Add rule' });
}

async function openEdit() {
  renderPortal(PAGE);
  fireEvent.click(await screen.findByRole('button', { name: 'Actions for rule New orders' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit rule New orders' });
}

function addEmail(dialog: HTMLElement, email: string) {
  const input = field(dialog, /^E-mail addresses/);
  fireEvent.change(input, { target: { value: email } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('rule editor', () => {
  it('checks the form with the domain rules first: required fields, a recipient, valid e-mails', async () => {
    const calls = api();
    const dialog = await openAdd();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(helperOf(field(dialog, /^Name/))).toBe('This field is required'));
    expect(helperOf(field(dialog, /^Subject/))).toBe('This field is required');
    expect(within(dialog).getByText('Name at least one recipient.')).toBeTruthy();

    addEmail(dialog, 'not-an-email');
    type(dialog, /^Condition/, 'eq(status');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(helperOf(field(dialog, /^E-mail addresses/))).toBe('All E-mails must be valid'));
    expect(helperOf(field(dialog, /^Condition/))).toMatch(/^Not a valid RQL filter/);
    expect(calls.some((c) => c.method === 'POST' && c.path === RULES)).toBe(false);
  }, 30_000);

  it('sends the rule as the API takes it, then stays open on it with its preview', async () => {
    const calls = api();
    const dialog = await openAdd();
    type(dialog, /^Name/, ' New orders ');
    type(dialog, /^Condition/, 'eq(status,pending)');
    fireEvent.mouseDown(field(dialog, /^Users/));
    fireEvent.click(await screen.findByRole('option', { name: 'Vera Vendor (UR-100-200-300)' }));
    addEmail(dialog, 'ops@example.com');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: "The customer's contact" }));
    type(dialog, /^Subject/, 'Order');
    type(dialog, /^Body/, 'A new order: ');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Insert {{ request.id }}' }));
    expect(field(dialog, /^Body/).value).toBe('A new order: {{ request.id }}');
    // previewed before it is saved, through its subscription; a test mail waits for the rule
    const draft = within(dialog).getByRole('region', { name: 'Preview' });
    expect(await within(draft).findByText('Draft: Order')).toBeTruthy();
    expect(within(draft).queryByRole('button', { name: 'Send test' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    const saved = await screen.findByRole('dialog', { name: 'Edit rule New orders' });
    expect(within(saved).getByText(/^The rule is added/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === RULES)!.body).toEqual({
      name: 'New orders',
      condition: 'eq(status,pending)',
      enabled: true,
      template: { subject: 'Order', body: 'A new order: {{ request.id }}' },
      recipients: {
        users: [{ id: 'UR-100-200-300' }],
        groups: [],
        emails: ['ops@example.com'],
        assignee: false,
        contacts: ['customer'],
      },
    });
    expect(await screen.findByText('Rendered: Order')).toBeTruthy();
  }, 30_000);

  it('shows what the server renders, and renders again as the template is typed', async () => {
    const calls = api({ rules: [ruleFixture()] });
    const dialog = await openEdit();
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Rendered: Order {{ request.id }}')).toBeTruthy();
    expect(within(preview).getByText(/Rendered against PR-1234-5678-9012-001/)).toBeTruthy();
    expect(within(preview).getByTitle('Preview body').getAttribute('srcdoc')).toContain(
      '<p>A new **order**: {{ request.id }}</p>',
    );

    type(dialog, /^Body/, 'Changed body');
    await waitFor(() =>
      expect(within(preview).getByTitle('Preview body').getAttribute('srcdoc')).toContain('<p>Changed body</p>'),
    );
    const previews = calls.filter((c) => c.path === `${RULE}/preview`);
    expect(previews.at(-1)!.body).toEqual({ template: { subject: 'Order {{ request.id }}', body: 'Changed body' } });
  }, 30_000);

  it('mails a test of the template as typed to the user and says how it went', async () => {
    let answer: Answer | undefined;
    const calls = api({ rules: [ruleFixture()], sendTest: () => answer ?? { body: {} } });
    answer = { body: { ...previewFixture('x', ''), sent_to: 'vendor@demo.trellis' } };
    const dialog = await openEdit();
    type(dialog, /^Subject/, 'Try {{ request.id }}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'A test mail is on its way to vendor@demo.trellis.',
    );
    expect(calls.find((c) => c.path === `${RULE}/send-test`)!.body).toEqual({
      template: { subject: 'Try {{ request.id }}', body: 'A new **order**: {{ request.id }}' },
    });

    answer = {
      status: 400,
      body: { error_code: 'VAL_001', errors: ['A test mail goes to the user who asks; an API token has no mailbox.'] },
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe(
        'The test mail was not sent: A test mail goes to the user who asks; an API token has no mailbox.',
      ),
    );
  }, 30_000);

  it('shows the server’s refusal on the field it names, and any other message above the form', async () => {
    let answer: Answer = {
      status: 400,
      body: {
        error_code: 'VAL_001',
        errors: ['template.body: Not a valid template: Unclosed section "x" at 9'],
        fields: { 'template.body': ['Not a valid template: Unclosed section "x" at 9'] },
      },
    };
    api({ create: () => answer });
    const dialog = await openAdd();
    type(dialog, /^Name/, 'New orders');
    addEmail(dialog, 'ops@example.com');
    type(dialog, /^Subject/, 'Order');
    type(dialog, /^Body/, 'Hi {{#x}}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(helperOf(field(dialog, /^Body/))).toBe('Not a valid template: Unclosed section "x" at 9'),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();

    answer = { status: 400, body: { error_code: 'NR_001', errors: ['The account has too many rules.'] } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The account has too many rules.');
  }, 30_000);
});
