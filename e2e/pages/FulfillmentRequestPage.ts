import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A fulfillment request (/subscriptions/fulfillment/:id) or a tier config request (/tier-configs/requests/:id): both
 * show the status and the actions in the title row, tabs below, and the parameters in the shared editor.
 */
export class FulfillmentRequestPage {
  readonly main: Locator;
  /** The title row: heading, status and type chips, action buttons. */
  readonly header: Locator;

  constructor(
    readonly page: Page,
    private readonly base: '/subscriptions/fulfillment' | '/tier-configs/requests',
  ) {
    this.main = page.getByRole('main');
    this.header = this.main.getByRole('heading', { level: 1 }).locator('..');
  }

  static request(page: Page) {
    return new FulfillmentRequestPage(page, '/subscriptions/fulfillment');
  }
  static tierConfigRequest(page: Page) {
    return new FulfillmentRequestPage(page, '/tier-configs/requests');
  }

  async open(id: string, tab?: string) {
    await this.page.goto(`${this.base}/${id}${tab ? `/${tab}` : ''}`);
    await expect(this.main.getByRole('heading', { level: 1, name: id })).toBeVisible();
  }

  action(name: string): Locator {
    return this.header.getByRole('button', { name, exact: true });
  }

  /** The status chip beside the title (its label, e.g. 'Tiers setup'). */
  status(label: string): Locator {
    return this.header.getByText(label, { exact: true });
  }

  async openTab(name: string) {
    await this.main.getByRole('tab', { name, exact: true }).click();
  }

  /** A message shown on the page (the page alert under the title, or the editor's outcome). */
  message(text: string | RegExp): Locator {
    return this.main.getByRole('alert').or(this.main.getByRole('status')).filter({ hasText: text });
  }

  /** A one-input parameter of the editor by its title. */
  param(title: string): Locator {
    return this.main.getByRole('textbox', { name: title, exact: true });
  }

  /** The vendor's "mark invalid" field under a provider's parameter. */
  markInvalid(title: string): Locator {
    return this.main.getByRole('textbox', { name: `Mark ${title} invalid` });
  }

  /** Saves the editor and waits for its confirmation. */
  async saveParams() {
    await this.main.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(this.message('The parameters were saved.')).toBeVisible();
  }

  /** A dialog an action opens (Approve request, Inquire, Reject request). */
  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}
