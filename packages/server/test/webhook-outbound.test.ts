import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, isPrivateAddress, urlIssue } from '../src/modules/notifications/outbound.ts';

// Outbound calls to URLs an account chose (webhooks): the operator's own network stays out of reach, also when a
// name resolves to a private address only at call time (the check is made where the connection is made).

let server: Server;
let port = 0;
const policy = { allowPrivate: false, timeoutMs: 2000, maxResponseBytes: 16 };

beforeAll(async () => {
  server = createServer((_req, res) => res.end('x'.repeat(1000)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server?.close());

describe('outbound webhook calls', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.31.255.1', true],
    ['192.168.0.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['8.8.8.8', false],
    ['2001:4860:4860::8888', false],
    ['not an address', true],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('refuse at connect time a name that resolves to a private address', async () => {
    // localhost passes no literal check here: the lookup made for the connection refuses it
    const r = await call(`http://localhost:${port}/x`, { method: 'POST', headers: {}, body: '{}' }, policy);
    expect(r.statusCode).toBeNull();
    expect(r.error).toBe('The address of localhost is in a private or local network, which webhooks cannot call.');
  });

  it('read at most the configured bytes of an answer, when the operator allows private addresses', async () => {
    const r = await call(
      `http://127.0.0.1:${port}/x`,
      { method: 'POST', headers: {}, body: '{}' },
      { ...policy, allowPrivate: true },
    );
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('x'.repeat(16));
  });

  it('name what is wrong with a URL before any call', () => {
    expect(urlIssue('ftp://example.com', policy)).toBe('Wrong URL format');
    expect(urlIssue('https://user:pw@hooks.example.com/', policy)).toBe('Put credentials in a header, not in the URL.');
    expect(urlIssue('https://hooks.example.com/', policy)).toBeNull();
    expect(urlIssue('http://127.0.0.1:9/', { allowPrivate: true })).toBeNull();
  });
});
