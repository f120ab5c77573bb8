import { expect, type Locator, type Page } from '@playwright/test';
import type { AccountKind } from '../support/demo.ts';

/** '/': a welcome title, the account and its kind, counters or an empty state. */
export class DashboardPage {
  readonly summary: Locator;
  readonly counters: Locator;
  readonly emptyState: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.summary = main.getByText(/ · (Vendor|Provider) account$/);
    this.counters = main.locator('[data-testid^="counter-"]');
    this.emptyState = main.getByText('Nothing is waiting for you');
  }

  async goto() {
    await this.page.goto('/');
  }

  /** Waits for the counters (or their empty state) to replace the loading skeleton. */
  async expectLoaded(account: { name: string; kind: AccountKind }, userName: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: `Welcome, ${userName}` })).toBeVisible();
    await expect(this.summary).toHaveText(
      `${account.name} · ${account.kind === 'vendor' ? 'Vendor' : 'Provider'} account`,
    );
    await expect(this.counters.first().or(this.emptyState)).toBeVisible();
  }

  /** Labels of the counters shown (empty with the empty state). */
  async counterLabels(): Promise<string[]> {
    const labels: string[] = [];
    for (const c of await this.counters.all()) labels.push((await c.locator('p').first().innerText()).trim());
    return labels;
  }
}
