import { test, expect } from '../fixtures.ts';
import { ResourceTable } from '../pages/ResourceTable.ts';
import { DEMO_USERS } from '../support/demo.ts';

const RESTORED = 'Some page values where set-up by previous use or passed in URL';

// Journey: a list remembers its filters across a reload (URL `state` and local storage) and RESET forgets them.
test('list filters survive a reload and RESET clears them', async ({ page, loginAs, shell }) => {
  await loginAs(DEMO_USERS.multi);
  await page.goto('/accounts');
  const accounts = new ResourceTable(page, 'Account');
  await accounts.expectLoaded();
  await expect(accounts.rows).toHaveCount(2);
  await expect(shell.pageAlert).toHaveCount(0);

  await accounts.searchFor('Provider');
  await expect(accounts.rows).toHaveCount(1);
  await expect(accounts.row('Demo Provider')).toBeVisible();

  await page.reload();
  await accounts.expectLoaded();
  await expect(accounts.search).toHaveValue('Provider');
  await expect(accounts.rows).toHaveCount(1);
  await expect(shell.pageAlert).toContainText(RESTORED);

  // Local storage alone brings them back too (the address without `state`).
  await page.goto('/accounts');
  await expect(accounts.search).toHaveValue('Provider');
  await expect(accounts.rows).toHaveCount(1);
  await expect(shell.pageAlert).toContainText(RESTORED);

  await shell.pageAlert.getByRole('button', { name: 'Reset' }).click();
  await expect(shell.pageAlert).toHaveCount(0);
  await expect(accounts.search).toHaveValue('');
  await expect(accounts.rows).toHaveCount(2);
  await expect(page).not.toHaveURL(/[?&]state=/);

  // Forgotten for good: the next visit starts unfiltered and without the message.
  await page.reload();
  await accounts.expectLoaded();
  await expect(accounts.rows).toHaveCount(2);
  await expect(shell.pageAlert).toHaveCount(0);
});

test('a filter passed in the URL is applied and announced', async ({ page, loginAs, shell }) => {
  await loginAs(DEMO_USERS.multi);
  const state = Buffer.from(JSON.stringify({ search: 'Vendor' })).toString('base64url');
  await page.goto(`/accounts?state=${state}`);
  const accounts = new ResourceTable(page, 'Account');
  await accounts.expectLoaded();
  await expect(accounts.search).toHaveValue('Vendor');
  await expect(accounts.rows).toHaveCount(1);
  await expect(accounts.row('Demo Vendor')).toBeVisible();
  await expect(shell.pageAlert).toContainText(RESTORED);
});
