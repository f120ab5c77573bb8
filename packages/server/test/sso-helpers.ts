import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import Provider from 'oidc-provider';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

// Identity providers simulated inside a test (no vitest here: the e2e journey may import this too).
// - samlIdp(): a SAML 2.0 IdP's key and certificate, reading AuthnRequests and signing real assertions (xml-crypto).
// - startOidcProvider(): an OpenID Connect provider (oidc-provider) on loopback whose sign-in is automatic: it signs
//   in whoever `signIn` names, and a browser-like client (`follow`) carries the flow to the relying party's callback.

// ---------------------------------------------------------------- the browser's SSO cookie

/** The cookie /start sets to bind a flow to its browser; the ACS and the callback require it, and clear it. */
export const SSO_COOKIE = 'trellis_sso';

/**
 * What a browser keeps of the SSO cookie after a response: its `name=value` when set, '' when cleared, `kept`
 * (what it had) when the response does not touch it.
 */
export function ssoCookieAfter(cookies: { name: string; value: string }[], kept = ''): string {
  const c = cookies.find((x) => x.name === SSO_COOKIE);
  if (!c) return kept;
  return c.value ? `${c.name}=${c.value}` : '';
}

/** The cookies a response sets, but the SSO cookie (a session cookie is what a sign-in leaves). */
export const sessionCookies = (cookies: { name: string; value: string }[]) =>
  cookies
    .filter((c) => c.name !== SSO_COOKIE)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');

// ---------------------------------------------------------------- SAML

export interface SamlIdp {
  entityId: string;
  ssoUrl: string;
  cert: string;
  privateKey: string;
  /** The AuthnRequest a start redirect carries (HTTP-Redirect binding): its ID, ACS URL, issuer, and signature. */
  readRequest(location: string): {
    id: string;
    acs: string;
    issuer: string;
    signed: boolean;
    relayState: string | null;
    xml: string;
  };
  /** A base64 SAMLResponse with one signed assertion. */
  response(opts: SamlResponseOptions): string;
}

export interface SamlResponseOptions {
  inResponseTo: string | null;
  acs: string;
  audience: string;
  email: string;
  name?: string;
  /** Validity end of the assertion (default in 5 minutes). */
  notOnOrAfter?: Date;
  /** Sign with another key than the one the SP knows (a forged answer). */
  signWith?: { privateKey: string; cert: string };
  /** Change the assertion after it was signed (the signature then fails). */
  tamper?: boolean;
  issuer?: string;
}

export async function keyPair(cn = 'Test IdP'): Promise<{ privateKey: string; cert: string }> {
  const made = await generate([{ name: 'commonName', value: cn }], { keySize: 2048, algorithm: 'sha256' });
  return { privateKey: made.private, cert: made.cert };
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function samlIdp(entityId = 'https://idp.example/saml'): Promise<SamlIdp> {
  const own = await keyPair();
  const ssoUrl = 'https://idp.example/saml/sso';
  return {
    entityId,
    ssoUrl,
    ...own,
    readRequest(location) {
      const url = new URL(location);
      const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
      return {
        id: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '',
        acs: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '',
        issuer: /<(?:\w+:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '',
        signed: Boolean(url.searchParams.get('Signature') && url.searchParams.get('SigAlg')),
        relayState: url.searchParams.get('RelayState'),
        xml,
      };
    },
    response(o) {
      const now = new Date();
      const iso = (d: Date) => d.toISOString();
      const until = o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
      const before = new Date(Math.min(now.getTime(), until.getTime()) - 60_000);
      const id = () => `_${randomBytes(16).toString('hex')}`;
      const irt = o.inResponseTo ? ` InResponseTo="${xmlEscape(o.inResponseTo)}"` : '';
      const issuer = xmlEscape(o.issuer ?? entityId);
      const email = xmlEscape(o.email);
      const assertion =
        `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${iso(now)}">` +
        `<saml:Issuer>${issuer}</saml:Issuer>` +
        `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${email}</saml:NameID>` +
        `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} NotOnOrAfter="${iso(until)}" Recipient="${xmlEscape(o.acs)}"/></saml:SubjectConfirmation></saml:Subject>` +
        `<saml:Conditions NotBefore="${iso(before)}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
        `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${id()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
        `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${email}</saml:AttributeValue></saml:Attribute>` +
        `<saml:Attribute Name="name"><saml:AttributeValue>${xmlEscape(o.name ?? o.email)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>` +
        `</saml:Assertion>`;
      const signer = o.signWith ?? own;
      const sig = new SignedXml({
        privateKey: signer.privateKey,
        publicCert: signer.cert,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      });
      sig.addReference({
        xpath: "//*[local-name(.)='Assertion']",
        transforms: [
          'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
          'http://www.w3.org/2001/10/xml-exc-c14n#',
        ],
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      });
      sig.computeSignature(assertion, {
        location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
      });
      let signed = sig.getSignedXml();
      if (o.tamper)
        signed = signed.replace(`<saml:AttributeValue>${email}`, '<saml:AttributeValue>mallory@evil.example');
      const xml =
        `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${xmlEscape(o.acs)}"${irt}>` +
        `<saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
        signed +
        `</samlp:Response>`;
      return Buffer.from(xml).toString('base64');
    },
  };
}

// ---------------------------------------------------------------- OpenID Connect

export interface OidcUser {
  email: string;
  name?: string;
  email_verified?: boolean;
}

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Register the relying party's redirect URI(s) (the callback URL holds the IdP id, known once it is created). */
  setRedirectUris(uris: string[]): void;
  /** Who the next sign-in authenticates. */
  signIn(user: OidcUser): void;
  /**
   * Act as the browser from the authorization URL on: follow the provider's redirects (with its cookies) until one
   * leaves the provider, and return that URL (the relying party's callback with code and state).
   */
  follow(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcProvider(
  opts: { clientId?: string; clientSecret?: string } = {},
): Promise<OidcProvider> {
  const clientId = opts.clientId ?? 'trellis';
  const clientSecret = opts.clientSecret ?? randomBytes(16).toString('hex');
  let redirectUris: string[] = ['http://127.0.0.1/unset'];
  let user: OidcUser = { email: 'nobody@example.com' };
  let provider: any = null;
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((e) => {
      res.statusCode = 500;
      res.end(String(e?.stack ?? e));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = () => {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      findAccount: async (_ctx: unknown, sub: string) => ({
        accountId: sub,
        claims: async () => ({
          sub,
          email: user.email,
          email_verified: user.email_verified ?? true,
          name: user.name ?? user.email,
        }),
      }),
      cookies: { keys: ['test-cookie-key'] },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    });
    provider.proxy = false;
  };
  build();

  // the provider's own sign-in and consent pages, answered at once for `user`
  async function handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
    if (req.url?.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: user.email } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
      const missing = details.prompt.details ?? {};
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, (scopes as string[]).join(' '));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    provider.callback()(req, res);
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setRedirectUris(uris) {
      redirectUris = uris;
      build();
    },
    signIn(u) {
      user = u;
    },
    async follow(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 20; hop++) {
        if (!url.startsWith(issuer)) return url;
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const i = pair.indexOf('=');
          const name = pair.slice(0, i).trim();
          const value = pair.slice(i + 1).trim();
          if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') jar.delete(name);
          else jar.set(name, value);
        }
        const next = res.headers.get('location');
        if (!next) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
        url = new URL(next, url).href;
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
