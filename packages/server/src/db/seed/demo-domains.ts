import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { buildApp } from '../../http/app.ts';
import { startDnsServer } from '../../lib/loopback-dns.ts';
import type { DB } from '../schema.ts';
import { DEMO_PASSWORD } from './demo.ts';

/** The demo provider's own domain, verified. */
export const DEMO_DOMAIN = 'demo-provider.example';
/** Its identity provider (OpenID Connect), linked to the domain without enforcing it, and its sign-in button. */
export const DEMO_IDP = {
  name: 'Demo Provider SSO',
  issuer: 'https://sso.demo-provider.example',
  clientId: 'trellis-demo',
};

/**
 * The demo provider adds its domain and verifies it through the API, as a user would, then links it to its OpenID
 * Connect identity provider (not enforced) with a sign-in button (SSO service). The demo must not need the
 * network, so the record is answered by a DNS server on loopback that this seed runs for the occasion (the real
 * verification path, with DNS_RESOLVER pointed at it); no access rules are made, so every address gets in.
 */
export async function seedDemoDomains(db: Kysely<DB>, config: Config) {
  const dns = await startDnsServer();
  const app = await buildApp(db, { ...config, logLevel: 'silent', dnsResolver: dns.address, dnsTimeoutMs: 2000 });
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      payload: { email: 'provider@demo.trellis', password: DEMO_PASSWORD },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const headers = { cookie, 'x-session-id': login.json().session_id };
    const call = async (method: 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await app.inject({ method, url: `/public/v1${url}`, headers, payload });
      if (res.statusCode >= 300) throw new Error(`demo domains: ${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const domain = await call('POST', '/domains', {
      domain: DEMO_DOMAIN,
      description: "Demo Provider's own domain, proven by a DNS TXT record",
    });
    dns.zone.txt.set(domain.verification.name, [[domain.verification.value]]);
    const verified = await call('POST', `/domains/${domain.id}/verify`);
    if (verified.status !== 'verified')
      throw new Error(`demo domains: ${DEMO_DOMAIN} was not verified: ${JSON.stringify(verified.events)}`);
    // single sign-on: the demo IdP is not reachable (no network in the demo); signing in with it says so, and a
    // password still works for the domain's users (not enforced)
    const idp = await call('POST', '/idps', {
      name: DEMO_IDP.name,
      type: 'openid',
      description: "Demo Provider's OpenID Connect sign-in",
      settings: { openid: { issuer: DEMO_IDP.issuer, client_id: DEMO_IDP.clientId, scopes: 'openid email profile' } },
    });
    await call('PUT', `/domains/${domain.id}`, { auth: { idp: { id: idp.id }, enforce: false } });
    await call('POST', '/sso/services', {
      name: DEMO_IDP.name,
      description: `Sign in with ${DEMO_IDP.name}`,
      idp: { id: idp.id },
    });
    await app.inject({ method: 'POST', url: '/public/v1/auth/logout', headers });
  } finally {
    await app.close();
    await dns.close();
  }
}
