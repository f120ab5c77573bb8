import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTheme } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRAND } from '@trellis/domain/branding/constants';
import type { Brand } from '@trellis/domain/branding/brand';
import { mockApi } from '../../test-utils.tsx';
import { maintenance } from '../maintenance.ts';
import { portalRouterOptions, portalRoutes } from '../router.tsx';
import { BrandGate } from './BrandGate.tsx';
import { PORTAL_VERSION, replacementUrl } from './brand.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  maintenance.set(false);
});

const ACME: Brand = {
  ...DEFAULT_BRAND,
  id: 'BR-001',
  title: 'Acme Cloud',
  type: 'vendor',
  theme: { primary: '#2e7d32', navText: '#fffde7', accent: '#ff6f00' },
  urls: { ...DEFAULT_BRAND.urls, help: 'https://help.acme.test/', tos: 'https://acme.test/terms' },
  footer: 'Acme {version} · © {year}',
  portal: { domain: 'portal.acme.test', type: 'vendor' },
};
const unauthorized = () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } });

/** What main.tsx renders: the gate around the portal's router. */
function renderApp(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(portalRoutes(), { ...portalRouterOptions(), initialEntries: [url] });
  return render(
    <QueryClientProvider client={client}>
      <BrandGate>
        <RouterProvider router={router} />
      </BrandGate>
    </QueryClientProvider>,
  );
}

/** The colours the app below the gate gets from MUI. */
function ThemeProbe() {
  const t = useTheme();
  return (
    <output data-testid="palette">{`${t.palette.primary.main} ${t.palette.primary.contrastText} ${t.palette.secondary.main}`}</output>
  );
}

describe('the brand loaded at start', () => {
  it('asks for the brand of this host and applies its colours, title, footer and links', async () => {
    const calls = mockApi({ 'GET /branding/portal': () => ({ body: ACME }), 'GET /auth/context': unauthorized });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: '/branding/portal' });
    expect(calls[0]!.headers['x-original-host']).toBe(window.location.host);

    expect(screen.getByText('Acme Cloud')).toBeTruthy();
    expect(screen.getByText('Use the e-mail address and password of your Acme Cloud user.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Log in · Acme Cloud'));
    expect(screen.getByText(`Acme ${PORTAL_VERSION} · © ${new Date().getFullYear()}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('https://help.acme.test/');
    expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe('https://acme.test/terms');

    cleanup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BrandGate>
          <ThemeProbe />
        </BrandGate>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('palette')).textContent).toBe('#2e7d32 #fffde7 #ff6f00');
  });

  it('shows the logo on the login card and links the favicons, vector first', async () => {
    mockApi({
      'GET /branding/portal': () => ({
        body: {
          ...ACME,
          urls: {
            ...ACME.urls,
            logo: '/public/v1/files/FL-logo.png',
            favicons: { ico: '/public/v1/files/FL-a.ico', svg: '/public/v1/files/FL-b.svg' },
          },
        },
      }),
      'GET /auth/context': unauthorized,
    });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    const logo = document.querySelector('main')!.parentElement!.querySelector('img')!;
    expect(logo.getAttribute('src')).toBe('/public/v1/files/FL-logo.png');
    expect(logo.getAttribute('alt')).toBe('');
    const icons = [...document.head.querySelectorAll('link[rel~="icon"]')].map((l) => [
      l.getAttribute('type'),
      l.getAttribute('href'),
    ]);
    expect(icons).toEqual([
      ['image/svg+xml', '/public/v1/files/FL-b.svg'],
      ['image/x-icon', '/public/v1/files/FL-a.ico'],
    ]);
  });

  it('keeps the default colours where the brand gives none or one MUI cannot use', async () => {
    mockApi({
      'GET /branding/portal': () => ({ body: { ...ACME, theme: { primary: 'not-a-colour', navText: '#000000' } } }),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BrandGate>
          <ThemeProbe />
        </BrandGate>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('palette')).textContent).toBe('#1565c0 #000000 #1565c0');
  });

  it('moves to the same path on the host that replaced this one, and renders nothing meanwhile', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', {
      protocol: 'https:',
      host: 'old.acme.test',
      pathname: '/products/PRD-1',
      search: '?tab=items',
      hash: '#top',
      replace,
    });
    mockApi({
      'GET /branding/portal': () => ({ body: { ...ACME, replaced_by: 'portal.acme.test' } }),
      'GET /auth/context': unauthorized,
    });
    renderApp('/login');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://portal.acme.test/products/PRD-1?tab=items#top'));
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('stays when replaced_by names the current host', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', {
      protocol: 'https:',
      host: 'portal.acme.test',
      pathname: '/login',
      search: '',
      hash: '',
      replace,
    });
    mockApi({
      'GET /branding/portal': () => ({ body: { ...ACME, replaced_by: 'Portal.Acme.Test' } }),
      'GET /auth/context': unauthorized,
    });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  it('shows the maintenance screen when the brand cannot be loaded, and retries', async () => {
    let fail = true;
    mockApi({
      'GET /branding/portal': () =>
        fail ? { status: 500, body: { error_code: 'SRV_001', errors: ['Server error'] } } : { body: ACME },
      'GET /auth/context': unauthorized,
    });
    renderApp('/login');
    expect(await screen.findByText('Down for maintenance')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByText('Acme Cloud')).toBeTruthy();
  });

  it('shows the maintenance screen on a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/login');
    expect(await screen.findByText('Down for maintenance')).toBeTruthy();
  });
});

describe('replacementUrl', () => {
  const here = { protocol: 'http:', host: '127.0.0.1:8080', pathname: '/a', search: '?b=1', hash: '' };
  it('keeps path and protocol, accepts a full URL, and ignores what is not a host', () => {
    expect(replacementUrl('new.test:9000', here)).toBe('http://new.test:9000/a?b=1');
    expect(replacementUrl('https://new.test/', here)).toBe('https://new.test/a?b=1');
    expect(replacementUrl('127.0.0.1:8080', here)).toBeNull();
    expect(replacementUrl(null, here)).toBeNull();
    expect(replacementUrl('not a host/', here)).toBeNull();
  });
});
