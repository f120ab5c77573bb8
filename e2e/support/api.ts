import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';

/** A demo user's session for API calls (setting up or tidying up what a journey needs; not the journey itself). */
export interface ApiSession {
  accountId: string;
  sessionId: string;
  get<T = any>(path: string, query?: string): Promise<T>;
  post<T = any>(path: string, data?: unknown): Promise<T>;
  delete(path: string): Promise<void>;
}

/** Signs a page in with the session `apiAs(page.request, …)` made: the portal keeps its id beside the cookie. */
export async function signInPage(page: Page, session: ApiSession) {
  await page.addInitScript((id) => localStorage.setItem('trellis.session_id', id), session.sessionId);
}

/**
 * Logs `email` in through `request`: with `page.request` the page shares the session cookie (see `signInPage`);
 * with a context of its own (`playwright.request.newContext({ baseURL })`) the page is left alone.
 * Writes need the session id header besides the cookie. Every call must succeed.
 */
export async function apiAs(request: APIRequestContext, email: string): Promise<ApiSession> {
  const res = await request.post('/public/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), `log in as ${email}: ${res.status()} ${await res.text()}`).toBe(true);
  const ctx = await res.json();
  const headers = { 'x-session-id': ctx.session_id as string };
  const check = async (what: string, r: Awaited<ReturnType<APIRequestContext['get']>>) => {
    const text = await r.text();
    expect(r.ok(), `${what}: ${r.status()} ${text}`).toBe(true);
    return text ? JSON.parse(text) : null;
  };
  return {
    accountId: ctx.account.id,
    sessionId: ctx.session_id,
    get: async (path, query) =>
      check(`GET ${path}`, await request.get(`/public/v1${path}${query ? `?${query}` : ''}`, { headers })),
    post: async (path, data = {}) => check(`POST ${path}`, await request.post(`/public/v1${path}`, { data, headers })),
    delete: async (path) => {
      await check(`DELETE ${path}`, await request.delete(`/public/v1${path}`, { headers }));
    },
  };
}

/** An RQL value with spaces or punctuation, ready for a query string: `eq(name,${rqlValue('Cloud Backup Pro')})`. */
export const rqlValue = (v: string) =>
  encodeURIComponent(v).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
