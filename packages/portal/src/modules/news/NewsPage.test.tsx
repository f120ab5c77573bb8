import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@trellis/domain/news/post';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const at = '2026-11-20T10:00:00Z';
const post = (over: Partial<Post> = {}): Post => ({
  id: 'NWS-111-222-333',
  creator: { id: PROVIDER.account.id, name: 'Demo Provider' },
  status: 'published',
  audience: 'vendor',
  anonymous: false,
  version: 2,
  title: 'Price review in Demo Provider Europe',
  subtitle: '',
  content: 'Prices change on the **first**.\n\n<script>alert(1)</script>',
  events: { created: { at }, updated: { at }, published: { at } },
  ...over,
});

describe('news list', () => {
  it('shows a vendor its partners’ published posts, newest first; a row opens the post', async () => {
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /news': () => listBody([post()]),
    });
    const { router } = renderPortal('/news');
    const table = await screen.findByRole('table', { name: 'News post' });
    expect(router.state.location.pathname).toBe('/news/feed');
    const row = (await within(table).findByText('Price review in Demo Provider Europe')).closest('tr')!;
    expect(row.textContent).toContain('Demo Provider');
    expect(row.textContent).toContain('Vendor partners');
    const query = calls.find((c) => c.path === '/news')!.query;
    expect(query).toContain('eq(status,published)');
    expect(query).toContain('ordering(-events.published.at)');
    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/posts/NWS-111-222-333'));
  });

  it('lets the author write a draft: the audiences its partners are in, a preview, the body as typed', async () => {
    const calls = mockApi({
      'GET /auth/context': () => ({ body: PROVIDER }),
      'GET /news': () => listBody([]),
      'POST /news': (c) => ({ status: 201, body: post({ ...(c.body as Partial<Post>), status: 'draft', version: 0 }) }),
      'GET /news/NWS-111-222-333': () => ({ body: post({ status: 'draft', version: 0 }) }),
    });
    const { router } = renderPortal('/news/ours');
    await screen.findByRole('table', { name: 'News post' });
    expect(calls.find((c) => c.path === '/news')!.query).toContain(`eq(creator.id,${PROVIDER.account.id})`);
    fireEvent.click(await screen.findByRole('button', { name: 'Write news post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write news post' });
    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: 'Holiday hours' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Audience' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['All partners', 'Vendor partners', 'Only our team']);
    fireEvent.click(screen.getByRole('option', { name: 'Vendor partners' }));

    // four levels of quotes are refused before anything is sent (spec §9)
    const content = within(dialog).getByLabelText('Content (Markdown)');
    fireEvent.change(content, { target: { value: '> a\n> > b\n> > > c\n> > > > d' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    expect(await within(dialog).findByText('Blockquotes nest at most 3 levels deep.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(content, { target: { value: 'We close **early**.' } });
    // side by side on a wide screen; a tab of its own on a phone
    const previewTab = within(dialog).queryByRole('tab', { name: 'Preview' });
    if (previewTab) fireEvent.click(previewTab);
    const frame = within(dialog).getByTitle('Preview') as HTMLIFrameElement;
    expect(frame.getAttribute('srcdoc')).toContain('<strong>early</strong>');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/posts/NWS-111-222-333'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Holiday hours',
      subtitle: '',
      audience: 'vendor',
      content: 'We close **early**.',
    });
  });
});

describe('a post', () => {
  it('shows its author the rendered draft, Edit and Publish', async () => {
    mockApi({
      'GET /auth/context': () => ({ body: PROVIDER }),
      'GET /news/NWS-111-222-333': () => ({ body: post({ status: 'draft' }) }),
    });
    renderPortal('/news/posts/NWS-111-222-333');
    const frame = (await screen.findByTitle('Price review in Demo Provider Europe')) as HTMLIFrameElement;
    const html = frame.getAttribute('srcdoc')!;
    expect(html).toContain('<strong>first</strong>');
    // raw HTML shows as text, and the frame may run no script
    expect(html).not.toContain('<script>');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('shows a reader the post and its versions, without the author’s controls', async () => {
    mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'GET /news/NWS-111-222-333': () => ({ body: post() }),
      'GET /news/NWS-111-222-333/versions': () =>
        listBody([post(), post({ version: 1, content: 'Prices change **soon**.' })]),
    });
    renderPortal('/news/posts/NWS-111-222-333?tab=versions');
    const table = await screen.findByRole('table', { name: 'News version' });
    await within(table).findAllByText('Price review in Demo Provider Europe');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move to draft' })).toBeNull();
    fireEvent.click(within(table).getAllByRole('button', { name: 'Read' })[1]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/version 1/)).toBeTruthy();
    expect(within(dialog).getByTitle('Version 1').getAttribute('srcdoc')).toContain('<strong>soon</strong>');
  });
});

describe('dashboard', () => {
  it('shows the partners’ newest posts as cards, the text cut at 100 symbols', async () => {
    const long = 'Word '.repeat(40);
    const calls = mockApi({
      'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
      'POST /accounts/VA-100-200/statistics': () => ({ body: {} }),
      'GET /news': () => listBody([post({ subtitle: long })]),
    });
    renderPortal('/');
    const card = await screen.findByTestId('news-NWS-111-222-333');
    expect(card.textContent).toContain('Price review in Demo Provider Europe');
    expect(card.textContent).toContain(`${long.slice(0, 100).trimEnd()}…`);
    const query = calls.find((c) => c.path === '/news')!.query;
    expect(query).toContain(`ne(creator.id,${VENDOR_CONTEXT.account.id})`);
    expect(query).toContain('limit=3');
  });
});
