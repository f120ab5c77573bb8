import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Domain } from '@trellis/domain/identity/domain';
import type { Idp } from '@trellis/domain/identity/idp';
import type { SsoService } from '@trellis/domain/identity/sso-service';
import { mockApi, renderPortal, VENDOR_CONTEXT, type Call } from '../../../test-utils.tsx';
import { listBody } from '../testing.tsx';

// Settings › Users › Policies: identity providers and SSO services (the derived screens of their declarations), and
// the domain page's link to an identity provider.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const AT = '2026-01-02T03:04:05Z';
const owner = { id: 'VA-100-200', name: 'Demo Vendor' };
const okta: Idp = {
  id: 'IDP-1234',
  name: 'Acme Okta',
  description: '',
  external_id: '',
  type: 'openid',
  settings: { openid: { issuer: 'https://acme.okta.test', client_id: 'trellis', client_secret: '********' } },
  owner,
  events: { created: { at: AT } },
};
const entra: Idp = { ...okta, id: 'IDP-5678', name: 'Entra', type: 'saml', settings: { entity_id: 'urn:entra' } };
const service: SsoService = {
  id: 'SSO-100-200',
  name: 'Sign in with Okta',
  description: '',
  idp: { id: okta.id, name: okta.name, type: 'openid' },
  status: 'active',
  owner,
  login: { method: 'GET', url: 'http://localhost/public/v1/auth/sso/IDP-1234/start?service=SSO-100-200' },
  events: { created: { at: AT } },
};
const domain: Domain = {
  id: 'DO-100-200-300',
  name: 'acme.test',
  domain: 'acme.test',
  description: '',
  type: 'custom',
  token: 'abc',
  verification: { name: '_trellis-verification.acme.test', type: 'TXT', value: 'trellis-verification=abc' },
  status: 'verified',
  owner,
  events: { created: { at: AT }, verified: { at: AT } },
};
const context = () => ({ body: VENDOR_CONTEXT });
/** The writes the screens made (recents the shell keeps aside). */
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET' && !c.path.endsWith('/recents'));

describe('identity providers and SSO services in Settings › Users › Policies', () => {
  it('lists both, linked to their pages', async () => {
    mockApi({
      'GET /auth/context': context,
      'GET /domains': () => listBody([]),
      'GET /idps': () => listBody([okta, entra]),
      'GET /sso/services': () => listBody([service]),
      'GET /idps/IDP-1234': () => ({ body: okta }),
    });
    const { router } = renderPortal('/settings/users/policies');
    const idps = await screen.findByRole('table', { name: 'Identity provider' });
    await waitFor(() => expect(within(idps).getAllByRole('row')).toHaveLength(3));
    expect(within(idps).getByText('OpenID Connect')).toBeTruthy();
    expect(within(idps).getByText('SAML 2.0')).toBeTruthy();
    const services = await screen.findByRole('table', { name: 'SSO service' });
    await waitFor(() => expect(within(services).getAllByRole('row')).toHaveLength(2));
    expect(within(services).getByText('Active')).toBeTruthy();
    fireEvent.click(within(idps).getByText('Acme Okta'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/users/idps/IDP-1234'));
  });

  it('adds an OpenID Connect provider with the settings the server requires, and opens its page', async () => {
    const calls = mockApi({
      'GET /auth/context': context,
      'GET /domains': () => listBody([]),
      'GET /idps': () => listBody([]),
      'GET /sso/services': () => listBody([]),
      'POST /idps': () => ({ status: 201, body: { ...okta, id: 'IDP-9999' } }),
      'GET /idps/IDP-9999': () => ({ body: { ...okta, id: 'IDP-9999', name: 'Corp' } }),
    });
    const { router } = renderPortal('/settings/users/policies');
    expect(await screen.findByRole('button', { name: 'Add SAML 2.0 provider' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add OpenID Connect provider' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Corp' } });
    // the issuer and the client are required: nothing is sent without them
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(writes(calls)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/^Issuer/), { target: { value: 'https://login.corp.test' } });
    fireEvent.change(within(dialog).getByLabelText(/^Client ID/), { target: { value: 'portal' } });
    fireEvent.change(within(dialog).getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/users/idps/IDP-9999'));
    expect(writes(calls).map((c) => [c.path, c.body])).toEqual([
      [
        '/idps',
        {
          name: 'Corp',
          description: '',
          type: 'openid',
          settings: {
            openid: { issuer: 'https://login.corp.test', client_id: 'portal', scopes: null, client_secret: 's3cret' },
          },
        },
      ],
    ]);
  });

  it('adds an SSO service for one of the account’s identity providers', async () => {
    const calls = mockApi({
      'GET /auth/context': context,
      'GET /domains': () => listBody([]),
      'GET /idps': () => listBody([okta, entra]),
      'GET /sso/services': () => listBody([]),
      'POST /sso/services': () => ({ status: 201, body: { ...service, id: 'SSO-300-400' } }),
      'GET /sso/services/SSO-300-400': () => ({ body: { ...service, id: 'SSO-300-400' } }),
    });
    const { router } = renderPortal('/settings/users/policies');
    const add = await screen.findByRole('button', { name: 'Add SSO service' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Entra button' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Identity provider/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Entra (SAML 2.0)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/users/sso-services/SSO-300-400'));
    expect(writes(calls).map((c) => c.body)).toEqual([
      { name: 'Entra button', description: '', idp: { id: 'IDP-5678' } },
    ]);
  });

  it('an OpenID provider’s page shows its redirect URI; its settings keep the stored secret unless a new one is typed', async () => {
    const calls = mockApi({
      'GET /auth/context': context,
      'GET /idps/IDP-1234': () => ({ body: okta }),
      'PUT /idps/IDP-1234': () => ({ body: okta }),
    });
    renderPortal('/settings/users/idps/IDP-1234');
    expect(
      await screen.findByDisplayValue(`${window.location.origin}/public/v1/auth/sso/IDP-1234/callback`),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'OpenID Connect settings' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Issuer/) as HTMLInputElement).value).toBe('https://acme.okta.test');
    expect((within(dialog).getByLabelText('Client secret') as HTMLInputElement).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText('Scopes'), { target: { value: 'openid email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({
      settings: {
        openid: { issuer: 'https://acme.okta.test', client_id: 'trellis', scopes: 'openid email' },
      },
    });
  });
});

describe('an SSO service’s page', () => {
  it('shows its provider, disables it, and uploads the icon of its button', async () => {
    let current: SsoService = service;
    const calls = mockApi({
      'GET /auth/context': context,
      'GET /idps': () => listBody([okta]),
      [`GET /sso/services/${service.id}`]: () => ({ body: current }),
      [`POST /sso/services/${service.id}/disable`]: () => {
        current = { ...current, status: 'disabled' };
        return { body: current };
      },
      [`POST /sso/services/${service.id}/icon`]: () => {
        current = { ...current, icon: '/files/sso/icon.png' };
        return { body: current };
      },
    });
    renderPortal(`/settings/users/sso-services/${service.id}`);
    expect(await screen.findByRole('heading', { name: 'Sign in with Okta' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Acme Okta' }).getAttribute('href')).toBe('/settings/users/idps/IDP-1234');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(writes(calls).map((c) => c.path)).toContain(`/sso/services/${service.id}/disable`));

    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'okta.svg', { type: 'image/svg+xml' });
    fireEvent.change(screen.getByLabelText('Icon file'), { target: { files: [file] } });
    expect(await screen.findByRole('img', { name: 'Icon of the sign-in button' })).toBeTruthy();
    const upload = calls.find((c) => c.path === `/sso/services/${service.id}/icon`)!;
    expect(upload.method).toBe('POST');
  });
});

describe('the domain’s identity provider', () => {
  it('shows the link and enforcement, and links the domain to another provider with enforcement', async () => {
    let current: Domain = {
      ...domain,
      auth: { idp: { id: okta.id, name: okta.name, type: 'openid' }, enforce: false },
    };
    const calls = mockApi({
      'GET /auth/context': context,
      [`GET /domains/${domain.id}`]: () => ({ body: current }),
      [`GET /domains/${domain.id}/users`]: () => listBody([]),
      'GET /idps': () => listBody([okta, entra]),
      [`PUT /domains/${domain.id}`]: () => {
        current = { ...domain, auth: { idp: { id: entra.id, name: entra.name, type: 'saml' }, enforce: true } };
        return { body: current };
      },
    });
    renderPortal(`/settings/users/domains/${domain.id}`);
    const idpRow = (await screen.findByText('Identity provider', { selector: 'dt' })).nextElementSibling!;
    expect(idpRow.textContent).toContain('Acme Okta');
    expect(screen.getByText('Single sign-on enforced', { selector: 'dt' }).nextElementSibling!.textContent).toBe('No');

    fireEvent.click(screen.getByRole('button', { name: 'Single sign-on' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Identity provider/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Entra (SAML 2.0)' }));
    fireEvent.click(within(dialog).getByLabelText(/Enforce single sign-on/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ auth: { idp: { id: 'IDP-5678' }, enforce: true } });
    expect(await screen.findByText('acme.test signs in with Entra only.')).toBeTruthy();
  });

  it('unlinks: auth null', async () => {
    const linked: Domain = {
      ...domain,
      auth: { idp: { id: okta.id, name: okta.name, type: 'openid' }, enforce: true },
    };
    const calls = mockApi({
      'GET /auth/context': context,
      [`GET /domains/${domain.id}`]: () => ({ body: linked }),
      [`GET /domains/${domain.id}/users`]: () => listBody([]),
      'GET /idps': () => listBody([okta]),
      [`PUT /domains/${domain.id}`]: () => ({ body: domain }),
    });
    renderPortal(`/settings/users/domains/${domain.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Single sign-on' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Identity provider/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'None: users sign in with a password' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ auth: null });
  });

  it('gives one of the domain’s users an identity provider of their own, and back to the domain’s', async () => {
    const ann = {
      id: 'UR-1',
      name: 'Ann',
      email: 'ann@acme.test',
      status: 'joined',
      active: true,
      groups: [],
      domain: { id: domain.id, name: domain.domain },
      events: { invited: { at: AT } },
    };
    let current: typeof ann & { auth?: unknown } = ann;
    const calls = mockApi({
      'GET /auth/context': context,
      [`GET /domains/${domain.id}`]: () => ({ body: domain }),
      [`GET /domains/${domain.id}/users`]: () => listBody([current]),
      'GET /idps': () => listBody([okta, entra]),
      [`PUT /domains/${domain.id}/users/UR-1`]: (c) => {
        const idp = (c.body as { idp: { id: string } | null }).idp;
        current = idp ? { ...ann, auth: { idp: { id: idp.id, name: 'Entra', type: 'saml' }, enforce: false } } : ann;
        return { body: current };
      },
    });
    renderPortal(`/settings/users/domains/${domain.id}?tab=users`);
    fireEvent.click(await screen.findByRole('button', { name: 'Identity provider of ann@acme.test' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: /Identity provider/ }).textContent).toBe(
      'The domain’s identity provider',
    );
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Identity provider/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Entra (SAML 2.0)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ idp: { id: 'IDP-5678' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'Identity provider of ann@acme.test' }));
    dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Identity provider/ }).textContent).toBe('Entra (SAML 2.0)'),
    );
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Identity provider/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'The domain’s identity provider' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].body).toEqual({ idp: null });
  });

  it('offers no link before the domain is verified', async () => {
    mockApi({
      'GET /auth/context': context,
      [`GET /domains/${domain.id}`]: () => ({ body: { ...domain, status: 'pending' } }),
    });
    renderPortal(`/settings/users/domains/${domain.id}`);
    expect(await screen.findByText('Publish this DNS record, then verify')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Single sign-on' })).toBeNull();
  });
});
