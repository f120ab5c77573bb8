import { test, expect } from '../fixtures.ts';
import { ProductPage } from '../pages/ProductPage.ts';
import { apiAs, rqlValue, signInPage } from '../support/api.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journey: a vendor creates a product, an item group, a reservation and a pay-per-use item and ordering
// parameters of every type, previews the order form with invalid then valid values (the exact §5 messages),
// builds a version (which publishes it) and connects it to Demo Provider's hub for production; that provider
// then sees it read-only.

const REQUIRED = 'This field is required';
/** Demo Provider's hub (demo data); a production connection to it lets Demo Provider read the product. */
const PROVIDER_HUB = 'Demo Provider EU hub';

/** Ordering parameters of every remaining type (company_name is made in the dialog), in form order. */
function parameters() {
  const p = (
    name: string,
    title: string,
    type: string,
    extra: Record<string, unknown> = {},
    constraints: Record<string, unknown> = {},
  ) => ({ name, title, type, phase: 'ordering', scope: 'asset', constraints, ...extra });
  const choices = (...pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));
  return [
    p('company_heading', 'Your company', 'heading', { description: 'Who is buying', position: 1 }),
    p('admin_email', 'Admin e-mail', 'email', { position: 3 }, { required: true }),
    p('website', 'Website', 'url', { position: 4 }),
    p('company_domain', 'Company domain', 'domain', { position: 5 }),
    p(
      'portal',
      'Portal',
      'subdomain',
      { position: 6 },
      { required: true, choices: choices(['backup.example.com', 'backup.example.com']) },
    ),
    p('settings', 'Settings', 'object', { position: 7 }),
    p('admin_password', 'Admin password', 'password', { position: 8 }, { min_length: 8 }),
    p('phone', 'Phone', 'phone', { position: 9, default_country: 'US' }, { required: true }),
    p('address', 'Address', 'address', { position: 10 }, { required: true }),
    p(
      'addons',
      'Add-ons',
      'checkbox',
      { position: 11 },
      { choices: choices(['dr', 'Disaster recovery'], ['shield', 'Ransomware shield']) },
    ),
    p(
      'dr_region',
      'Recovery region',
      'dropdown',
      { position: 12 },
      {
        required: true,
        choices: choices(['eu', 'Europe'], ['us', 'United States']),
        dependency: { parameter: { name: 'addons' }, values: ['dr'] },
      },
    ),
    p(
      'retention',
      'Retention',
      'choice',
      { position: 13 },
      {
        required: true,
        choices: [
          { value: '30', label: '30 days' },
          { value: '90', label: '90 days', default: true },
        ],
      },
    ),
    p(
      'terms',
      'Terms',
      'content',
      { position: 14 },
      { display_content: 'By ordering you accept the terms of service.' },
    ),
    p('reseller_code', 'Reseller code', 'text', { position: 15, scope: 'tier1' }, { required: true }),
    p('distributor_note', 'Distributor note', 'text', { position: 16, scope: 'tier2' }),
  ];
}

test.describe.serial('catalogue product', () => {
  let productId = '';
  const name = `E2E Backup ${Date.now()}`;

  test('a vendor builds a product and previews its order form', async ({ page }) => {
    test.setTimeout(120_000);
    // The API login also signs the page in (same cookie jar).
    const vendor = await apiAs(page.request, DEMO_USERS.vendor.email);
    await signInPage(page, vendor);
    const product = new ProductPage(page);

    await page.goto('/products');
    await page.getByRole('button', { name: 'Create product' }).click();
    const create = page.getByRole('dialog', { name: 'Create product' });
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await create.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/products\/PRD-[\d-]+\/general/);
    productId = /PRD-[\d-]+/.exec(page.url())![0];
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // An item group, then one item of each type in it.
    await product.openTab('Item groups');
    await page.getByRole('button', { name: 'Create group' }).click();
    const group = page.getByRole('dialog', { name: 'Create item group' });
    await group.getByRole('textbox', { name: 'Name', exact: true }).fill('Storage');
    await group.getByRole('textbox', { name: 'MPN', exact: true }).fill('GRP-STORAGE');
    await group.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('cell', { name: 'Storage', exact: true })).toBeVisible();

    await product.openTab('Items');
    for (const [itemName, mpn, type] of [
      ['Backup seat', 'SEAT-1', 'Reservation'],
      ['Stored GB', 'GB-1', 'Pay-as-you-go'],
    ]) {
      await page.getByRole('button', { name: 'Create item' }).click();
      const item = page.getByRole('dialog', { name: 'Create item' });
      await item.getByRole('textbox', { name: 'Name', exact: true }).fill(itemName);
      await item.getByRole('textbox', { name: 'MPN', exact: true }).fill(mpn);
      await item.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: type, exact: true }).click();
      await item.getByRole('combobox', { name: 'Group' }).click();
      await page.getByRole('option', { name: 'Storage', exact: true }).click();
      await item.getByRole('button', { name: 'Create' }).click();
      await expect(item).toBeHidden();
      await expect(page.getByRole('cell', { name: itemName, exact: true }).first()).toBeVisible();
    }

    // One parameter through the editor (its definition checked before sending), the other types through the API.
    await product.openTab('Ordering parameters');
    await page.getByRole('button', { name: 'Add parameter' }).click();
    const editor = page.getByRole('dialog', { name: 'Add parameter' });
    await editor.getByRole('textbox', { name: 'Name', exact: true }).fill('company_name');
    await editor.getByLabel('Type').selectOption('dropdown');
    await editor.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(editor.getByText('At least one choice is required for a dropdown parameter.')).toBeVisible();
    await expect(editor.getByRole('textbox', { name: 'Title', exact: true })).toHaveAccessibleDescription(REQUIRED);
    await editor.getByLabel('Type').selectOption('text');
    await editor.getByRole('textbox', { name: 'Title', exact: true }).fill('Company name');
    await editor.getByLabel('Minimum length').fill('3');
    await editor.getByLabel('Required', { exact: true }).check();
    await editor.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(editor).toBeHidden();
    for (const body of parameters()) await vendor.post(`/products/${productId}/parameters`, body);
    await page.reload();
    // parameters read by their title wherever a user sees them; the list pages, so the last one is searched for
    await expect(page.getByRole('link', { name: 'Company name' })).toBeVisible();
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill('distributor');
    await expect(page.getByRole('link', { name: 'Distributor note' })).toBeVisible();
    await search.fill('');
    await expect(page.getByRole('link', { name: 'Company name' })).toBeVisible();

    // The order form, grouped Customer / T1 / T2: empty, then wrong, then right.
    const form = await product.openOrderFormPreview();
    for (const section of ['Customer', 'T1', 'T2'])
      await expect(form.dialog.getByRole('heading', { name: section, exact: true })).toBeVisible();
    await expect(form.dialog.getByRole('heading', { name: 'Your company' })).toBeVisible();
    await expect(form.dialog.getByText('By ordering you accept the terms of service.')).toBeVisible();
    await expect(form.field('Recovery region')).toHaveCount(0);
    await form.validate();
    await expect(form.field('Company name')).toHaveAccessibleDescription(REQUIRED);
    await expect(form.field('Admin e-mail')).toHaveAccessibleDescription(REQUIRED);
    await expect(form.part('Portal', 'Subdomain')).toHaveAccessibleDescription(REQUIRED);
    await expect(form.part('Portal', 'Domain')).toHaveAccessibleDescription(REQUIRED);
    await expect(form.part('Phone', 'Phone number')).toHaveAccessibleDescription(REQUIRED);
    for (const part of ['Address line 1', 'City', 'State', 'Postal code']) {
      await expect(form.part('Address', part)).toHaveAccessibleDescription(REQUIRED);
    }
    await expect(form.part('Address', 'Country')).toHaveAccessibleDescription(REQUIRED);
    await expect(form.field('Reseller code')).toHaveAccessibleDescription(REQUIRED);
    await expect(form.dialog.getByText('6 fields need attention.')).toBeVisible();

    await form.field('Company name').fill('AB');
    await form.field('Admin e-mail').fill('admin@');
    await form.field('Website').fill('example');
    await form.field('Company domain').fill('example');
    await form.part('Portal', 'Subdomain').fill('-shop-');
    await form.field('Settings').fill('{retention: 30}');
    await form.field('Admin password').fill('short');
    await form.part('Phone', 'Phone number').fill('123');
    await form.part('Add-ons', 'Disaster recovery').check();
    await expect(form.field('Recovery region')).toBeVisible();
    await form.validate();
    await expect(form.field('Company name')).toHaveAccessibleDescription('Input must be at least 3 characters');
    await expect(form.field('Admin e-mail')).toHaveAccessibleDescription('E-mail must be valid');
    await expect(form.field('Website')).toHaveAccessibleDescription('Wrong URL format');
    await expect(form.field('Company domain')).toHaveAccessibleDescription('Wrong Domain format');
    await expect(form.part('Portal', 'Subdomain')).toHaveAccessibleDescription('Wrong Subdomain format');
    await expect(form.field('Settings')).toHaveAccessibleDescription('Input should be valid JSON');
    await expect(form.field('Admin password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    await expect(form.group('Phone')).toContainText('Format is not correct');
    await expect(form.field('Recovery region')).toHaveAccessibleDescription(REQUIRED);

    await form.field('Company name').fill('ACME Inc.');
    await form.field('Admin e-mail').fill('admin@acme.example');
    await form.field('Website').fill('https://acme.example');
    await form.field('Company domain').fill('acme.example');
    await form.part('Portal', 'Subdomain').fill('acme');
    await form.part('Portal', 'Domain').selectOption('backup.example.com');
    await form.field('Settings').fill('{"retention": 30}');
    await form.field('Admin password').fill('correct-horse');
    await form.part('Phone', 'Area code').fill('415');
    await form.part('Phone', 'Phone number').fill('5552671');
    await form.part('Address', 'Address line 1').fill('1 Main St');
    await form.part('Address', 'City').fill('Springfield');
    await form.part('Address', 'State').fill('IL');
    await form.part('Address', 'Postal code').fill('62701');
    await form.part('Address', 'Country').selectOption('US');
    await form.field('Recovery region').selectOption('eu');
    await form.field('Reseller code').fill('RS-1');
    await form.validate();
    await expect(form.dialog.getByText('All values are valid.')).toBeVisible();
    await expect(form.dialog.getByText(REQUIRED)).toHaveCount(0);
    await form.dialog.getByRole('button', { name: 'Close' }).click();

    // Building the first version publishes the product and its items.
    await page.getByRole('button', { name: 'Build version' }).click();
    const build = page.getByRole('dialog', { name: 'Build version' });
    await build.getByLabel('Changes description').fill('First release');
    await build.getByRole('button', { name: 'Build' }).click();
    await expect(page.getByRole('table', { name: 'Versions' }).getByText('Ready')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('main').getByText('Published', { exact: true }).first()).toBeVisible({
      timeout: 15_000,
    });

    // Published: the vendor connects it to its partner's hub for production, which gives that provider sight of it.
    const [hub] = await vendor.get('/hubs', `eq(name,${rqlValue(PROVIDER_HUB)})`);
    expect(hub?.id, `the demo hub ${PROVIDER_HUB}`).toBeTruthy();
    const connection = await vendor.post(`/products/${productId}/connections`, {
      hub: { id: hub.id },
      type: 'production',
    });
    expect(connection).toMatchObject({
      status: 'active',
      type: 'production',
      provider: { name: DEMO_USERS.provider.account.name },
    });
  });

  test('the provider the product is connected to sees it read-only', async ({ page }) => {
    expect(productId, 'the vendor journey made and connected the product').not.toBe('');
    await signInPage(page, await apiAs(page.request, DEMO_USERS.provider.email));
    const product = new ProductPage(page);

    await page.goto(`/products/${productId}/parameters/ordering`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(product.readOnlyNotice).toHaveText(
      `This product belongs to ${DEMO_USERS.vendor.account.name}: you see it read-only.`,
    );
    await expect(page.getByRole('link', { name: 'Company name' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add parameter' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Company name' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Build version' })).toHaveCount(0);

    // The form preview is reading, not writing: it stays.
    const form = await product.openOrderFormPreview();
    await form.validate();
    await expect(form.field('Company name')).toHaveAccessibleDescription(REQUIRED);
    await form.dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Company name' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Company name' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  });
});
