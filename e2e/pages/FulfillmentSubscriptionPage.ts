import { expect, type Locator, type Page } from '@playwright/test';

/** One subscription (/subscriptions/directory/:id): status beside the title, the provider's requests as header buttons. */
export class FulfillmentSubscriptionPage {
  readonly main: Locator;
  readonly header: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.header = this.main.getByRole('heading', { level: 1 }).locator('..');
  }

  async open(id: string) {
    await this.page.goto(`/subscriptions/directory/${id}`);
    await expect(this.main.getByRole('heading', { level: 1, name: id })).toBeVisible();
  }

  status(label: string): Locator {
    return this.header.getByText(label, { exact: true });
  }

  action(name: string): Locator {
    return this.header.getByRole('button', { name, exact: true });
  }

  async openTab(name: string) {
    await this.main.getByRole('tab', { name, exact: true }).click();
  }

  /** The quantity the subscription holds of an item (Items tab). */
  quantity(item: string): Locator {
    return this.main
      .getByRole('table', { name: 'Subscription items' })
      .getByRole('row')
      .filter({ hasText: item })
      .getByRole('cell')
      .last();
  }

  /** Provider: asks for new item quantities and lands on the change request; returns its id. */
  async requestChange(quantities: Record<string, string>): Promise<string> {
    await this.action('Change quantities').click();
    const dialog = this.page.getByRole('dialog', { name: 'Change quantities' });
    for (const [item, quantity] of Object.entries(quantities)) {
      await dialog.getByRole('textbox', { name: `New quantity of ${item}` }).fill(quantity);
    }
    await dialog.getByRole('button', { name: 'Request change' }).click();
    return this.landOnRequest();
  }

  /** Provider: asks the vendor to cancel the subscription and lands on the cancel request; returns its id. */
  async requestCancel(): Promise<string> {
    await this.action('Cancel').click();
    await this.page
      .getByRole('dialog', { name: 'Cancel subscription' })
      .getByRole('button', { name: 'Send request' })
      .click();
    return this.landOnRequest();
  }

  private async landOnRequest(): Promise<string> {
    await this.page.waitForURL(/\/subscriptions\/fulfillment\/PR-[\d-]+/);
    return /PR-[\d-]+/.exec(this.page.url())![0];
  }
}
