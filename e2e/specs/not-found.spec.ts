import { test, expect } from '../fixtures.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journey: an unknown address or someone else's object shows the not-found page, not a blank screen.
test('an unknown path shows the not-found page naming it', async ({ page, loginAs, notFound, shell }) => {
  await loginAs(DEMO_USERS.vendor);
  await page.goto('/no/such/page?x=1');

  await expect(notFound.title).toBeVisible();
  await expect(notFound.message).toContainText('/no/such/page');
  await expect(shell.nav).toBeVisible();
  await notFound.toDashboard.click();
  await expect(page).toHaveURL(/\/$/);
});

test("another tenant's account is not found", async ({ page, loginAs, notFound }) => {
  // Other Vendor's id, looked up by its own user; Vera Vendor must not see it.
  await loginAs(DEMO_USERS.other);
  const [other] = (await (await page.request.get('/public/v1/accounts')).json()) as { id: string }[];
  await page.request.post('/public/v1/auth/logout');
  await page.context().clearCookies();

  await loginAs(DEMO_USERS.vendor);
  await page.goto(`/accounts/${other.id}`);
  await expect(notFound.title).toBeVisible();
  await expect(notFound.message).toContainText(`/accounts/${other.id}`);
});

test('an unknown path asked for before logging in comes back after the login', async ({
  page,
  loginPage,
  notFound,
}) => {
  await page.goto('/no/such/page');
  await expect(loginPage.email).toBeVisible();
  await loginPage.logIn(DEMO_USERS.vendor.email);
  await expect(notFound.title).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
});
