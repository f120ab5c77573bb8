import { expect, type Locator, type Page } from '@playwright/test';
import { ResourceTable } from './ResourceTable.ts';

/** Listings (/listings/directory) and listing requests (/listings/requests), and the vendor's "Request listing" dialog. */
export class ListingsPage {
  readonly listings: ResourceTable;
  readonly requests: ResourceTable;

  constructor(readonly page: Page) {
    this.listings = new ResourceTable(page, 'Listing');
    this.requests = new ResourceTable(page, 'Listing request');
  }

  async openDirectory() {
    await this.page.goto('/listings/directory');
    await this.listings.expectLoaded();
  }

  /** The row of one product in one marketplace. */
  listing(product: string, marketplace: string): Locator {
    return this.listings.rows.filter({ hasText: product }).filter({ hasText: marketplace });
  }

  /** Vendor: asks for a listing through the dialog and lands on the new (draft) request; returns its id. */
  async requestListing(product: string, marketplace: string): Promise<string> {
    await this.page.getByRole('button', { name: 'Request listing' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Request listing' });
    await dialog.getByRole('combobox', { name: /Product/ }).click();
    await this.page.getByRole('option', { name: new RegExp(`^${escape(product)} \\(PRD-`) }).click();
    await dialog.getByRole('combobox', { name: /Marketplace/ }).click();
    await this.page.getByRole('option', { name: new RegExp(`^${escape(marketplace)} · `) }).click();
    await dialog.getByRole('button', { name: 'Create request' }).click();
    await this.page.waitForURL(/\/listings\/requests\/LSTR-[\d-]+$/);
    await expect(dialog).toBeHidden();
    return /LSTR-[\d-]+/.exec(this.page.url())![0];
  }
}

/** One listing request (/listings/requests/:id): the actions in its header and its status. */
export class ListingRequestPage {
  readonly header: Locator;

  constructor(readonly page: Page) {
    // the title row: heading, status chip, action buttons
    this.header = page.getByRole('main').getByRole('heading', { level: 1 }).locator('..');
  }

  async open(id: string) {
    await this.page.goto(`/listings/requests/${id}`);
    await expect(this.page.getByRole('heading', { level: 1, name: id })).toBeVisible();
  }

  action(name: string): Locator {
    return this.header.getByRole('button', { name, exact: true });
  }

  /** The status chip beside the title. */
  status(label: string): Locator {
    return this.header.getByText(label, { exact: true });
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
