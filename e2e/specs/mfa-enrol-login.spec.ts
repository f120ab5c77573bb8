import { request as playwrightRequest } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { test, expect } from '../fixtures.ts';
import { apiAs } from '../support/api.ts';
import { DEMO_USERS } from '../support/demo.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';

// Journey: a user of the demo vendor (MFA optional) accepts the offer after the password, adds the key to an
// "authenticator app" (the code is computed here from the key the page shows), keeps the recovery codes, logs out
// and logs in again with the password and a code. The user is made for this test (demo users stay unenrolled, as
// the other specs need them) and removed afterwards.
const PASSWORD = 'Mfa-e2e-pass-1';
const NAME = 'Mona Mfa';

/** The app's code for the key, `steps` periods from now (a step's code is accepted once: a new sign-in takes the next). */
const codeFor = (key: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, '')) }).generate({ timestamp: Date.now() + steps * 30_000 });

test('a user turns MFA on after the password and then signs in with a code', async ({
  page,
  loginPage,
  shell,
  dashboard,
  baseURL,
}) => {
  // A new member of Demo Vendor with a password, made through the API (invitation + its password link).
  const email = `mfa-${Date.now()}@example.com`;
  const adminRequest = await playwrightRequest.newContext({ baseURL });
  const admin = await apiAs(adminRequest, DEMO_USERS.vendor.email);
  const since = Date.now();
  const member = await admin.post(`/accounts/${admin.accountId}/users`, { email, name: NAME });
  const mail = await waitForMail(email, { subject: /Invitation to Demo Vendor/, since });
  const own = await playwrightRequest.newContext({ baseURL });
  const code = new URL(linkIn(mail, '/password/set'), baseURL).searchParams.get('code')!;
  const set = await own.post(`/public/v1/auth/password/set?code=${encodeURIComponent(code)}`, {
    data: { password: PASSWORD },
  });
  expect(set.ok(), await set.text()).toBe(true);
  await own.dispose();

  try {
    await loginPage.goto();
    await loginPage.submitWith(email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Set up multi-factor authentication' })).toBeVisible();
    await expect(page.getByText('Demo Vendor recommends multi-factor authentication')).toBeVisible();
    await page.getByRole('button', { name: 'Set up MFA' }).click();

    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const key = (await page.getByTestId('mfa-secret').textContent())!;
    expect(key.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from your app').fill('000000' === codeFor(key) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(
      page.getByText('The code is not valid. Enter the current code from your authenticator app.'),
    ).toBeVisible();

    await page.getByLabel('Code from your app').fill(codeFor(key));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
    await page.getByRole('button', { name: 'Continue' }).click();
    await dashboard.expectLoaded(DEMO_USERS.vendor.account, NAME);

    await page.goto('/profile');
    const mfa = page.getByRole('main').getByText('Recovery codes left');
    await expect(mfa).toBeVisible();
    await expect(page.getByRole('main').getByText('Enabled', { exact: true })).toBeVisible();

    // Out, and in again: the password, then a code.
    await dashboard.goto();
    await shell.logout();
    await loginPage.submitWith(email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Multi-factor authentication' })).toBeVisible();
    // the portal opens nothing before the code: the session can do nothing else
    const refused = await page.request.get('/public/v1/modules');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error_code).toBe('AUTH_006');
    await page.getByLabel('Code from your app').fill(codeFor(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await dashboard.expectLoaded(DEMO_USERS.vendor.account, NAME);
    await page.reload();
    await dashboard.expectLoaded(DEMO_USERS.vendor.account, NAME);
  } finally {
    await admin.delete(`/accounts/${admin.accountId}/users/${member.id}`);
    await adminRequest.dispose();
  }
});
