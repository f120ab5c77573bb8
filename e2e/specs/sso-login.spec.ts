import { startOidcProvider } from '../../packages/server/test/sso-helpers.ts';
import { expect, test } from '../fixtures.ts';
import { apiAs } from '../support/api.ts';
import { DEMO_USERS } from '../support/demo.ts';

/** Demo Provider's verified domain (the demo links it to its own IdP, not enforced). */
const DEMO_DOMAIN = 'demo-provider.example';

// Single sign-on (issue 14): Demo Vendor configures an OpenID Connect provider (a real one, run on loopback by the
// test) and an SSO service; its portal host (`localhost:<port>`, seeded as Demo Vendor's) shows "Sign in with …" on
// the login page; the user signs in in the pop-up and the login page opens the portal — no password, no MFA step.

test('a user signs in with single sign-on through the pop-up', async ({ page, playwright, baseURL, shell }) => {
  test.slow(); // a provider to start, an API set-up, a pop-up round trip through the provider
  const vera = DEMO_USERS.vendor;
  const portal = `http://localhost:${new URL(baseURL!).port}`;
  const oidc = await startOidcProvider();
  const api = await playwright.request.newContext({ baseURL });
  const admin = await apiAs(api, vera.email);
  const name = `Loopback OIDC ${Date.now()}`;
  let idpId: string | undefined;
  let serviceId: string | undefined;
  try {
    // the provider learns the redirect URI once the IdP exists (it names the IdP's id)
    const idp = await admin.post<{ id: string }>('/idps', {
      name,
      type: 'openid',
      settings: { openid: { issuer: oidc.issuer, client_id: oidc.clientId, client_secret: oidc.clientSecret } },
    });
    idpId = idp.id;
    oidc.setRedirectUris([`${portal}/public/v1/auth/sso/${idp.id}/callback`]);
    const service = await admin.post<{ id: string }>('/sso/services', { name, idp: { id: idp.id } });
    serviceId = service.id;
    oidc.signIn({ email: vera.email, name: vera.name });

    // the login page of Demo Vendor's portal host offers the service; the pop-up signs Vera in
    await page.goto(`${portal}/login`);
    const button = page.getByRole('button', { name: `Sign in with ${name}` });
    await expect(button).toBeVisible();
    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await popup.waitForEvent('close', { timeout: 20_000 });

    // the opener took the session over and went where a password login goes
    await expect(shell.title).toHaveText(`Welcome, ${vera.name}`);
    expect(new URL(page.url()).pathname).toBe('/');
    await shell.expectAccount(vera.account.name);
    // the session is the page's own: it survives a reload
    await page.reload();
    await expect(shell.title).toHaveText(`Welcome, ${vera.name}`);
  } finally {
    if (serviceId) await admin.delete(`/sso/services/${serviceId}`);
    if (idpId) await admin.delete(`/idps/${idpId}`);
    await api.dispose();
    await oidc.close();
  }
});

test('a domain that enforces single sign-on: the login page sends its user to the provider, who is then provisioned', async ({
  page,
  playwright,
  baseURL,
  loginPage,
  shell,
}) => {
  test.slow();
  const oidc = await startOidcProvider();
  const api = await playwright.request.newContext({ baseURL });
  const paul = await apiAs(api, DEMO_USERS.provider.email);
  const put = async (path: string, data: unknown) => {
    const res = await api.put(`/public/v1${path}`, { data, headers: { 'x-session-id': paul.sessionId } });
    expect(res.ok(), `PUT ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  };
  const [domain] = await paul.get<{ id: string; auth?: { idp: { id: string }; enforce: boolean } }[]>(
    '/domains',
    `eq(domain,${DEMO_DOMAIN})`,
  );
  expect(domain, `${DEMO_DOMAIN} is seeded`).toBeTruthy();
  const email = `ann-${Date.now()}@${DEMO_DOMAIN}`;
  const name = `Corporate OIDC ${Date.now()}`;
  let idpId: string | undefined;
  try {
    const idp = await paul.post<{ id: string }>('/idps', {
      name,
      type: 'openid',
      settings: { openid: { issuer: oidc.issuer, client_id: oidc.clientId, client_secret: oidc.clientSecret } },
    });
    idpId = idp.id;
    oidc.setRedirectUris([`${baseURL}/public/v1/auth/sso/${idp.id}/callback`]);
    await put(`/domains/${domain.id}`, { auth: { idp: { id: idp.id }, enforce: true } });
    oidc.signIn({ email, name: 'Ann Enforced' });

    // a password is refused: the page says why and offers the domain's provider instead of an error
    await loginPage.goto();
    await loginPage.submitWith(email, 'Whatever-pass-1');
    await expect(page.getByText('Your organisation signs you in with single sign-on')).toBeVisible();
    await expect(page.getByText(/not with a password/)).toHaveCount(0);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: `Sign in with ${name}` }).click(),
    ]);
    await popup.waitForEvent('close', { timeout: 20_000 });

    // the first sign-in made Ann a user of Demo Provider
    await expect(shell.title).toHaveText('Welcome, Ann Enforced');
    await shell.expectAccount(DEMO_USERS.provider.account.name);
  } finally {
    // the demo's link again (its own IdP, not enforced), then the test's IdP can go
    await put(`/domains/${domain.id}`, { auth: domain.auth ? { idp: domain.auth.idp, enforce: false } : null });
    if (idpId) await paul.delete(`/idps/${idpId}`);
    await api.dispose();
    await oidc.close();
  }
});
