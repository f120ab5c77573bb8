import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRAND } from '@trellis/domain/branding/constants';
import type { Brand } from '@trellis/domain/branding/brand';
import type { Portal } from '@trellis/domain/branding/portal';
import { setSessionId } from '../../../api/session-id.ts';
import { BrandGate } from '../../../app/branding/BrandGate.tsx';
import { PORTAL_VERSION } from '../../../app/branding/brand.ts';
import { portalRouterOptions, portalRoutes } from '../../../app/router.tsx';
import { mockApi, VENDOR_CONTEXT, type Call } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { contrastRatio } from './themeForm.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const BRAND = {
  id: 'BR-100-200',
  name: 'Acme Cloud',
  subdomain: 'acme',
  owner: { id: 'VA-100-200', name: 'Demo Vendor' },
  events: {},
};
const PORTAL: Portal = {
  id: 'PO-100-200-300',
  domains: 'portal.acme.test',
  type: 'vendor',
  title: 'Acme Cloud',
  theme: { primary: '#2e7d32', navigation: '#ffffff', accent: '#6a1b9a' },
  urls: { tos: 'https://acme.test/terms', favicons: {} },
  signin: { help: 'https://help.acme.test/' },
  footer: { content: 'Acme {version} · © {year}' },
  brand: { id: BRAND.id, name: BRAND.name, public_api: '/public/v1' },
  events: { created: { at: '2026-01-01T00:00:00Z' } },
};
const PATH = `/brands/${BRAND.id}/portals/${PORTAL.id}`;

/** The brand the host shows, built from the portal as the server does. */
const hostBrand = (p: Portal): Brand => ({
  ...DEFAULT_BRAND,
  id: BRAND.id,
  title: p.title ?? BRAND.name,
  type: 'vendor',
  theme: { primary: p.theme.primary, navText: p.theme.navigation, accent: p.theme.accent },
  footer: p.footer.content,
});

/** The server side of the page: the portal as stored, PUT applying the body (or answering `putAnswer`). */
function api(putAnswer?: (call: Call) => { status: number; body: unknown }) {
  let stored = structuredClone(PORTAL);
  const calls = mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    'GET /branding/portal': () => ({ body: hostBrand(stored) }),
    'GET /brands': () => listBody([BRAND]),
    [`GET ${PATH}`]: () => ({ body: stored }),
    [`PUT ${PATH}`]: (call) => {
      if (putAnswer) return putAnswer(call);
      const b = call.body as any;
      stored = {
        ...stored,
        domains: b.domains,
        title: b.title,
        theme: b.theme,
        urls: { ...stored.urls, ...b.urls },
        signin: b.signin,
        footer: b.footer,
      };
      return { status: 200, body: stored };
    },
  });
  return calls;
}

/** The portal as main.tsx renders it: the brand gate around the router, signed in. */
function renderEditor() {
  setSessionId('SE-0000-0000-0000-0000');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(portalRoutes(), {
    ...portalRouterOptions(),
    initialEntries: [`/settings/branding/portals/${PORTAL.id}?tab=theme`],
  });
  return render(
    <QueryClientProvider client={client}>
      <BrandGate>
        <RouterProvider router={router} />
      </BrandGate>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, textarea' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const helpOf = (label: string) => document.getElementById(`${field(label).id}-helper-text`)?.textContent;
const save = () => screen.getByRole('button', { name: 'Save' });
const preview = () => screen.getByTestId('theme-preview');
/** The colour styles resolve to (happy-dom keeps them as written). */
const bg = (el: HTMLElement) => getComputedStyle(el).backgroundColor;

describe('the theme editor', () => {
  it('checks colours, host and title as typed, with the spec messages, and only saves a valid change', async () => {
    api();
    renderEditor();
    await screen.findByRole('heading', { name: 'Colours' });
    expect((save() as HTMLButtonElement).disabled).toBe(true);

    type('Primary', '#12');
    expect(helpOf('Primary')).toBe('Wrong color format');
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    type('Primary', '#1234567');
    expect(helpOf('Primary')).toBe('Wrong color format');
    type('Primary', '#abc');
    expect(helpOf('Primary')).not.toBe('Wrong color format');
    expect((save() as HTMLButtonElement).disabled).toBe(false);
    type('Accent', 'purple');
    expect(helpOf('Accent')).toBe('Wrong color format');

    type('Host', 'not a host/');
    expect(helpOf('Host')).toBe('Wrong Domain format');
    type('Title', 'T'.repeat(41));
    expect(helpOf('Title')).toBe('Input must be at most 40 characters');
    type('Terms of service', 'javascript:alert(1)');
    expect(helpOf('Terms of service')).toBe('Wrong URL format');
    expect((save() as HTMLButtonElement).disabled).toBe(true);

    // Discard goes back to what is stored
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect((field('Primary') as HTMLInputElement).value).toBe('#2e7d32');
    expect((field('Title') as HTMLInputElement).value).toBe('Acme Cloud');
    expect((save() as HTMLButtonElement).disabled).toBe(true);
  });

  it('previews the chrome as the user types: bar colours, title, accent and the filled footer', async () => {
    api();
    renderEditor();
    await screen.findByTestId('theme-preview');
    const bar = within(preview()).getByTestId('preview-bar');
    expect(bg(bar)).toBe('#2e7d32');
    expect(within(bar).getByText('Acme Cloud')).toBeTruthy();
    expect(within(preview()).getByTestId('preview-footer').textContent).toBe(
      `Acme ${PORTAL_VERSION} · © ${new Date().getFullYear()}`,
    );

    type('Primary', '#a1b2c3');
    type('Navigation text', '#000');
    type('Accent', '#c62828');
    type('Title', 'Acme Partners');
    type('Footer text', '{year} · v{version}');
    expect(bg(within(preview()).getByTestId('preview-bar'))).toBe('#a1b2c3');
    expect(getComputedStyle(within(preview()).getByTestId('preview-bar')).color).toBe('#000');
    expect(bg(within(preview()).getByTestId('preview-button'))).toBe('#c62828');
    expect(within(preview()).getByText('Acme Partners')).toBeTruthy();
    expect(within(preview()).getByTestId('preview-footer').textContent).toBe(
      `${new Date().getFullYear()} · v${PORTAL_VERSION}`,
    );
    // a colour that is not valid yet previews as the portal would draw it: the default
    type('Primary', '#a1b2c');
    expect(bg(within(preview()).getByTestId('preview-bar'))).toBe('#1565c0');
    // an empty title falls back to the brand's name
    type('Title', '');
    expect(within(within(preview()).getByTestId('preview-bar')).getByText('Acme Cloud')).toBeTruthy();
  });

  it('warns when the navigation text is hard to read on the primary colour', async () => {
    api();
    renderEditor();
    await screen.findByTestId('theme-preview');
    type('Navigation text', '#8bc34a');
    expect(helpOf('Navigation text')).toMatch(/^Low contrast \(\d\.\d:1, at least 4\.5:1 reads well\)/);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#abc', 'nope')).toBeNull();
  });

  it('saves the look and applies the new theme to the portal at once, without a reload', async () => {
    const calls = api();
    renderEditor();
    await screen.findByTestId('theme-preview');
    const brandCalls = () => calls.filter((c) => c.path === '/branding/portal').length;
    const before = brandCalls();
    type('Primary', '#6a1b9a');
    type('Title', 'Acme Partners');
    fireEvent.click(save());

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      domains: 'portal.acme.test',
      title: 'Acme Partners',
      theme: { primary: '#6a1b9a', navigation: '#ffffff', accent: '#6a1b9a' },
      urls: { tos: 'https://acme.test/terms', sign_up: null },
      signin: { help: 'https://help.acme.test/' },
      footer: { content: 'Acme {version} · © {year}' },
      analytics_key: null,
      replaced_by: null,
    });
    // the brand of this host is read again and the top bar shows it
    await waitFor(() => expect(brandCalls()).toBeGreaterThan(before));
    const banner = screen.getAllByRole('banner')[0]!;
    await waitFor(() => expect(within(banner).getByText('Acme Partners')).toBeTruthy());
    expect(bg(banner)).toBe('#6a1b9a');
    await waitFor(() => expect(document.title).toContain('Acme Partners'));
    expect(await screen.findByText('The theme of portal.acme.test was saved.')).toBeTruthy();
    expect((save() as HTMLButtonElement).disabled).toBe(true);
  });

  it("puts the server's refusal on its field (a host another portal serves)", async () => {
    api(() => ({
      status: 409,
      body: {
        error_code: 'CONFLICT_001',
        errors: ['domains: The host taken.test is already served by another portal.'],
        fields: { domains: ['The host taken.test is already served by another portal.'] },
      },
    }));
    renderEditor();
    await screen.findByTestId('theme-preview');
    type('Host', 'taken.test');
    fireEvent.click(save());
    await waitFor(() => expect(helpOf('Host')).toBe('The host taken.test is already served by another portal.'));
    type('Host', 'free.test');
    expect(helpOf('Host')).not.toContain('already served');
  });
});
