// Single sign-on in the portal (the pop-up flow of spec §2): the login page opens /redirect?service=<id> in a pop-up,
// /redirect starts the provider's sign-in and, once the server sent it back to /redirect?sso=done|error, tells the
// login page. Kept free of React and MUI: the login route's chunk carries it.

import { API_BASE } from '../../../api/client.ts';

/** `GET /branding/portal` → `sso`: one sign-in button per active SSO service of the host's brand owner. */
export interface SsoService {
  id: string;
  name: string;
  icon?: string | null;
}

/** `GET /sso/services/{id}/login`, `/auth/user/check` → `login`: how to start the provider's sign-in. */
export interface SsoLogin {
  method: 'GET' | 'POST';
  url: string;
}

/** What /redirect tells the login page that opened it. */
export interface SsoMessage {
  type: 'trellis-sso';
  ok: boolean;
  message?: string;
}

export const SSO_MESSAGE_TYPE = 'trellis-sso';
export const SSO_WINDOW = 'trellis-sso';
const SSO_FEATURES = 'width=520,height=640';

/** The brand's SSO buttons; anything malformed is left out (an older server sends no `sso` at all). */
export function ssoServices(brand: object): SsoService[] {
  const list = (brand as { sso?: unknown }).sso;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (s): s is SsoService => !!s && typeof s === 'object' && typeof s.id === 'string' && typeof s.name === 'string',
  );
}

/** Only http(s) addresses are followed (never javascript: or data: URLs). */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Opens `path` (a page of this portal or the provider's address) in the SSO pop-up; null when it was blocked. */
export function openSsoPopup(path: string): Window | null {
  return window.open(path, SSO_WINDOW, SSO_FEATURES) ?? null;
}

/** Goes to the provider's sign-in: a GET navigates, a POST submits an (empty) form, in `target` or this window. */
export function followLogin(login: SsoLogin, target?: string): boolean {
  const url = httpUrl(login.url);
  if (!url) return false;
  if (String(login.method).toUpperCase() === 'POST') {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = url;
    if (target) form.target = target;
    form.style.display = 'none';
    document.body.appendChild(form);
    form.submit();
    form.remove();
  } else if (target) {
    window.open(url, target, SSO_FEATURES);
  } else {
    window.location.assign(url);
  }
  return true;
}

/**
 * A start address of this portal's own API (`<origin>/public/v1/auth/sso/…`), as a path; null for anything else, so
 * /redirect?start= never sends anyone to another site.
 */
export function ownStart(value: unknown): string | null {
  const url = httpUrl(value);
  if (!url) return null;
  const u = new URL(url);
  return u.origin === window.location.origin && u.pathname.startsWith(`${API_BASE}/auth/sso/`)
    ? `${u.pathname}${u.search}`
    : null;
}

/**
 * Starts a sign-in the login page already knows (`/auth/user/check` → `login`): through /redirect?start= in the
 * pop-up (which marks itself as the pop-up before it leaves), else (blocked) in this window via `go`.
 */
export function startLogin(login: SsoLogin, go: (path: string) => void) {
  const start = login.method === 'GET' ? ownStart(login.url) : null;
  if (start) {
    const path = `/redirect?start=${encodeURIComponent(start)}`;
    if (!openSsoPopup(path)) go(path);
  } else if (openSsoPopup('about:blank')) followLogin(login, SSO_WINDOW);
  else followLogin(login);
}

/** The message of a `message` event when it is a same-origin SSO outcome; null for anything else. */
export function ssoMessage(event: MessageEvent): SsoMessage | null {
  if (event.origin !== window.location.origin) return null;
  const data = event.data as Partial<SsoMessage> | null;
  if (!data || typeof data !== 'object' || data.type !== SSO_MESSAGE_TYPE || typeof data.ok !== 'boolean') return null;
  return { type: SSO_MESSAGE_TYPE, ok: data.ok, message: typeof data.message === 'string' ? data.message : undefined };
}

/** Listens for the pop-up's outcome (postMessage, or the broadcast when the opener link was cut); returns the stop. */
export function onSsoMessage(handle: (m: SsoMessage) => void): () => void {
  const listener = (event: MessageEvent) => {
    const m = ssoMessage(event);
    if (m) handle(m);
  };
  window.addEventListener('message', listener);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SSO_MESSAGE_TYPE) : null;
  channel?.addEventListener('message', listener);
  return () => {
    window.removeEventListener('message', listener);
    channel?.close();
  };
}
