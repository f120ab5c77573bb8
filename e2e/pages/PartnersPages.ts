import { expect, type Locator, type Page } from '@playwright/test';
import { ResourceTable } from './ResourceTable.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The header row of a detail page: heading, chips, action buttons. */
const headerOf = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).locator('..');

/** Partners → Agreements (/partners/agreements) and the provider's "Create agreement" dialog. */
export class AgreementsPage {
  readonly agreements: ResourceTable;

  constructor(readonly page: Page) {
    this.agreements = new ResourceTable(page, 'Agreement');
  }

  async open() {
    await this.page.goto('/partners/agreements');
    await this.agreements.expectLoaded();
  }

  /** Provider: a distribution agreement with a markdown document, kept as a draft; lands on it and returns its id. */
  async createDistribution(opts: {
    title: string;
    marketplace: string;
    form: string;
    text: string;
    activate: boolean;
  }) {
    await this.page.getByRole('button', { name: 'Create agreement' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Create agreement' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(opts.title);
    await dialog.getByRole('combobox', { name: /Marketplace/ }).click();
    await this.page.getByRole('option', { name: new RegExp(`^${escape(opts.marketplace)} \\(MP-`) }).click();
    await dialog.getByRole('combobox', { name: /Enroll form/ }).click();
    await this.page.getByRole('option', { name: new RegExp(`^${escape(opts.form)} \\(FRM-`) }).click();
    await dialog.getByRole('textbox', { name: 'Document (Markdown)' }).fill(opts.text);
    const activate = dialog.getByLabel('Activate version 1 now');
    if ((await activate.isChecked()) !== opts.activate) await activate.click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await this.page.waitForURL(/\/partners\/agreements\/AGP-[\d-]+$/);
    await expect(dialog).toBeHidden();
    return /AGP-[\d-]+/.exec(this.page.url())![0];
  }
}

/** One agreement (/partners/agreements/:id): header buttons and tabs. */
export class AgreementPage {
  readonly header: Locator;

  constructor(readonly page: Page) {
    this.header = headerOf(page);
  }

  button(name: string): Locator {
    return this.header.getByRole('button', { name, exact: true });
  }

  async tab(name: string) {
    await this.page.getByRole('tab', { name }).click();
  }
}

/** One contract (/partners/contracts/:id): its actions, timeline and the enroll dialog. */
export class ContractPage {
  readonly header: Locator;
  readonly timeline: Locator;

  constructor(readonly page: Page) {
    this.header = headerOf(page);
    this.timeline = page.getByRole('region', { name: 'Timeline' });
  }

  action(name: string): Locator {
    return this.header.getByRole('button', { name, exact: true });
  }

  status(label: string): Locator {
    return this.header.getByText(label, { exact: true });
  }

  /** The timeline step's state: done, current, upcoming, failed or skipped. */
  step(key: string): Locator {
    return this.timeline.getByTestId(`step-${key}`);
  }

  /** The Enroll dialog: fill the form with `fill`, accept the terms, send. */
  async enroll(fill: (dialog: Locator) => Promise<void>) {
    await this.action('Enroll').click();
    const dialog = this.page.getByRole('dialog', { name: 'Enroll' });
    await fill(dialog);
    await dialog.getByRole('checkbox', { name: /I accept the terms/ }).check();
    await dialog.getByRole('button', { name: 'Enroll' }).click();
    await expect(dialog).toBeHidden();
  }
}
