import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, onApiStatus } from './client.ts';

afterEach(() => vi.unstubAllGlobals());

const answering = (status: number) =>
  vi.fn(async () => new Response(JSON.stringify({ errors: ['Invalid code.'] }), { status }));

describe('API status listeners', () => {
  it('hear a 401 of a session call (it signs out), but not of a call made with a spent confirmation code', async () => {
    const heard: [number, string][] = [];
    const stop = onApiStatus((status, path) => heard.push([status, path]));
    vi.stubGlobal('fetch', answering(401));
    await expect(apiRequest('/users', { query: 'code=spent', byCode: true })).rejects.toMatchObject({ status: 401 });
    expect(heard).toEqual([]);
    await expect(apiRequest('/users')).rejects.toMatchObject({ status: 401 });
    expect(heard).toEqual([[401, '/users']]);
    stop();
  });
});
