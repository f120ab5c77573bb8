import { test, expect } from '../fixtures.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journey: a mistyped password keeps the user on the form with the server's message.
test('a wrong password shows the server message and logs nobody in', async ({ page, loginPage, shell }) => {
  await loginPage.goto();
  await loginPage.submitWith(DEMO_USERS.other.email, 'Not-the-password-1');

  await expect(loginPage.error).toHaveText('Invalid e-mail or password.');
  await expect(page).toHaveURL(/\/login$/);
  await expect(shell.nav).toHaveCount(0);

  // The form still works: the right password gets in.
  await loginPage.password.fill('Trellis-demo-1');
  await loginPage.submit.click();
  await loginPage.postponeMfa();
  await shell.expectAccount(DEMO_USERS.other.account.name);
});

test('an empty form is not sent', async ({ page, loginPage }) => {
  await loginPage.goto();
  let sent = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/auth/login')) sent = true;
  });
  await loginPage.submit.click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  expect(sent).toBe(false);
});
