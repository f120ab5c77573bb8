import { test, expect } from '../fixtures.ts';
import { apiAs } from '../support/api.ts';
import { DEMO_USERS } from '../support/demo.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';

const PASSWORD = 'Managed-pass-42';

// Journeys of managed accounts (issue 14): an account opened with Demo Provider's invitation is managed by it; the
// provider's admin logs in as its user from the account's page, works there under a banner naming both, and returns.

test('the parent account admin logs in as a user of a managed account and returns', async ({
  page,
  loginAs,
  playwright,
  baseURL,
  shell,
}) => {
  test.slow(); // two API set-ups, a sign-up and a dozen pages
  // The managed account, made through the API: an invitation, then the sign-up with its e-mailed code.
  const stamp = Date.now();
  const email = `managed-${stamp}@example.com`;
  const accountName = `Managed Reseller ${stamp}`;
  const userName = 'Mona Managed';
  const api = await playwright.request.newContext({ baseURL });
  const paul = await apiAs(api, DEMO_USERS.provider.email);
  await paul.post(`/accounts/${paul.accountId}/invitations`, { email, type: 'provider', role: 'reseller' });
  const mail = await waitForMail(email, { subject: /invites you to open an account/, since: stamp });
  const code = new URL(linkIn(mail, '/signup'), baseURL).searchParams.get('code')!;
  const anonymous = await playwright.request.newContext({ baseURL });
  const signUp = await anonymous.post(`/public/v1/accounts?code=${encodeURIComponent(code)}`, {
    data: { name: accountName, user: { name: userName, password: PASSWORD } },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const account = (await signUp.json()) as { id: string };
  await anonymous.dispose();
  await api.dispose();

  // Paul finds the account among those Demo Provider manages, and logs in as its user.
  await loginAs(DEMO_USERS.provider);
  await page.goto('/accounts');
  const row = page.getByRole('row').filter({ hasText: accountName });
  await expect(row).toContainText('Demo Provider');
  await row.getByText(accountName).click();
  await expect(shell.title).toHaveText(accountName);
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: `Log in as ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in as this user' });
  await expect(dialog).toContainText(`You will work as ${userName} in ${accountName}`);
  await dialog.getByRole('button', { name: 'Log in as', exact: true }).click();

  // Every page says who is logged in as whom; there is no account switcher.
  const banner = page.getByRole('status').filter({ hasText: 'You are logged in as' });
  await expect(banner).toHaveText(
    `You are logged in as ${userName} (${accountName}) on behalf of ${DEMO_USERS.provider.name} (Demo Provider).Return`,
  );
  await expect(shell.title).toHaveText(`Welcome, ${userName}`);
  await shell.expectAccount(accountName);
  await expect(shell.accountSwitcher).toHaveCount(0);
  await page.goto('/settings/users/directory');
  await expect(banner).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Joined');

  // The way back: Paul's own session, on the managed account's page.
  await banner.getByRole('button', { name: 'Return' }).click();
  await expect(page).toHaveURL(new RegExp(`/accounts/${account.id}$`));
  await expect(shell.title).toHaveText(accountName);
  await expect(banner).toHaveCount(0);
  await shell.expectAccount('Demo Provider');
  await page.goto('/profile');
  await expect(shell.title).toHaveText(DEMO_USERS.provider.name);
});

test('a reseller opens its account with the e-mailed invitation link', async ({ browser, baseURL, playwright }) => {
  test.slow();
  const stamp = Date.now();
  const email = `opener-${stamp}@example.com`;
  const api = await playwright.request.newContext({ baseURL });
  const paul = await apiAs(api, DEMO_USERS.provider.email);
  await paul.post(`/accounts/${paul.accountId}/invitations`, {
    email,
    type: 'provider',
    role: 'reseller',
    message: 'Welcome to the programme.',
  });
  const mail = await waitForMail(email, { subject: /invites you to open an account/, since: stamp });
  await api.dispose();

  const theirs = await browser.newContext({ baseURL });
  const tab = await theirs.newPage();
  await tab.goto(linkIn(mail, '/signup'));
  await expect(tab.getByText(`Demo Provider invites ${email} to open a reseller account`)).toBeVisible();
  await expect(tab.getByText('Welcome to the programme.')).toBeVisible();
  await tab.getByLabel('Account name').fill('Abc');
  await tab.getByRole('button', { name: 'Open the account' }).click();
  await expect(tab.getByText('Input must be at least 4 characters')).toBeVisible();
  await tab.getByLabel('Account name').fill(`Opened Reseller ${stamp}`);
  await tab.getByLabel('Your name').fill('Otto Opener');
  await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await tab.getByLabel('Repeat the password').fill(PASSWORD);
  await tab.getByRole('button', { name: 'Open the account' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'Welcome, Otto Opener' })).toBeVisible();
  await expect(tab.getByRole('banner')).toContainText(`Opened Reseller ${stamp}`);

  // The link works once.
  await tab.goto(linkIn(mail, '/signup'));
  await expect(tab.getByRole('alert')).toContainText('Invalid confirmation code');
  await theirs.close();
});
