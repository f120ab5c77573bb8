import { test, expect } from '../fixtures.ts';
import { DEMO_USERS, NAVIGATION, VENDOR_ONLY_COUNTERS } from '../support/demo.ts';

// Journey: each demo login lands on its account's dashboard with the navigation of its account kind.
for (const user of Object.values(DEMO_USERS)) {
  test(`${user.email} logs in and sees ${user.account.name}`, async ({ page, loginPage, shell, dashboard }) => {
    await loginPage.goto();
    await loginPage.logIn(user.email);

    await page.waitForURL((url) => url.pathname === '/');
    await dashboard.expectLoaded(user.account, user.name);
    await shell.expectAccount(user.account.name);
    // Users of one account see its name; users of several get the switcher.
    await expect(shell.accountSwitcher).toHaveCount(user.accounts.length > 1 ? 1 : 0);

    const nav = NAVIGATION[user.account.kind];
    for (const entry of nav.shows) await expect(shell.navEntry(entry), `menu entry ${entry}`).toBeVisible();
    for (const entry of nav.hides) await expect(shell.navEntry(entry), `menu entry ${entry}`).toHaveCount(0);
    if (user.account.kind === 'provider') {
      const labels = await dashboard.counterLabels();
      expect(labels.filter((l) => VENDOR_ONLY_COUNTERS.includes(l))).toEqual([]);
    }

    // The session survives a reload, and logging out leads back to the login form.
    await page.reload();
    await dashboard.expectLoaded(user.account, user.name);
    await shell.logout();
    await expect(loginPage.email).toBeVisible();
  });
}
