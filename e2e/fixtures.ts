import { test as base, expect, type Page } from '@playwright/test';
import { DashboardPage } from './pages/DashboardPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { NotFoundPage } from './pages/NotFoundPage.ts';
import { Shell } from './pages/Shell.ts';
import { DEMO_PASSWORD, type DemoUser } from './support/demo.ts';

interface Fixtures {
  loginPage: LoginPage;
  shell: Shell;
  dashboard: DashboardPage;
  notFound: NotFoundPage;
  /** Logs in through the API (the session cookie lands in the page's context): for journeys that are not about the login form. */
  loginAs: (user: DemoUser) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // The server global-setup.ts started (or the one E2E_BASE_URL names).
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as the first argument
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url)
      throw new Error(
        'E2E_BASE_URL is not set: run the specs with `npm run test:e2e` (global-setup.ts starts the server).',
      );
    await use(url);
  },
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  shell: async ({ page }, use) => use(new Shell(page)),
  dashboard: async ({ page }, use) => use(new DashboardPage(page)),
  notFound: async ({ page }, use) => use(new NotFoundPage(page)),
  loginAs: async ({ page }, use) => use(async (user) => void (await loginViaApi(page, user))),
});

/** Signs the page in as `user`; returns the session id (writes through `page.request` send it as `x-session-id`). */
export async function loginViaApi(page: Page, user: DemoUser, password = DEMO_PASSWORD): Promise<string> {
  const res = await page.request.post('/public/v1/auth/login', { data: { email: user.email, password } });
  expect(res.ok(), `log in as ${user.email}: ${res.status()} ${await res.text()}`).toBe(true);
  // the portal keeps the session id beside the cookie, as its own login does
  const { session_id: sessionId } = (await res.json()) as { session_id: string };
  await page.addInitScript((id) => localStorage.setItem('trellis.session_id', id), sessionId);
  return sessionId;
}

export { expect };
