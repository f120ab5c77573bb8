import { test, expect } from '../fixtures.ts';
import { DEMO_USERS } from '../support/demo.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';

// Journey: "Forgot your password?" e-mails a link that opens the set-password form.
// The form is not submitted: using the code would end the user's sessions in other journeys.
test('forgot password: the e-mailed link opens the set-password form', async ({ page, loginPage }) => {
  const user = DEMO_USERS.provider;
  const since = Date.now();
  await loginPage.goto();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // the login form has an 'E-mail' field too: wait until the restore page has replaced it
  await expect(page.getByRole('heading', { name: 'Restore password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(
    page.getByText(`If ${user.email} belongs to a user, a link to set a new password is on its way.`),
  ).toBeVisible();

  const mail = await waitForMail(user.email, { subject: /new password/i, since });
  expect(mail.text).toContain(user.name);
  await page.goto(linkIn(mail, '/password/set'));
  await expect(page.getByLabel('New password')).toBeEnabled();
  await expect(page.getByLabel('Repeat the password')).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
