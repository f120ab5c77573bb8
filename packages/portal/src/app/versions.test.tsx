import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPortal } from '../test-utils.tsx';
import { PORTAL_VERSION } from './branding/brand.ts';
import { forgetVersions, versionOf } from './versions.ts';

// Spec §7 / §8: the portal reads the static versions file at start and shows its version; when the file cannot be
// read it falls back to its built-in version.

afterEach(() => {
  cleanup();
  forgetVersions();
  vi.unstubAllGlobals();
});

const anonymous = () => ({ status: 401, body: { error_code: 'AUTH_001', errors: ['Unauthorized'] } });
const footer = async () => (await screen.findByRole('contentinfo')).textContent ?? '';

describe('the versions file', () => {
  it("shows the served version in the footer's {version}", async () => {
    mockApi({
      'GET /auth/context': anonymous,
      'GET /versions.json': () => ({
        body: { version: '7.3.1', components: { spa: '7.3.1+abc123' }, clarity: 'k', features: { beta: true } },
      }),
    });
    renderPortal('/login', { signedIn: false });
    expect((await screen.findByText(/^Trellis 7\.3\.1 · ©/)).closest('footer')).toBeTruthy();
  });

  it.each([
    ['cannot be fetched', () => ({ status: 503, body: { error_code: 'SRV_503', errors: ['Service unavailable'] } })],
    ['has no version', () => ({ body: { components: {} } })],
  ])('falls back to the built-in version when the file %s', async (_what, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = mockApi({ 'GET /auth/context': anonymous, 'GET /versions.json': answer });
    renderPortal('/login', { signedIn: false });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/versions.json')).toBe(true), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 100));
    expect(await footer()).toContain(`Trellis ${PORTAL_VERSION}`);
    warn.mockRestore();
  });

  it('reads the version defensively', () => {
    expect(versionOf(null)).toBe(PORTAL_VERSION);
    expect(versionOf({ version: '  ' })).toBe(PORTAL_VERSION);
    expect(versionOf({ version: 12 as unknown as string })).toBe(PORTAL_VERSION);
    expect(versionOf({ version: '2.0.0' })).toBe('2.0.0');
  });
});
