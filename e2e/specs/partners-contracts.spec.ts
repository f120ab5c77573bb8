import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { ListingsPage } from '../pages/ListingsPage.ts';
import { AgreementPage, AgreementsPage, ContractPage } from '../pages/PartnersPages.ts';
import { ResourceTable } from '../pages/ResourceTable.ts';
import { Shell } from '../pages/Shell.ts';
import { apiAs } from '../support/api.ts';
import { DEMO_USERS, type DemoUser } from '../support/demo.ts';

// Journey: the demo distributor publishes a distribution agreement for a new marketplace of its own (markdown terms,
// the "Distribution enrolment" form, version 1 activated from the version history); the demo vendor enrolls, fills
// the form and signs; the distributor approves; the vendor can then request a listing in that marketplace.

const PRODUCT = 'Cloud Backup Pro';
const FORM = 'Distribution enrolment';

test('a distributor publishes a distribution agreement; a vendor enrolls and is approved, then lists there', async ({
  page,
  playwright,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const marketplace = `E2E Nordics ${stamp}`;
  const title = `Nordics distribution ${stamp}`;
  // the marketplace the agreement covers: a new one of Demo Provider's, so nothing else in the run touches it
  const contexts: APIRequestContext[] = [];
  const session = async (email: string) => {
    const request = await playwright.request.newContext({ baseURL });
    contexts.push(request);
    return apiAs(request, email);
  };
  const provider = await session(DEMO_USERS.provider.email);
  await provider.post('/marketplaces', { name: marketplace, currency: 'EUR', countries: [{ id: 'SE' }] });

  const signInAs = async (user: DemoUser) => {
    await page.context().clearCookies();
    await loginAs(user);
  };
  const shell = new Shell(page);
  const agreements = new AgreementsPage(page);
  const agreement = new AgreementPage(page);
  const contract = new ContractPage(page);

  try {
    // The distributor: the agreement as a draft, then version 1 activated from its history.
    await signInAs(DEMO_USERS.provider);
    await agreements.open();
    const agreementId = await agreements.createDistribution({
      title,
      marketplace,
      form: FORM,
      text: `# ${title}\n\n## Scope\n- List your products in ${marketplace}.`,
      activate: false,
    });
    await expect(shell.pageAlert).toHaveText(
      `Agreement ${agreementId} was created; activate version 1 under Versions when it is ready.`,
    );
    await agreement.tab('Versions');
    await new ResourceTable(page, 'Agreement version').row('Draft').click();
    const version = page.getByRole('region', { name: 'Version 1' });
    await version.getByRole('button', { name: 'Activate', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Activate' });
    await expect(confirm).toContainText('Version 1 becomes the agreement');
    await confirm.getByRole('button', { name: 'Activate' }).click();
    await expect(shell.pageAlert).toHaveText('Version 1 is active.');
    await agreement.tab('Document');
    await expect(
      page.frameLocator(`iframe[title="${title}, version 1"]`).getByRole('heading', { name: title }),
    ).toBeVisible();

    // The vendor: enrolls from the agreement's page, fills the form and signs.
    await signInAs(DEMO_USERS.vendor);
    await page.goto(`/partners/agreements/${agreementId}`);
    await agreement.button('Enroll').click();
    await page.waitForURL(/\/partners\/contracts\/CT-[\d-]+$/);
    const contractId = /CT-[\d-]+/.exec(page.url())![0];
    await expect(shell.pageAlert).toHaveText(
      `Contract ${contractId} was created: fill in the enrolment form and enroll.`,
    );
    await expect(contract.step('enrolled')).toHaveAttribute('data-state', 'current');
    await contract.enroll(async (dialog) => {
      await dialog.getByRole('textbox', { name: 'Company registration number' }).fill('SE-556677-8899');
      await dialog.getByRole('textbox', { name: 'Support e-mail' }).fill('support@demo-vendor.example');
      await dialog.getByRole('checkbox', { name: 'Europe, Middle East and Africa' }).check();
    });
    await expect(shell.pageAlert).toHaveText(`Enrolled: ${DEMO_USERS.provider.account.name} reviews the contract.`);
    await expect(contract.status('Pending')).toBeVisible();
    await expect(contract.step('signed')).toHaveAttribute('data-state', 'current');
    await expect(contract.action('Approve')).toHaveCount(0);

    // The distributor: the enrolment waits for it; it approves.
    await signInAs(DEMO_USERS.provider);
    await page.goto('/partners/contracts?waiting=1');
    const waiting = new ResourceTable(page, 'Contract');
    await waiting.expectLoaded();
    await waiting.row(contractId).click();
    await expect(contract.action('Ask to refine')).toBeVisible();
    await contract.action('Approve').click();
    await page.getByRole('dialog', { name: 'Approve contract' }).getByRole('button', { name: 'Approve' }).click();
    await expect(shell.pageAlert).toHaveText(`Contract ${contractId} is active.`);
    await expect(contract.status('Active')).toBeVisible();
    await expect(contract.step('signed')).toHaveAttribute('data-state', 'done');

    // The vendor: its contract is active, and the new marketplace is one it may request a listing in.
    await signInAs(DEMO_USERS.vendor);
    await page.goto(`/partners/contracts/${contractId}`);
    await expect(contract.status('Active')).toBeVisible();
    const listings = new ListingsPage(page);
    await listings.openDirectory();
    const requestId = await listings.requestListing(PRODUCT, marketplace);
    await expect(shell.pageAlert).toHaveText(
      `Listing request ${requestId} was created as a draft: submit it to send it to ${DEMO_USERS.provider.account.name}.`,
    );
    // tidy up: the draft goes (the marketplace and agreement stay, under names no other journey uses)
    const vendor = await session(DEMO_USERS.vendor.email);
    await vendor.delete(`/listing-requests/${requestId}`);
  } finally {
    for (const c of contexts) await c.dispose();
  }
});
