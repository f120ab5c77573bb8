import type { Locator } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { ResourceTable } from '../pages/ResourceTable.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journey: the provider creates a customer with an invalid account form first (the exact §5 messages on
// the fields), fixes it and saves; the customer appears in the list under its reseller and its page opens.

const REQUIRED = 'This field is required';

/** A field of the account form by its label (required ones read 'Name *'). */
const input = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`));

test('provider creates a customer: invalid form, then valid', async ({ page, loginAs }) => {
  const stamp = Date.now();
  const name = `E2E Customer ${stamp}`;
  await loginAs(DEMO_USERS.provider);
  await page.goto('/customers');
  const customers = new ResourceTable(page, 'Customer');
  await customers.expectLoaded();

  await page.getByRole('button', { name: 'Create customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create customer' });

  // Invalid: a short name, a bad e-mail, letters for a phone number; everything else left empty.
  await input(dialog, 'Name').fill('Abc');
  await input(dialog, 'E-mail').fill('anna@');
  await input(dialog, 'Country code').selectOption('+49');
  await input(dialog, 'Phone number').fill('abc');
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(input(dialog, 'Name')).toHaveAccessibleDescription('Input must be at least 4 characters');
  await expect(input(dialog, 'E-mail')).toHaveAccessibleDescription('E-mail must be valid');
  await expect(input(dialog, 'Phone number')).toHaveAccessibleDescription('Format is not correct for phone number');
  for (const label of [
    'External UID',
    'Address line 1',
    'City',
    'State / region',
    'Postal code',
    'Country',
    'First name',
    'Last name',
  ]) {
    await expect(input(dialog, label), label).toHaveAccessibleDescription(REQUIRED);
  }
  await expect(input(dialog, 'Tax ID')).not.toHaveAttribute('aria-invalid', 'true');

  // Fixed, under Demo Provider's T1 reseller.
  await input(dialog, 'Name').fill(name);
  await input(dialog, 'External UID').fill(`e2e-customer-${stamp}`);
  await input(dialog, 'Address line 1').fill('Friedrichstraße 100');
  await input(dialog, 'City').fill('Berlin');
  await input(dialog, 'State / region').fill('Berlin');
  await input(dialog, 'Postal code').fill('10117');
  await input(dialog, 'Country').selectOption('DE');
  await input(dialog, 'First name').fill('Anna');
  await input(dialog, 'Last name').fill('Schmidt');
  await input(dialog, 'E-mail').fill(`anna+${stamp}@customer.test`);
  await input(dialog, 'Area code').fill('30');
  await input(dialog, 'Phone number').fill('12345678');
  await expect(input(dialog, 'Name')).toHaveAccessibleDescription('4 to 64 characters.');
  const parent = input(dialog, 'Parent reseller');
  const alpine = await parent.locator('option', { hasText: 'Alpine IT Partners' }).getAttribute('value');
  await parent.selectOption(alpine!);
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByRole('alert')).toContainText(`Customer ${name} (TA-`);
  await customers.searchFor(name);
  const row = customers.row(name);
  await expect(row).toContainText('Alpine IT Partners');
  await expect(row).toContainText('Active');

  await row.click();
  await expect(page).toHaveURL(/\/customers\/directory\/TA-[\d-]+$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`anna+${stamp}@customer.test`);
  await expect(page.getByRole('main')).toContainText('+49 30 12345678');
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(page.getByRole('table', { name: 'Versions' }).getByRole('row').nth(1)).toContainText('Created');
});
