import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in frame: top bar (account name or switcher, user menu), side navigation, page header. */
export class Shell {
  readonly topBar: Locator;
  /** Only for users of several accounts. */
  readonly accountSwitcher: Locator;
  readonly userMenu: Locator;
  readonly nav: Locator;
  /** The page title (h1 in the page header). */
  readonly title: Locator;
  /** The page-level alert under the title (e.g. restored filters). */
  readonly pageAlert: Locator;

  constructor(readonly page: Page) {
    this.topBar = page.getByRole('banner');
    this.accountSwitcher = this.topBar.getByRole('button', { name: 'Switch account' });
    this.userMenu = this.topBar.getByRole('button', { name: 'User menu' });
    this.nav = page.getByRole('navigation', { name: 'Main navigation' });
    this.title = page.getByRole('main').getByRole('heading', { level: 1 });
    this.pageAlert = page.getByRole('main').getByRole('alert');
  }

  /** The top bar names the current account (as text, or on the switcher). */
  async expectAccount(name: string) {
    await expect(this.topBar).toContainText(name);
  }

  navEntry(title: string): Locator {
    return this.nav
      .getByRole('link', { name: title, exact: true })
      .or(this.nav.getByRole('button', { name: title, exact: true }));
  }

  /** Picks another account in the switcher (a menu item shows its name, id and kind). */
  async switchAccount(name: string) {
    await this.accountSwitcher.click();
    await this.page.getByRole('menuitem').filter({ hasText: name }).click();
  }

  async logout() {
    await this.userMenu.click();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
    await this.page.waitForURL('**/login');
  }
}
