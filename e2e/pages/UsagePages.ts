import { expect, type Download, type Locator, type Page } from '@playwright/test';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Usage (/usage): the files by status and the vendor's "New usage file" dialog. */
export class UsageFilesPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/usage/all');
    await expect(this.page.getByRole('table', { name: 'Usage file' })).toBeVisible();
  }

  /**
   * Vendor: a draft for `product` reported to `provider` under its contract of `agreement`, for the days `first`…`last`;
   * lands on it, returns its id.
   */
  async create(opts: {
    name: string;
    product: string;
    provider: string;
    agreement: string;
    first: string;
    last: string;
  }) {
    await this.page.getByRole('button', { name: 'New usage file' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New usage file' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(opts.name);
    await dialog.getByRole('combobox', { name: /Product/ }).click();
    await this.page.getByRole('option', { name: new RegExp(`^${escape(opts.product)} \\(PRD-`) }).click();
    await dialog.getByRole('combobox', { name: /Contract/ }).click();
    await this.page
      .getByRole('option', {
        name: new RegExp(`^${escape(opts.provider)} · Distribution · ${escape(opts.agreement)} · CT-`),
      })
      .click();
    await dialog.getByLabel(/^First day/).fill(opts.first);
    await dialog.getByLabel(/^Last day/).fill(opts.last);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await this.page.waitForURL(/\/usage\/files\/UF-[\d-]+$/);
    await expect(dialog).toBeHidden();
    return /UF-[\d-]+/.exec(this.page.url())![0];
  }
}

/** One usage file (/usage/files/:id): header actions, the Overview's upload box and outcome, the tabs. */
export class UsageFilePage {
  readonly main: Locator;
  readonly header: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.header = this.main.getByRole('heading', { level: 1 }).locator('..');
  }

  async open(id: string) {
    await this.page.goto(`/usage/files/${id}`);
    await expect(this.main.getByRole('heading', { level: 1 })).toBeVisible();
  }

  action(name: string): Locator {
    return this.header.getByRole('button', { name, exact: true });
  }

  status(label: string): Locator {
    return this.header.getByText(label, { exact: true });
  }

  async tab(name: string) {
    await this.main.getByRole('tab', { name, exact: true }).click();
  }

  /** The product's template, as the browser saves it. */
  async downloadTemplate(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.main.getByRole('button', { name: 'Download template' }).click();
    return download;
  }

  /** Chooses a spreadsheet in the upload box shown (the file's, or the reconciliation's). */
  async upload(name: string, buffer: Buffer) {
    await this.main.getByTestId('upload-input').setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
  }
}
