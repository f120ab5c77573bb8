import { test, expect } from '../fixtures.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journey: a user of two accounts moves between them with the switcher in the top bar.
test('multi@demo.trellis switches from Demo Vendor to Demo Provider and back', async ({
  page,
  loginAs,
  shell,
  dashboard,
}) => {
  const user = DEMO_USERS.multi;
  await loginAs(user);
  await dashboard.goto();
  await dashboard.expectLoaded({ name: 'Demo Vendor', kind: 'vendor' }, user.name);
  await expect(shell.accountSwitcher).toHaveText('Demo Vendor');

  await shell.accountSwitcher.click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'Demo Provider' })).toContainText('provider');
  await items.filter({ hasText: 'Demo Provider' }).click();

  await dashboard.expectLoaded({ name: 'Demo Provider', kind: 'provider' }, user.name);
  await expect(shell.accountSwitcher).toHaveText('Demo Provider');
  // The server keeps the choice: a reload stays in the provider account.
  await page.reload();
  await dashboard.expectLoaded({ name: 'Demo Provider', kind: 'provider' }, user.name);

  await shell.switchAccount('Demo Vendor');
  await dashboard.expectLoaded({ name: 'Demo Vendor', kind: 'vendor' }, user.name);
});
