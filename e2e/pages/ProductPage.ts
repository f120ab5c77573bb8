import { type Locator, type Page } from '@playwright/test';

/** A product (/products/:id/...): its tabs, the read-only notice and the order form preview of the parameter tabs. */
export class ProductPage {
  readonly readOnlyNotice: Locator;

  constructor(readonly page: Page) {
    this.readOnlyNotice = page.getByRole('main').getByRole('status').filter({ hasText: 'read-only' });
  }

  tab(label: string): Locator {
    return this.page.getByRole('tab', { name: label, exact: true });
  }

  async openTab(label: string) {
    await this.tab(label).click();
    await this.page.waitForURL((u) => !u.pathname.endsWith('/general'));
  }

  /** Opens the "Preview order form" dialog of the ordering parameters tab. */
  async openOrderFormPreview(): Promise<OrderFormPreview> {
    await this.page.getByRole('button', { name: 'Preview order form' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Preview order form' });
    await dialog.waitFor();
    return new OrderFormPreview(dialog);
  }
}

/** The order form as a customer sees it, with a Validate button running the shared validator. */
export class OrderFormPreview {
  constructor(readonly dialog: Locator) {}

  /** A one-input parameter by its title (text, e-mail, URL, password, JSON, dropdown). */
  field(title: string, within: Locator = this.dialog): Locator {
    const name = { name: title, exact: true };
    // Password inputs have no role; their label names them.
    return within
      .getByRole('textbox', name)
      .or(within.getByRole('combobox', name))
      .or(within.getByLabel(title, { exact: true }));
  }

  /** A parameter made of parts (subdomain, phone, address, checkbox options): the group named by its title. */
  group(title: string): Locator {
    return this.dialog.getByRole('group', { name: title, exact: true });
  }

  /** One part of such a parameter ('Portal' › 'Subdomain', 'Address' › 'City'). */
  part(groupTitle: string, label: string): Locator {
    return this.field(label, this.group(groupTitle));
  }

  async validate() {
    await this.dialog.getByRole('button', { name: 'Validate' }).click();
  }
}
