import { expect, type Locator, type Page } from '@playwright/test';

/** A list page's table (components/ResourceTable): filters above, rows, RESET in the page alert when restored. */
export class ResourceTable {
  readonly table: Locator;
  readonly search: Locator;
  readonly rows: Locator;
  readonly skeletonRows: Locator;

  constructor(
    readonly page: Page,
    title: string,
  ) {
    this.table = page.getByRole('table', { name: title });
    this.search = page.getByRole('main').getByLabel('Search', { exact: true });
    this.rows = this.table.locator('tbody tr:not([data-testid="skeleton-row"])');
    this.skeletonRows = this.table.locator('[data-testid="skeleton-row"]');
  }

  async expectLoaded() {
    await expect(this.table).toBeVisible();
    await expect(this.skeletonRows).toHaveCount(0);
  }

  /** Text filters apply after a short pause and are then written to the URL (`state`). */
  async searchFor(text: string) {
    await this.search.fill(text);
    await this.page.waitForURL((url) => url.searchParams.has('state'));
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  /** The ids or names in the first text column of each row, in order. */
  async rowTexts(): Promise<string[]> {
    return (await this.rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }
}
