import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAll, parseContentRange } from './list.ts';
import { apiRequest } from './client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('Content-Range', () => {
  it('reads first, last and total', () => {
    expect(parseContentRange('items 0-9/42')).toEqual({ first: 0, last: 9, total: 42 });
    expect(parseContentRange('items */0')).toEqual({ first: 0, last: -1, total: 0 });
    expect(parseContentRange('bytes 0-9/42')).toBeNull();
    expect(parseContentRange(null)).toBeNull();
  });
});

function fakeServer(total: number) {
  let inFlight = 0;
  let maxInFlight = 0;
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    urls.push(url);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    const q = new URLSearchParams(url.split('?')[1]);
    const limit = Number(q.get('limit'));
    const offset = Number(q.get('offset'));
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
      id: `X-${offset + i}`,
    }));
    const last = offset + items.length - 1;
    return new Response(JSON.stringify(items), {
      status: 200,
      headers: {
        'content-type': 'application/json',
        'content-range': items.length ? `items ${offset}-${last}/${total}` : `items */${total}`,
      },
    });
  });
  return { fetch, urls, maxInFlight: () => maxInFlight };
}

describe('listAll', () => {
  it('fetches 100 per chunk, at most 5 at a time, in order', async () => {
    const server = fakeServer(1234);
    vi.stubGlobal('fetch', server.fetch);
    const all = await listAll<{ id: string }>('/things', 'eq(status,active)');
    expect(all).toHaveLength(1234);
    expect(all[0].id).toBe('X-0');
    expect(all[1233].id).toBe('X-1233');
    expect(new Set(all.map((x) => x.id)).size).toBe(1234);
    expect(server.urls).toHaveLength(13);
    expect(server.urls[0]).toBe('/public/v1/things?eq(status,active)&limit=100&offset=0');
    expect(server.maxInFlight()).toBeLessThanOrEqual(5);
    expect(server.maxInFlight()).toBeGreaterThan(1);
  });

  it('makes one call for a short list', async () => {
    const server = fakeServer(3);
    vi.stubGlobal('fetch', server.fetch);
    expect(await listAll('/things')).toHaveLength(3);
    expect(server.urls).toHaveLength(1);
  });
});

describe('apiRequest', () => {
  it('sends the session header and logs requests over 10 s as long requests', async () => {
    localStorage.setItem('trellis.session_id', 'SE-1');
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      now = 10_001;
      expect((init.headers as Record<string, string>)['x-session-id']).toBe('SE-1');
      expect(init.credentials).toBe('same-origin');
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/slow');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Long request: GET /public/v1/slow'));
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('throws ApiError with the status and the parsed body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"error_code":"AUTH_003","errors":["Missing session header."]}', {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(apiRequest('/x', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 403,
      code: 'AUTH_003',
      message: 'Missing session header.',
    });
  });
});
