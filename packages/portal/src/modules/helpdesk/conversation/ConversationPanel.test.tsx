import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal } from '../../../test-utils.tsx';
import {
  AGREEMENT_ID,
  CONTRACT_ID,
  FORM_ID,
  PROVIDER,
  VENDOR_CONTEXT,
  agreementFixture,
  contractFixture,
  formFixture,
} from '../../partners/testing.ts';
import { requestFixture as listingRequestFixture } from '../../distribution/common/testing.tsx';
import { REQUEST_ID, requestFixture } from '../../fulfillment/subscriptions/request/testing.ts';
import { tcrFixture } from '../../fulfillment/tier-configs/testing.ts';
import { listBody } from '../../identity/testing.tsx';
import { CONVERSATION_ID, conversationServer } from './testing.ts';

// The Conversation tab of a contract (and, at the end, of the other pages that have one), as Demo Vendor (Vera)
// talking with Demo Provider (Pat), against the API's rules (testing.ts).

beforeAll(async () => {
  // the pages' lazy chunks and the tab's, transformed once for the file
  await Promise.all([
    import('./ConversationPanel.tsx'),
    import('../../partners/contracts/ContractDetailsPage.tsx'),
    import('../../fulfillment/subscriptions/RequestDetailsPage.tsx'),
    import('../../fulfillment/tier-configs/TierConfigRequestDetailsPage.tsx'),
    import('../../distribution/ListingRequestDetailsPage.tsx'),
  ]);
}, 90_000);

// happy-dom's own window API: the width MUI's media queries read
type HappyDom = { setViewport: (v: { width: number; height: number }) => void };
const viewport = (width: number, height: number) =>
  (window as unknown as { happyDOM: HappyDom }).happyDOM.setViewport({ width, height });

afterEach(() => {
  viewport(1024, 768);
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const VERA = 'Message from Vera Vendor, Demo Vendor';
const PAT = 'Message from Pat Provider, Demo Provider';
const THREAD = `/conversations/${CONVERSATION_ID}/messages`;

type Routes = Parameters<ReturnType<typeof conversationServer>['routes']>[0];
function contractPage(server: ReturnType<typeof conversationServer>, more: Routes = {}) {
  return mockApi(
    server.routes({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      [`GET /contracts/${CONTRACT_ID}`]: () => ({ body: contractFixture({ status: 'active' }) }),
      [`GET /contracts/${CONTRACT_ID}/data`]: () => ({ body: [] }),
      [`GET /agreements/${AGREEMENT_ID}`]: () => ({ body: agreementFixture() }),
      [`GET /forms/${FORM_ID}`]: () => ({ body: formFixture }),
      ...more,
    }),
  );
}
async function openPanel() {
  renderPortal(`/partners/contracts/${CONTRACT_ID}?tab=conversation`);
  return screen.findByRole('region', { name: 'Conversation' }, { timeout: 15_000 });
}
const textBox = (panel: HTMLElement) =>
  within(panel).getByRole('textbox', { name: 'Message (Markdown)' }) as HTMLTextAreaElement;
const type = (panel: HTMLElement, text: string) => fireEvent.change(textBox(panel), { target: { value: text } });
const send = (panel: HTMLElement) => fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
const thread = (panel: HTMLElement) =>
  within(panel)
    .queryAllByRole('listitem')
    .map((m) => m.getAttribute('aria-label'));

describe('conversation panel', () => {
  it('starts the conversation with the first message and shows it at once; then the thread and edits', async () => {
    const server = conversationServer(VENDOR_CONTEXT, PROVIDER, CONTRACT_ID);
    const calls = contractPage(server);
    const panel = await openPanel();
    expect(await within(panel).findByText(/No messages yet/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/conversations')!.query).toContain(`eq(instance_id,${CONTRACT_ID})`);
    expect(within(panel).queryByRole('button', { name: 'Close conversation' })).toBeNull();

    // the declaration's rules, before anything is sent
    send(panel);
    expect(await within(panel).findByText('This field is required')).toBeTruthy();
    type(panel, '> > > > too deep');
    send(panel);
    expect(await within(panel).findByText('Blockquotes nest at most 3 levels deep.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // the preview beside the box (a tab of its own on a phone, below)
    type(panel, 'When does it **start**?');
    expect(within(panel).queryByRole('tab', { name: 'Preview' })).toBeNull();
    await waitFor(() =>
      expect(within(panel).getByTitle('Preview').getAttribute('srcdoc')).toContain('<strong>start</strong>'),
    );

    // the first message: the conversation starts, and the same panel shows the message, the box empty again
    send(panel);
    const first = await within(panel).findByRole('listitem', { name: VERA });
    expect(screen.getByRole('region', { name: 'Conversation' })).toBe(panel);
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/conversations', { instance_id: CONTRACT_ID }],
      [THREAD, { text: 'When does it **start**?' }],
    ]);
    expect(first.querySelector('strong')!.textContent).toBe('start');
    // author, account, date ('L LT' in the user's zone and clock)
    expect(first.textContent).toContain('Vera Vendor');
    expect(first.textContent).toContain('Demo Vendor · 11/20/2026 10:01');
    expect(within(first).getByRole('button', { name: 'Edit' })).toBeTruthy();
    await waitFor(() => expect(textBox(panel).value).toBe(''));
    expect(within(panel).queryByText(/No messages yet/)).toBeNull();
    expect(within(panel).getByText(/Between Demo Vendor and Demo Provider/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Close conversation' })).toBeTruthy();

    // Pat answers meanwhile; with the second message the thread holds both parties', in order
    server.write(PROVIDER, 'On **Monday**.');
    type(panel, 'Thanks!');
    send(panel);
    await waitFor(() => expect(thread(panel)).toEqual([VERA, PAT, VERA]));
    const [, theirs, second] = within(panel).getAllByRole('listitem');
    expect(theirs.querySelector('strong')!.textContent).toBe('Monday');
    expect(theirs.textContent).toContain('Demo Provider · 11/20/2026 10:02');
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(second.textContent).toContain('Thanks!');
    expect(within(panel).queryByText(/edited/)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/conversations')).toHaveLength(1);

    // Vera edits her first message (PUT), with the same rules and preview
    fireEvent.click(within(first).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit message' });
    const edit = within(dialog).getByRole('textbox', { name: 'Message (Markdown)' }) as HTMLTextAreaElement;
    expect(edit.value).toBe('When does it **start**?');
    fireEvent.change(edit, { target: { value: 'When does it *begin*?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `${THREAD}/ME-000-000-001`,
      body: { text: 'When does it *begin*?' },
    });
    const edited = within(panel).getAllByRole('listitem')[0];
    expect(edited.querySelector('em')!.textContent).toBe('begin');
    expect(edited.textContent).toContain('edited');
  });

  it("shows the other party's markdown without running its HTML; Close leaves it read-only", async () => {
    const server = conversationServer(VENDOR_CONTEXT, PROVIDER, CONTRACT_ID);
    server.start(PROVIDER);
    server.write(
      PROVIDER,
      [
        'Read **this**: [docs](https://example.com/docs), [that](javascript:alert(1)).',
        '',
        '> a quote',
        '',
        '<script>window.pwned = true</script>',
        '<img src="x" onerror="window.pwned = true">',
      ].join('\n'),
    );
    server.write(VENDOR_CONTEXT, 'Will do.');
    const calls = contractPage(server);
    const panel = await openPanel();

    const theirs = await within(panel).findByRole('listitem', { name: PAT });
    expect(theirs.querySelector('strong')!.textContent).toBe('this');
    expect(theirs.querySelector('blockquote')!.textContent!.trim()).toBe('a quote');
    // raw HTML is text, not elements; the script link is no link; the other opens in a new tab
    expect(theirs.querySelector('script, img, iframe')).toBeNull();
    expect(theirs.textContent).toContain('<script>window.pwned = true</script>');
    expect(theirs.textContent).toContain('<img src="x" onerror="window.pwned = true">');
    expect(
      [...theirs.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.target, a.rel]),
    ).toEqual([['docs', 'https://example.com/docs', '_blank', 'noopener noreferrer']]);
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    expect(thread(panel)).toEqual([PAT, VERA]);

    // the machine's close, confirmed
    fireEvent.click(within(panel).getByRole('button', { name: 'Close conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close conversation' });
    expect(dialog.textContent).toContain('Nobody can write in it any more; both parties still read it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close conversation' }));
    expect(await within(panel).findByText(/This conversation is closed/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/conversations/${CONVERSATION_ID}/close`,
    ]);

    // read-only: the thread stays, nothing to write with, edit or close
    expect(thread(panel)).toEqual([PAT, VERA]);
    expect(within(panel).getByText('Closed')).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Send' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Close conversation' })).toBeNull();
  });

  it('keeps up with the other party: joins the conversation they started meanwhile, shows it closed; private notes', async () => {
    const server = conversationServer(VENDOR_CONTEXT, PROVIDER, CONTRACT_ID);
    const calls = contractPage(server);
    const panel = await openPanel();
    expect(await within(panel).findByText(/No messages yet/)).toBeTruthy();

    // Pat starts it after the page asked: Vera's first message goes into Pat's conversation
    server.start(PROVIDER);
    server.write(PROVIDER, 'Hello from Pat.');
    type(panel, 'Hello from Vera.');
    send(panel);
    await waitFor(() => expect(thread(panel)).toEqual([PAT, VERA]));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/conversations', THREAD]);
    expect(within(panel).queryByRole('alert')).toBeNull();

    // a private note: for Vera's account only, marked so
    fireEvent.click(within(panel).getByRole('switch', { name: /Private/ }));
    type(panel, 'Note to us: call Pat.');
    send(panel);
    await waitFor(() => expect(thread(panel)).toEqual([PAT, VERA, VERA]));
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      text: 'Note to us: call Pat.',
      type: 'private',
    });
    expect(within(within(panel).getAllByRole('listitem')[2]).getByText('Private')).toBeTruthy();
    expect((within(panel).getByRole('switch', { name: /Private/ }) as HTMLInputElement).checked).toBe(false);

    // Pat closes it: Vera's next message is refused and the panel shows it closed, her messages kept
    server.close();
    type(panel, 'One more thing');
    send(panel);
    expect(await within(panel).findByText(/This conversation is closed/)).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(thread(panel)).toEqual([PAT, VERA, VERA]);
  });

  it('works on a phone: the box and its preview are tabs', async () => {
    viewport(390, 844);
    const server = conversationServer(VENDOR_CONTEXT, PROVIDER, CONTRACT_ID);
    server.start(PROVIDER);
    server.write(PROVIDER, 'A long word: ' + 'x'.repeat(120));
    contractPage(server);
    const panel = await openPanel();
    await within(panel).findByRole('listitem', { name: PAT });
    type(panel, 'From my **phone**');
    expect(within(panel).queryByTitle('Preview')).toBeNull();
    fireEvent.click(within(panel).getByRole('tab', { name: 'Preview' }));
    await waitFor(() =>
      expect(within(panel).getByTitle('Preview').getAttribute('srcdoc')).toContain('<strong>phone</strong>'),
    );
    fireEvent.click(within(panel).getByRole('tab', { name: 'Write' }));
    send(panel);
    await waitFor(() => expect(thread(panel)).toEqual([PAT, VERA]));
  });

  // the contract's tab is the one above
  it.each([
    ['fulfillment request', `/subscriptions/fulfillment/${REQUEST_ID}`, `/requests/${REQUEST_ID}`, requestFixture()],
    [
      'tier config request',
      '/tier-configs/requests/TCR-111-222-333-001',
      '/tier/config-requests/TCR-111-222-333-001',
      tcrFixture(),
    ],
    ['listing request', '/listings/requests/LSTR-123-456', '/listing-requests/LSTR-123-456', listingRequestFixture()],
  ])('is a tab of a %s, about it', async (_kind, url, path, object) => {
    const server = conversationServer(VENDOR_CONTEXT, PROVIDER, object.id);
    const calls = mockApi(
      server.routes({
        'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
        [`GET ${path}`]: () => ({ body: object }),
      }),
    );
    renderPortal(`${url}?tab=conversation`);
    expect(await screen.findByRole('tab', { name: 'Conversation', selected: true })).toBeTruthy();
    const panel = await screen.findByRole('region', { name: 'Conversation' });
    expect(
      await within(panel).findByText(`No messages yet. Both parties of ${object.id} read what you write here.`),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === '/conversations')!.query).toContain(`eq(instance_id,${object.id})`);
    type(panel, 'Hello');
    send(panel);
    await within(panel).findByRole('listitem', { name: VERA });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ instance_id: object.id });
  });
});

describe('mentions', () => {
  const VICTOR = { id: 'UR-100-200-301', name: 'Victor Vendor', email: 'victor@demo.trellis', status: 'joined' };
  const USERS = `/accounts/${VENDOR_CONTEXT.account.id}/users`;
  const options = () => screen.queryAllByRole('option').map((o) => o.textContent);
  /** Types `text` with the caret at its end, as the keyboard would leave it. */
  const typeAt = (panel: HTMLElement, text: string) => {
    const box = textBox(panel);
    fireEvent.change(box, { target: { value: text } });
    box.setSelectionRange(text.length, text.length);
    fireEvent.select(box);
  };

  function mentionPage(users: Routes[string]) {
    const server = conversationServer(VENDOR_CONTEXT, PROVIDER, CONTRACT_ID);
    server.start(PROVIDER);
    server.write(PROVIDER, 'Who can check the invoice?');
    return contractPage(server, { [`GET ${USERS}`]: users });
  }

  it("offers one's own account's users and the thread's authors at @, inserts the mention, shows it as a chip", async () => {
    const calls = mentionPage(() => listBody([{ ...VENDOR_CONTEXT.user, status: 'joined' }, VICTOR]));
    const panel = await openPanel();
    await within(panel).findByRole('listitem', { name: PAT });
    typeAt(panel, 'Hello');
    expect(screen.queryByRole('listbox')).toBeNull();
    // the account's users are read once someone is to be mentioned
    expect(calls.some((c) => c.path === USERS)).toBe(false);

    // everybody but oneself: one's own account first, then the other party's authors
    typeAt(panel, 'Hello @');
    await waitFor(() => expect(options()).toEqual(['Victor VendorDemo Vendor', 'Pat ProviderDemo Provider']));
    const list = screen.getByRole('listbox', { name: 'Mention someone' });
    expect(textBox(panel).getAttribute('aria-controls')).toBe(list.id);
    expect(textBox(panel).getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0].id);
    typeAt(panel, 'Hello @pa');
    await waitFor(() => expect(options()).toEqual(['Pat ProviderDemo Provider']));
    fireEvent.keyDown(textBox(panel), { key: 'Enter' });
    await waitFor(() => expect(textBox(panel).value).toBe('Hello @[Pat Provider](UR-500-600-700) '));
    expect(screen.queryByRole('listbox')).toBeNull();

    // ↓ and Enter choose the second; Escape closes the list without choosing
    typeAt(panel, `${textBox(panel).value}and @`);
    await waitFor(() => expect(options()).toHaveLength(2));
    fireEvent.keyDown(textBox(panel), { key: 'ArrowDown' });
    fireEvent.keyDown(textBox(panel), { key: 'ArrowDown' });
    fireEvent.keyDown(textBox(panel), { key: 'Enter' });
    await waitFor(() =>
      expect(textBox(panel).value).toBe('Hello @[Pat Provider](UR-500-600-700) and @[Victor Vendor](UR-100-200-301) '),
    );
    typeAt(panel, `${textBox(panel).value}@vi`);
    await waitFor(() => expect(options()).toEqual(['Victor VendorDemo Vendor']));
    fireEvent.keyDown(textBox(panel), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('region', { name: 'Conversation' })).toBe(panel);

    // a click inserts too; the message goes as written
    typeAt(panel, 'Thanks @vic');
    fireEvent.click(await screen.findByRole('option', { name: /Victor Vendor/ }));
    await waitFor(() => expect(textBox(panel).value).toBe('Thanks @[Victor Vendor](UR-100-200-301) '));
    typeAt(panel, 'Over to @[Pat Provider](UR-500-600-700), thanks @[Victor Vendor](UR-100-200-301).');
    send(panel);
    await waitFor(() => expect(thread(panel)).toEqual([PAT, VERA]));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      text: 'Over to @[Pat Provider](UR-500-600-700), thanks @[Victor Vendor](UR-100-200-301).',
    });
    // read as chips, not links
    const mine = within(panel).getByRole('listitem', { name: VERA });
    expect([...mine.querySelectorAll('.mention')].map((m) => [m.textContent, m.getAttribute('data-user-id')])).toEqual([
      ['@Pat Provider', 'UR-500-600-700'],
      ['@Victor Vendor', 'UR-100-200-301'],
    ]);
    expect(mine.querySelector('a')).toBeNull();
    expect(mine.textContent).toContain('Over to @Pat Provider, thanks @Victor Vendor.');
  });

  it("offers a private message only one's own account, and the thread's authors when the users cannot be read", async () => {
    const calls = mentionPage(() => ({ status: 403, body: { error_code: 'AUTH_003', errors: ['Forbidden.'] } }));
    const panel = await openPanel();
    await within(panel).findByRole('listitem', { name: PAT });
    typeAt(panel, '@');
    await waitFor(() => expect(calls.some((c) => c.path === USERS)).toBe(true));
    await waitFor(() => expect(options()).toEqual(['Pat ProviderDemo Provider']));
    expect(within(panel).queryByRole('alert')).toBeNull();

    fireEvent.click(within(panel).getByRole('switch', { name: /Private/ }));
    typeAt(panel, '@p');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });
});
