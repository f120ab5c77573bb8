import { test, expect } from '../fixtures.ts';
import { DEMO_USERS } from '../support/demo.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';

// Journey: an admin invites a new colleague from Settings › Users › Directory; the colleague sets a password
// through the e-mailed link, lands in the account, and the directory then shows them as joined.
test('invite a user who completes the password-set link', async ({ page, loginAs, browser, baseURL }) => {
  const email = `invitee-${Date.now()}@example.com`;
  const name = 'Ivy Invitee';
  await loginAs(DEMO_USERS.vendor);
  await page.goto('/settings/users/directory');
  await page.getByRole('button', { name: 'Invite user' }).click();

  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel(/^E-mail/).fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('E-mail must be valid')).toBeVisible();

  const since = Date.now();
  await dialog.getByLabel(/^E-mail/).fill(email);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText(`${email} was invited`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited');

  // The colleague, in a browser of their own.
  const mail = await waitForMail(email, { subject: /Invitation to Demo Vendor/, since });
  const invitee = await browser.newContext({ baseURL });
  const theirs = await invitee.newPage();
  await theirs.goto(linkIn(mail, '/password/set'));
  await theirs.getByLabel('New password').fill('Invited-pass-1');
  await theirs.getByLabel('Repeat the password').fill('Invited-pass-1');
  await theirs.getByRole('button', { name: 'Set password' }).click();
  await expect(theirs.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible();
  await invitee.close();

  await page.reload();
  await expect(row).toContainText('Joined');
});
