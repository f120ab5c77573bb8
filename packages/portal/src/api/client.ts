import { LONG_REQUEST_MS } from '@trellis/domain/format/constants';
import { ApiError } from './errors.ts';
import { getSessionId } from './session-id.ts';

export const API_BASE = '/public/v1';
export const SESSION_HEADER = 'x-session-id';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** RQL / query string without the leading '?'. */
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A call authenticated by a confirmation code, not the session (`?code=`): its 401 says the code is spent or
   * wrong, nothing about the session, so the status listeners (401 → sign out) are not told.
   */
  byCode?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

type Listener = (status: number, path: string) => void;
const listeners = new Set<Listener>();

/** Be told about every non-ok response (401 → session reset, 503 → maintenance mode). */
export function onApiStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tell the listeners about a non-ok response of a call made outside apiRequest (an upload with progress). */
export function reportApiStatus(status: number, path: string): void {
  for (const l of listeners) l(status, path);
}

export function apiUrl(path: string, query?: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return `${API_BASE}${p}${query ? `?${query}` : ''}`;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** One API call. Non-ok responses throw ApiError(status, body); slow calls are logged. */
export async function apiRequest<T = unknown>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const sessionId = getSessionId();
  if (sessionId) headers[SESSION_HEADER] = sessionId;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const url = apiUrl(path, opts.query);
  const started = Date.now();
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    console.error(`${method} ${url} failed`, err);
    throw new ApiError(0, null);
  } finally {
    const took = Date.now() - started;
    if (took > LONG_REQUEST_MS) console.warn(`Long request: ${method} ${url} took ${took} ms`);
  }
  const data = await readBody(res);
  if (!res.ok) {
    if (!opts.byCode) reportApiStatus(res.status, path);
    throw new ApiError(res.status, data);
  }
  return { data: data as T, status: res.status, headers: res.headers };
}

export const api = {
  get: <T>(path: string, query?: string, signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }).then((r) => r.data),
  post: <T>(path: string, body?: unknown, query?: string) =>
    apiRequest<T>(path, { method: 'POST', body: body ?? {}, query }).then((r) => r.data),
  put: <T>(path: string, body?: unknown) =>
    apiRequest<T>(path, { method: 'PUT', body: body ?? {} }).then((r) => r.data),
  delete: <T = null>(path: string) => apiRequest<T>(path, { method: 'DELETE' }).then((r) => r.data),
};
