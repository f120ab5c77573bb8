import { expect, type Locator, type Page } from '@playwright/test';

export interface PurchaseOrder {
  product: string;
  customer: string;
  /** Item name → quantity. */
  quantities: Record<string, string>;
  /** Ordering parameter title → value. */
  params: Record<string, string>;
}

/** Subscriptions → New purchase (the provider's four-step dialog: product, customer, items, parameters). */
export class FulfillmentPurchase {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'New purchase' });
  }

  /** A select of the dialog by its label (required ones carry an asterisk). */
  select(label: string): Locator {
    return this.dialog.getByRole('combobox', { name: new RegExp(`^${escape(label)}`) });
  }

  async choose(label: string, option: RegExp) {
    await this.select(label).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  async next() {
    await this.dialog.getByRole('button', { name: 'Next' }).click();
  }

  /** Places the order and lands on the new request; returns its id. */
  async place(order: PurchaseOrder): Promise<string> {
    await this.page.goto('/subscriptions/fulfillment');
    await this.page.getByRole('button', { name: 'New purchase' }).click();
    await expect(this.dialog).toBeVisible();

    await this.choose('Product', new RegExp(`^${escape(order.product)} \\(PRD-`));
    // One connection and one marketplace listing it: the dialog picks them itself.
    await expect(this.select('Connection')).toContainText('Demo Provider EU hub');
    await expect(this.select('Marketplace')).toContainText('Demo Provider Europe');
    await this.next();

    await this.choose('Customer', new RegExp(`^${escape(order.customer)} \\(TA-`));
    await this.next();

    for (const [item, quantity] of Object.entries(order.quantities)) {
      await this.dialog.getByRole('textbox', { name: `Quantity of ${item}` }).fill(quantity);
    }
    await this.next();

    // The parameters step saves a draft first.
    await expect(this.dialog.getByText(/Saved as draft PR-/)).toBeVisible();
    for (const [title, value] of Object.entries(order.params)) {
      await this.dialog.getByRole('textbox', { name: title, exact: true }).fill(value);
    }
    await this.dialog.getByRole('button', { name: 'Place order' }).click();
    await this.page.waitForURL(/\/subscriptions\/fulfillment\/PR-[\d-]+/);
    await expect(this.dialog).toBeHidden();
    return /PR-[\d-]+/.exec(this.page.url())![0];
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
