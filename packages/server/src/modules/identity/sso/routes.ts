import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SsoLogin, SsoService, type Idp } from '@trellis/domain';
import { fileKeyOf, fileStoreFor, fileUrl, readUpload, registerMultipart } from '../../../files/index.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import type { Config } from '../../../config.ts';
import { digest, newSecret, sameDigest } from '../../../lib/secrets.ts';
import { API_BASE, describeRoute } from '../../../openapi/openapi.ts';
import { getObject, presentObject, saveStamped, type Params } from '../../../resources/engine.ts';
import { registerResource } from '../../../resources/routes.ts';
import { storeLogo } from '../../branding/images.ts';
import type { Api } from '../../types.ts';
import { SecretBox } from '../mfa/secret-box.ts';
import { idps } from './idps.ts';
import {
  finishOidc,
  finishSaml,
  FLOW_TTL_MS,
  samlMetadata,
  SsoError,
  startOidc,
  startSaml,
  type FlowData,
} from './protocols.ts';
import { ssoServices } from './services.ts';
import { signInWithIdp } from './signin.ts';
import { checkSpKeyConfig, spKey } from './sp-key.ts';

export const SSO_BOX_KIND = { setting: 'SSO_ENCRYPTION_KEY', stateKey: 'sso_encryption_key', what: 'SSO secret' };

/** The origin the request reached (scheme and host, as the browser sees it). */
export const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** Public, and limited per client address like the other public routes (http/rate-limit.ts). */
const limited = (name: string) => ({ public: true, rateLimit: { name } });
const StartQuery = z.object({ service: z.string().optional(), email: z.string().optional() });
const AcsBody = z.object({ SAMLResponse: z.string().min(1), RelayState: z.string().optional() });

/**
 * Login CSRF: each flow is bound to the browser that started it. /start sets a random secret in this cookie and keeps
 * its digest in the flow; the ACS and the callback refuse an answer arriving without it. The answers are always
 * reached under API_BASE (acsUrl, callbackUrl), whichever prefix /start was called on.
 */
const SSO_COOKIE = 'trellis_sso';
const SSO_COOKIE_PATH = `${API_BASE}/auth/sso`;
const NOT_THIS_BROWSER = 'This sign-in was not started in this browser. Start it again from the login page.';

/** Set the flow's browser cookie; the digest to keep in the flow. */
function bindBrowser(req: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'publicUrl'>): string {
  const secret = newSecret();
  // Secure over https (as the session cookie); then SameSite=None, so a SAML IdP on another site can post it back
  const secure = req.protocol === 'https' || config.publicUrl.toLowerCase().startsWith('https:');
  reply.setCookie(SSO_COOKIE, secret, {
    path: SSO_COOKIE_PATH,
    httpOnly: true,
    secure,
    sameSite: secure ? 'none' : 'lax',
    maxAge: FLOW_TTL_MS / 1000,
  });
  return digest(secret);
}

/** At the answer: the cookie is cleared whatever the outcome; the check refuses a flow of another browser. */
function browserCheck(req: FastifyRequest, reply: FastifyReply) {
  const secret = req.cookies?.[SSO_COOKIE];
  reply.clearCookie(SSO_COOKIE, { path: SSO_COOKIE_PATH });
  return (flow: FlowData) => {
    if (!secret || !sameDigest(secret, flow.browser ?? null)) throw new SsoError(NOT_THIS_BROWSER);
  };
}

/** The pop-up goes back to the portal: /redirect?sso=done, or ?sso=error&message=… */
function backToPortal(reply: FastifyReply, origin: string, error?: string) {
  const url = error
    ? `${origin}/redirect?sso=error&message=${encodeURIComponent(error)}`
    : `${origin}/redirect?sso=done`;
  return reply.redirect(url, 302);
}

async function idpById(api: Api, id: string): Promise<Idp | null> {
  const row = await api.db.selectFrom('idps').select('data').where('id', '=', id).executeTakeFirst();
  return (row?.data as Idp | undefined) ?? null;
}

/** /idps, /sso/services, and the sign-in flows under /auth/sso/{idp}. */
export function ssoRoutes(api: Api) {
  const { app, db, config } = api;
  // a malformed key stops the start, as MFA_ENCRYPTION_KEY does
  const box = new SecretBox(config.ssoEncryptionKey, SSO_BOX_KIND);
  checkSpKeyConfig(config);
  const store = fileStoreFor(config);
  registerResource(app, db, idps(box));
  registerResource(app, db, ssoServices);

  // Where a sign-in button leads (public: the login page asks before anyone is signed in).
  app.get('/sso/services/:id/login', { config: limited('sso-login') }, async (req) => {
    const { id } = req.params as Params;
    const row = await db.selectFrom('sso_services').select('data').where('id', '=', id).executeTakeFirst();
    const service = row?.data as SsoService | undefined;
    if (!service || service.status !== 'active') throw ApiError.notFound('SSO service');
    return { method: service.login.method, url: `${originOf(req)}${service.login.url}` };
  });

  app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post('/sso/services/:id/icon', async (req) => {
      const ctx = requireCtx(req);
      const params = req.params as Params;
      // 404 for another tenant's service before the body is read
      await getObject(ssoServices, ctx, params, params.id, db);
      const { file } = await readUpload(req, 'icon');
      if (!file) throw ApiError.badRequest('icon: This field is required');
      const key = await storeLogo(store, file);
      try {
        const { next, old } = await db.transaction().execute(async (trx) => {
          const current = await getObject(ssoServices, ctx, params, params.id, trx, { lock: true });
          const saved = await saveStamped(ssoServices, ctx, current, { ...current, icon: fileUrl(key) }, 'update', trx);
          return { next: saved, old: current.icon };
        });
        const oldKey = old ? fileKeyOf(old) : null;
        if (oldKey) await store.delete(oldKey).catch(() => undefined);
        return presentObject(ssoServices, ctx, next, db);
      } catch (e) {
        await store.delete(key);
        throw e;
      }
    });
  });

  app.get('/auth/sso/:idp/sp/metadata', { config: limited('sso-metadata') }, async (req, reply) => {
    const idp = await idpById(api, (req.params as Params).idp);
    if (!idp || idp.type !== 'saml') throw ApiError.notFound('SAML identity provider');
    const xml = samlMetadata(idp, originOf(req), await spKey(db, config));
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  });

  app.get('/auth/sso/:idp/start', { config: limited('sso-start') }, async (req, reply) => {
    const origin = originOf(req);
    try {
      const query = StartQuery.parse(req.query ?? {});
      const idp = await idpById(api, (req.params as Params).idp);
      if (!idp) throw new SsoError('This single sign-on is not known (its identity provider was deleted?).');
      if (req.ctx?.impersonator) throw new SsoError('You are logged in as another user: end the impersonation first.');
      let service: string | null = null;
      if (query.service) {
        const row = await db
          .selectFrom('sso_services')
          .select(['id', 'status', 'idp_id'])
          .where('id', '=', query.service)
          .executeTakeFirst();
        if (!row || row.idp_id !== idp.id) throw new SsoError('This sign-in button is not known.');
        if (row.status !== 'active') throw new SsoError('This sign-in button is disabled.');
        service = row.id;
      }
      const flow: FlowData = { origin, service, browser: bindBrowser(req, reply, config) };
      const url =
        idp.type === 'saml'
          ? await startSaml(db, idp, await spKey(db, config), flow)
          : await startOidc(db, box, idp, flow, query.email);
      return reply.redirect(url, 302);
    } catch (e) {
      if (e instanceof SsoError) return backToPortal(reply, origin, e.message);
      throw e;
    }
  });

  app.register(async (scope) => {
    // the IdP posts the assertion as an HTML form (HTTP-POST binding)
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post('/auth/sso/:idp/acs', { config: { ...limited('sso-acs'), crossSitePost: true } }, async (req, reply) => {
      const origin = originOf(req);
      const checkBrowser = browserCheck(req, reply);
      try {
        const body = AcsBody.safeParse(req.body ?? {});
        if (!body.success) throw new SsoError('The sign-in answer holds no SAML response.');
        const idp = await idpById(api, (req.params as Params).idp);
        if (!idp || idp.type !== 'saml') throw new SsoError('This single sign-on is not known.');
        const { identity, flow } = await finishSaml(db, idp, await spKey(db, config), origin, body.data.SAMLResponse);
        try {
          checkBrowser(flow);
          await signInWithIdp(db, req, reply, config, idp, identity);
        } catch (e) {
          if (e instanceof SsoError) return backToPortal(reply, flow.origin, e.message);
          throw e;
        }
        return backToPortal(reply, flow.origin);
      } catch (e) {
        if (e instanceof SsoError) return backToPortal(reply, origin, e.message);
        throw e;
      }
    });
  });

  app.get('/auth/sso/:idp/callback', { config: limited('sso-callback') }, async (req, reply) => {
    const origin = originOf(req);
    let back = origin;
    const checkBrowser = browserCheck(req, reply);
    try {
      const idp = await idpById(api, (req.params as Params).idp);
      if (!idp || idp.type !== 'openid') throw new SsoError('This single sign-on is not known.');
      const raw = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      const query = Object.fromEntries(new URLSearchParams(raw));
      const { identity, flow } = await finishOidc(db, box, idp, query, raw, checkBrowser).catch((e) => {
        if ((e as { flow?: FlowData }).flow) back = (e as { flow: FlowData }).flow.origin;
        throw e;
      });
      back = flow.origin;
      await signInWithIdp(db, req, reply, config, idp, identity);
      return backToPortal(reply, back);
    } catch (e) {
      if (e instanceof SsoError) return backToPortal(reply, back, e.message);
      throw e;
    }
  });
}

const TAG = 'auth';
describeRoute('get', '/sso/services/:id/login', {
  summary: "Where an SSO service's sign-in starts ({method, url}); public, for the login page's /redirect pop-up",
  tag: TAG,
  response: SsoLogin,
});
describeRoute('post', '/sso/services/:id/icon', {
  summary:
    "Upload the SSO service's icon (multipart/form-data, field icon): PNG, JPEG, GIF, WebP or SVG without scripts, at most 1 MB",
  tag: TAG,
  response: SsoService,
});
describeRoute('get', '/auth/sso/:idp/sp/metadata', {
  summary:
    'SAML 2.0 service provider metadata of an identity provider (XML): entityID is this URL, the ACS is …/acs (HTTP-POST), AuthnRequests are signed',
  tag: TAG,
});
describeRoute('get', '/auth/sso/:idp/start', {
  summary:
    'Start single sign-on (query service, email): 302 to the identity provider (SAML: signed AuthnRequest by HTTP-Redirect; OpenID Connect: authorization code with PKCE)',
  tag: TAG,
  status: 302,
});
describeRoute('post', '/auth/sso/:idp/acs', {
  summary:
    "SAML assertion consumer (HTTP-POST, form field SAMLResponse): checks signature, audience, validity and InResponseTo, opens a session, then 302 to the portal's /redirect?sso=done (or ?sso=error&message=)",
  tag: TAG,
  status: 302,
});
describeRoute('get', '/auth/sso/:idp/callback', {
  summary:
    "OpenID Connect redirect URI (code, state): exchanges the code with the PKCE verifier, checks the ID token, opens a session, then 302 to the portal's /redirect?sso=done (or ?sso=error&message=)",
  tag: TAG,
  status: 302,
});
describeRoute('post', '/auth/user/check', {
  summary:
    "How a user signs in (body {email}): the identity provider (the user's own, else its verified domain's, else password), whether it has a password, and with an IdP the mode (saml: the domain enforces single sign-on; sso: a password is still allowed) and where to start; 404 for an unknown e-mail outside linked domains",
  tag: TAG,
  body: z.object({ email: z.string(), recaptcha: z.string().optional() }),
  response: z.object({
    idp: z.object({ id: z.string(), name: z.string(), type: z.string() }),
    has_password: z.boolean(),
    mode: z.enum(['saml', 'sso']).optional(),
    login: SsoLogin.optional(),
  }),
});
