import { test, expect } from '../fixtures.ts';
import { DEMO_USERS } from '../support/demo.ts';

// Journey: an admin creates an API token in Settings › Users › API tokens, copies the key shown once,
// a program calls the API with it, and the key stops working once the token is deactivated and deleted.
test('create, use and revoke an API token', async ({ page, loginAs, request }) => {
  const name = `E2E token ${Date.now()}`;
  await loginAs(DEMO_USERS.vendor);
  await page.goto('/settings/users/tokens');
  await page.getByRole('button', { name: 'Create token' }).click();

  const create = page.getByRole('dialog', { name: 'Create API token' });
  await create.getByLabel(/^Name/).fill(name);
  await create.getByLabel(/Account, users and groups/).check();
  await create.getByRole('button', { name: 'Create' }).click();

  const created = page.getByRole('dialog', { name: 'API token created' });
  await expect(created.getByText('it will not be shown again')).toBeVisible();
  const key = await created.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(key).toMatch(/^ApiKey SU-[\d-]+:\S+$/);

  // A program uses the key: the token works in the admin's account with the granted module.
  const asToken = () => request.get('/public/v1/auth/context', { headers: { authorization: key } });
  const context = await asToken();
  expect(context.status()).toBe(200);
  expect((await context.json()).account.name).toBe(DEMO_USERS.vendor.account.name);
  const users = await request.get(`/public/v1/accounts/${(await context.json()).account.id}/users`, {
    headers: { authorization: key },
  });
  expect(users.status()).toBe(200);

  await created.getByRole('button', { name: 'Open token' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();
  const refused = await asToken();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).errors).toEqual(['API key is inactive.']);

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete token' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/settings\/users\/tokens$/);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(`Token ${name} was deleted`);
  await expect(page.getByRole('table', { name: 'Token' }).getByText(name)).toHaveCount(0);
  expect((await asToken()).status()).toBe(401);
});
