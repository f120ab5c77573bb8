import type { Locator, Page } from '@playwright/test';

/** The catch-all page: names the path asked for and links to the dashboard. */
export class NotFoundPage {
  readonly title: Locator;
  readonly message: Locator;
  readonly toDashboard: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.title = main.getByRole('heading', { level: 1, name: 'Page not found' });
    this.message = main.getByText('There is no page or object at');
    this.toDashboard = main.getByRole('link', { name: 'Go to dashboard' });
  }
}
