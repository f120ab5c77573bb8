import type { APIRequestContext, Page, Request } from '@playwright/test';
import { ROUTES, type RouteDef } from '../../packages/portal/src/app/routes.ts';
import { expect, loginViaApi, test } from '../fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { DEMO_USERS, type DemoUser } from '../support/demo.ts';

// The crawl (issue "Platform"): every route of the portal's registry, and every tab of one object's detail page per
// route, as each demo user — no error screen, no console error, no failed API call, and no serious or critical
// axe-core violation. A route with path parameters needs an entry in OBJECTS (how to find an object to show); a new
// one without it fails here, so new areas are crawled from their first page.

type Params = Record<string, string>;

/** The first object of a collection as the signed-in user lists it (undefined: this user has none). */
async function first(api: APIRequestContext, path: string, query = ''): Promise<string | undefined> {
  const res = await api.get(`/public/v1${path}?limit=1${query ? `&${query}` : ''}`);
  if (!res.ok()) return undefined;
  const items = (await res.json()) as { id?: string }[];
  return items[0]?.id;
}

/** The first product (of the first 20) with a child in `sub` matching `query`: its id and the child's. */
async function productWith(api: APIRequestContext, sub: string, query = '') {
  const res = await api.get('/public/v1/products?limit=20');
  if (!res.ok()) return null;
  for (const { id } of (await res.json()) as { id: string }[]) {
    const child = await first(api, `/products/${id}/${sub}`, query);
    if (child) return { id, child };
  }
  return null;
}

/** The user's first API token; the crawl makes one when the account has none (the demo seeds none). */
async function token(api: APIRequestContext, sessionId: string): Promise<Params | null> {
  const id = await first(api, '/auth/tokens');
  if (id) return { id };
  const res = await api.post('/public/v1/auth/tokens', {
    data: { name: 'Crawl key', permissions: [] },
    headers: { 'x-session-id': sessionId },
  });
  return res.ok() ? { id: ((await res.json()) as { id: string }).id } : null;
}

/** The account's first identity provider; the crawl makes one (OpenID Connect, never used) when it has none. */
async function idp(api: APIRequestContext, sessionId: string): Promise<string | undefined> {
  const id = await first(api, '/idps');
  if (id) return id;
  const res = await api.post('/public/v1/idps', {
    data: {
      name: 'Crawl IdP',
      type: 'openid',
      settings: { openid: { issuer: 'https://idp.example', client_id: 'crawl' } },
    },
    headers: { 'x-session-id': sessionId },
  });
  return res.ok() ? ((await res.json()) as { id: string }).id : undefined;
}

/** How to fill a route's parameters for the signed-in user; null when the user has no such object. */
const OBJECTS: Record<string, (api: APIRequestContext, sessionId: string) => Promise<Params | null>> = {
  // a managed account when there is one (its page has the Users tab to log in as them), else the user's own
  'accounts.details': async (a) => {
    const ctx = (await (await a.get('/public/v1/auth/context')).json()) as { account: { id: string } };
    return one({
      id: (await first(a, '/accounts', `eq(parent.id,${ctx.account.id})`)) ?? (await first(a, '/accounts')),
    });
  },
  'accounts.invitations.details': async (a) => {
    const ctx = (await (await a.get('/public/v1/auth/context')).json()) as { account: { id: string } };
    return one({ id: await first(a, `/accounts/${ctx.account.id}/invitations`) });
  },
  product: async (a) => one({ id: await first(a, '/products') }),
  'product.items.details': async (a) => {
    const id = await first(a, '/products');
    return id ? one({ id, itemId: await first(a, `/products/${id}/items`) }) : null;
  },
  'product.items.groups.details': async (a) => {
    const found = await productWith(a, 'item-groups');
    return found && { id: found.id, groupId: found.child };
  },
  'product.parameters.ordering': async (a) => one({ id: await first(a, '/products') }),
  'product.parameters.fulfillment': async (a) => one({ id: await first(a, '/products') }),
  'product.configuration': async (a) => one({ id: await first(a, '/products') }),
  'product.parameters.ordering.details': (a) => parameter(a, 'ordering'),
  'product.parameters.fulfillment.details': (a) => parameter(a, 'fulfillment'),
  'product.configuration.details': (a) => parameter(a, 'configuration'),
  'marketplaces.details': async (a) => one({ id: await first(a, '/marketplaces') }),
  'hubs.details': async (a) => one({ id: await first(a, '/hubs') }),
  'listings.directory.details': async (a) => one({ id: await first(a, '/listings') }),
  'listings.requests.details': async (a) => one({ id: await first(a, '/listing-requests') }),
  'partners.details': async (a) => one({ id: await first(a, '/partners') }),
  'partners.agreements.details': async (a) => one({ id: await first(a, '/agreements') }),
  'partners.contracts.details': async (a) => one({ id: await first(a, '/contracts') }),
  'partners.forms.details': async (a) => one({ id: await first(a, '/forms') }),
  'partners.groups.details': async (a) => one({ id: await first(a, '/catalog/groups') }),
  'customers.directory.details': async (a) => one({ id: await first(a, '/tier/accounts') }),
  'customers.requests.details': async (a) => one({ id: await first(a, '/tier/account-requests') }),
  'subscriptions.directory.details': async (a) => one({ id: await first(a, '/assets') }),
  'subscriptions.fulfillment.details': async (a) => one({ id: await first(a, '/requests') }),
  'tierConfigs.directory.details': async (a) => one({ id: await first(a, '/tier/configs') }),
  'tierConfigs.requests.details': async (a) => one({ id: await first(a, '/tier/config-requests') }),
  'settings.users.tokens.details': token,
  'integrations.webhooks.details': async (a) => one({ id: await first(a, '/notifications/webhooks') }),
  'reports.details': async (a) => one({ id: await first(a, '/reporting/reports') }),
  'reports.schedules.details': async (a) => one({ id: await first(a, '/reporting/schedules') }),
  'settings.reports.template.details': async (a) => one({ id: await first(a, '/reporting/templates') }),
  'settings.reports.repository.details': async (a) => one({ id: await first(a, '/reporting/repositories') }),
  // the demo seeds no e-mail subscription: the crawl subscribes to the first event when the account has none
  'settings.email.notifications.details': async (a, sessionId) => {
    const id = await first(a, '/notifications/subscriptions');
    if (id) return { id };
    const res = await a.post('/public/v1/notifications/subscriptions', {
      data: { event: { id: 'NE-0001' } },
      headers: { 'x-session-id': sessionId },
    });
    return res.ok() ? { id: ((await res.json()) as { id: string }).id } : null;
  },
  'settings.users.directory.details': async (a) => {
    const ctx = (await (await a.get('/public/v1/auth/context')).json()) as { account: { id: string } };
    return one({ id: await first(a, `/accounts/${ctx.account.id}/users`) });
  },
  'settings.branding.portals.details': async (a) => {
    const brand = await first(a, '/brands');
    return brand ? one({ id: await first(a, `/brands/${brand}/portals`) }) : null;
  },
  'settings.users.groups.details': async (a) => {
    const ctx = (await (await a.get('/public/v1/auth/context')).json()) as { account: { id: string } };
    return one({ id: await first(a, `/accounts/${ctx.account.id}/groups`) });
  },
  'settings.users.domains.details': async (a) => one({ id: await first(a, '/domains') }),
  'leads.records.details': async (a) => one({ id: await first(a, '/leads/records') }),
  'leads.forms.details': async (a) => one({ id: await first(a, '/leads/forms') }),
  // an accepted file has the most tabs (records, chunks, reconciliation); else whichever the user sees
  'usages.details': async (a) =>
    one({ id: (await first(a, '/usage/files', 'eq(status,accepted)')) ?? (await first(a, '/usage/files')) }),
  // a published post has versions to show
  'helpdesk.cases.details': async (a) => one({ id: await first(a, '/helpdesk/cases') }),
  'news.details': async (a) =>
    one({ id: (await first(a, '/news', 'eq(status,published)')) ?? (await first(a, '/news')) }),
  idp: async (a, sessionId) => one({ id: await idp(a, sessionId) }),
  'sso-service': async (a, sessionId) => {
    const id = await first(a, '/sso/services');
    if (id) return { id };
    const idpId = await idp(a, sessionId);
    if (!idpId) return null;
    // disabled: the crawl's service puts no button on the account's login pages
    const res = await a.post('/public/v1/sso/services', {
      data: { name: 'Crawl SSO service', idp: { id: idpId }, status: 'disabled' },
      headers: { 'x-session-id': sessionId },
    });
    return res.ok() ? { id: ((await res.json()) as { id: string }).id } : null;
  },
};

/** Params when every value was found. */
function one(p: Record<string, string | undefined>): Params | null {
  return Object.values(p).every((v) => v) ? (p as Params) : null;
}

async function parameter(a: APIRequestContext, phase: string): Promise<Params | null> {
  const found = await productWith(a, 'parameters', `eq(phase,${phase})`);
  return found && { id: found.id, parameterId: found.child };
}

/** The URL of a route with its parameters (optional ones left out). */
function urlOf(route: RouteDef, params: Params): string {
  return (
    route.path.replace(/\/:(\w+)\??/g, (_, k: string) => (params[k] ? `/${params[k]}` : '')).replace(/\/\*$/, '') || '/'
  );
}

const needsParams = (r: RouteDef) => /\/:\w+(?!\?)(\/|$)/.test(r.path.replace(/\/:tab\?/, ''));

interface Visit {
  url: string;
  problems: string[];
}

/**
 * Watches the page's API calls. `idle()` resolves once none has been in flight for `quietMs`: Playwright's
 * `networkidle` waits for 500 ms of silence on every visit, where the portal's calls are all this needs.
 */
function apiCalls(page: Page) {
  const open = new Set<Request>();
  page.on('request', (r) => void (r.url().includes('/public/v1/') && open.add(r)));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return {
    async idle(quietMs = 150, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      let quietSince = Date.now();
      while (Date.now() < until) {
        if (open.size) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
type ApiCalls = ReturnType<typeof apiCalls>;

/**
 * Loads a page and reports what went wrong on it: errors, failed calls, accessibility. `shell`: check the whole page
 * for accessibility (the navigation and top bar are the same on every page: the first visit checks them, later
 * visits check the page's own content, `main`).
 */
async function visit(page: Page, calls: ApiCalls, url: string, shell: boolean): Promise<Visit> {
  const problems: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    // the trace recorder reaching into a sandboxed frame (an agreement's document), not the page itself
    if (m.type() === 'error' && !m.text().startsWith("Blocked script execution in 'about:srcdoc'"))
      problems.push(`console: ${m.text().slice(0, 200)}`);
  };
  const onPageError = (e: Error) => problems.push(`page error: ${e.message.slice(0, 200)}`);
  const onResponse = (r: { url(): string; status(): number; request(): { method(): string } }) => {
    if (r.url().includes('/public/v1/') && r.status() >= 400)
      problems.push(`call ${r.request().method()} ${new URL(r.url()).pathname}: ${r.status()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('response', onResponse);
  try {
    await page.goto(url);
    await calls.idle();
    // a page that is still loading shows a progress bar; wait for it to go, then for the calls it led to
    await expect(page.getByRole('progressbar'))
      .toHaveCount(0, { timeout: 10_000 })
      .catch(() => {});
    await calls.idle();
    if (await page.getByText('Unexpected Application Error').count()) problems.push("React Router's error screen");
    if (await page.getByRole('heading', { name: 'Something went wrong' }).count()) problems.push('the error screen');
    const own = !shell && (await page.locator('main').count()) === 1 ? 'main' : undefined;
    let violations = await seriousViolations(page, own);
    // a state caught mid-transition (a fade or a ripple under way) is not a finding: what is still there a moment
    // later is (CI once saw a colour-contrast violation on a page that passes every other run)
    if (violations.length) {
      await page.waitForTimeout(750);
      violations = await seriousViolations(page, own);
    }
    for (const v of violations) problems.push(`axe ${v.impact} ${v.id}: ${v.targets.slice(0, 3).join(' | ')}`);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('response', onResponse);
  }
  return { url, problems };
}

/** The tab links of the page header (detail tabs by query, list tabs by path). */
async function tabUrls(page: Page): Promise<string[]> {
  const hrefs = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('href') ?? ''));
  return hrefs.filter((h) => h && h.startsWith('/'));
}

// A crawl is deterministic (a retry would only double a failing run's time); the users' crawls share the workers.
test.describe.configure({ mode: 'parallel', retries: 0 });

// Each user whose pages differ: the multi-account user lands in Demo Vendor with the same admin group as Vera
// Vendor, so its crawl would repeat hers page for page (its account switcher has a journey of its own).
const CRAWLED = (['vendor', 'provider', 'other'] as const).map((key) => [key, DEMO_USERS[key]] as [string, DemoUser]);

for (const [key, user] of CRAWLED) {
  test(`every page and tab as ${key} (${user.account.name})`, async ({ page }) => {
    // every route and tab of every area with an accessibility check each
    test.setTimeout(900_000);
    const sessionId = await loginViaApi(page, user);
    const calls = apiCalls(page);
    const failures: string[] = [];
    const skipped: string[] = [];
    const queue: string[] = [];
    for (const route of ROUTES.filter((r) => !r.public && r.name !== 'notFound')) {
      let params: Params = {};
      if (needsParams(route)) {
        const fill = OBJECTS[route.name];
        if (!fill) {
          failures.push(`${route.name}: no entry in OBJECTS (how to find an object to show)`);
          continue;
        }
        const found = await fill(page.request, sessionId);
        if (!found) {
          skipped.push(route.name);
          continue;
        }
        params = found;
      }
      queue.push(urlOf(route, params));
    }
    // each URL once (a list tab is a route of its own too); the first visit checks the shell as well
    const visited = new Set<string>();
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (visited.has(url)) continue;
      visited.add(url);
      const v = await visit(page, calls, url, visited.size === 1);
      failures.push(...v.problems.map((p) => `${url}: ${p}`));
      // the page's tabs next
      queue.unshift(...(await tabUrls(page)).filter((t) => !visited.has(t)));
    }
    console.log(
      `${key}: ${visited.size} pages; ${skipped.length ? `no object for ${skipped.join(', ')}` : 'every route visited'}`,
    );
    expect([...new Set(failures)]).toEqual([]);
  });
}

test('the login page, signed out', async ({ page }) => {
  const v = await visit(page, apiCalls(page), '/login', true);
  expect(v.problems).toEqual([]);
  await expect(page.getByRole('main')).toHaveCount(1);
});
