import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo.ts';

// Journey: the demo vendor changes its portal's theme in Settings › Branding while working on that portal's host
// (the demo seeds `localhost:<port>` as Demo Vendor's portal; the server also answers on 127.0.0.1:<port>, which
// shows the installation's brand). The editing page takes the new theme at once; a second browser opened on the
// host sees it; the installation's host does not change.

const E2E_TITLE = 'Demo Vendor E2E';
const E2E_PRIMARY = '#4a148c';
const E2E_PRIMARY_RGB = 'rgb(74, 20, 140)';

/** Signs a context in on its own host (the session cookie belongs to the host it was set on). */
async function signIn(request: APIRequestContext, page: Page, origin: string) {
  const res = await request.post(`${origin}/public/v1/auth/login`, {
    data: { email: DEMO_USERS.vendor.email, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  const { session_id: sessionId } = (await res.json()) as { session_id: string };
  await page.addInitScript((id) => localStorage.setItem('trellis.session_id', id), sessionId);
  return sessionId;
}

test('the vendor changes its theme and a second browser on the portal host sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  // two browsers and two sign-ins: more than one page's worth of time
  test.setTimeout(90_000);
  const port = new URL(baseURL!).port;
  const host = `localhost:${port}`;
  const origin = `http://${host}`;
  const sessionId = await signIn(page.request, page, origin);

  // before: the vendor's own look on this host
  await page.goto(`${origin}/settings/branding/portals`);
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Demo Vendor Cloud')).toBeVisible();
  const portalsTable = page.getByRole('table');
  await portalsTable.getByRole('cell', { name: host, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: host })).toBeVisible();
  const portalUrl = new URL(page.url()).pathname;
  await page.getByRole('tab', { name: 'Theme' }).click();

  // the editor refuses a colour outside the hex rule, with the spec's message, and keeps Save off
  const primary = page.getByRole('textbox', { name: 'Primary' });
  await primary.fill('#12');
  await expect(page.getByText('Wrong color format')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await primary.fill(E2E_PRIMARY);
  await page.getByRole('textbox', { name: 'Title' }).fill(E2E_TITLE);
  // the preview follows as the user types
  const preview = page.getByRole('figure', { name: 'Preview of the portal' });
  await expect(preview.getByText(E2E_TITLE)).toBeVisible();
  await expect(preview.getByTestId('preview-bar')).toHaveCSS('background-color', E2E_PRIMARY_RGB);

  try {
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`The theme of ${host} was saved.`)).toBeVisible();
    // this page shows the new theme without a reload
    await expect(banner.getByText(E2E_TITLE)).toBeVisible();
    await expect(banner).toHaveCSS('background-color', E2E_PRIMARY_RGB);
    await expect(page).toHaveTitle(new RegExp(`${E2E_TITLE}$`));

    // a second browser on the portal's host: the login page, then the signed-in shell, carry the new theme
    const second = await browser.newContext();
    try {
      const other = await second.newPage();
      await other.goto(`${origin}/login`);
      await expect(other.getByText(E2E_TITLE, { exact: true })).toBeVisible();
      await expect(other).toHaveTitle(`Log in · ${E2E_TITLE}`);
      await signIn(second.request, other, origin);
      await other.goto(`${origin}/`);
      await expect(other.getByRole('banner').getByText(E2E_TITLE)).toBeVisible();
      await expect(other.getByRole('banner')).toHaveCSS('background-color', E2E_PRIMARY_RGB);

      // the installation's host keeps the installation's brand
      await other.goto(`${baseURL}/login`);
      await expect(other.getByText('Trellis', { exact: true })).toBeVisible();
      await expect(other.getByText(E2E_TITLE)).toHaveCount(0);
    } finally {
      await second.close();
    }
  } finally {
    // put the demo look back for the other specs (the crawl visits this portal)
    const apiPath = portalUrl.replace('/settings/branding/portals/', '');
    const brands = await page.request.get(`${origin}/public/v1/brands`);
    const [brand] = (await brands.json()) as { id: string }[];
    const restored = await page.request.put(`${origin}/public/v1/brands/${brand!.id}/portals/${apiPath}`, {
      data: { title: 'Demo Vendor Cloud', theme: { primary: '#2e7d32' } },
      headers: { 'x-session-id': sessionId },
    });
    expect(restored.ok()).toBe(true);
  }
});
