import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRAND } from '@trellis/domain/branding/constants';
import { setSessionId } from '../api/session-id.ts';
import { mockApi, VENDOR_CONTEXT } from '../test-utils.tsx';
import { BrandContext } from './branding/brand.ts';
import { isStartPage } from './load-app.ts';
import { Start } from './Start.tsx';
import type { AuthContext } from './session/types.ts';
import { portalTheme } from './theme.ts';

// The portal's start (main.tsx renders it): the login page without React Router, which takes over on the way in.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionId(null);
});

function renderStart(url: string, context: Promise<AuthContext | null> = Promise.resolve(null)) {
  window.history.replaceState(null, '', url);
  return render(
    <ThemeProvider theme={portalTheme()}>
      <BrandContext.Provider value={DEFAULT_BRAND}>
        <Start context={context} />
      </BrandContext.Provider>
    </ThemeProvider>,
  );
}

describe('the start', () => {
  it('shows only the pages marked `start` itself', () => {
    expect(isStartPage('/login')).toBe(true);
    expect(isStartPage('/Login/')).toBe(true);
    expect(isStartPage('/password/restore')).toBe(true);
    expect(isStartPage('/signup')).toBe(false);
    expect(isStartPage('/')).toBe(false);
    expect(isStartPage('/products')).toBe(false);
  });

  it('links the login to the password restore and back, then signs in and opens the page asked for', async () => {
    const calls = mockApi({ 'POST /auth/login': () => ({ status: 201, body: VENDOR_CONTEXT }) });
    renderStart('/login?next=%2Fprofile');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Restore password' })).toBeTruthy();
    expect(window.location.pathname).toBe('/password/restore');
    window.history.back();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(window.location.search).toBe('?next=%2Fprofile');

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'vendor@demo.trellis' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Trellis-demo-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // React Router takes over with the session the start knows (no second context call)
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    await waitFor(() => expect(document.querySelector('header')).toBeTruthy(), { timeout: 15_000 });
    expect(calls.filter((c) => c.path === '/auth/context')).toEqual([]);
  });
});
