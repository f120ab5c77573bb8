import { createServer, connect, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { startServer, type Running } from '../src/server.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

// Issue 11, defect 1: a PostgreSQL connection that is dropped (restart, failover, network reset, server-side
// timeout) must not end the process. Needs a real PostgreSQL: skipped unless TEST_DATABASE_URL is set.
const BASE = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = {
  error_code: 'SRV_002',
  errors: ['The database is not available at the moment. Please try again shortly.'],
};

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = BASE): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const until = async (what: string, ok: () => Promise<boolean>, ms = 15000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!BASE)('a PostgreSQL backend terminated under a request', () => {
  let t: TestApp;
  let vendor: Session;
  let dbName: string;
  beforeAll(async () => {
    t = await testApp();
    vendor = await t.login('vendor@demo.trellis');
    dbName = new URL(t.config.databaseUrl!).pathname.slice(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 with the error body, and the next requests are served on fresh connections', async () => {
    // Hold the request on a lock so its backend is busy, then terminate that backend (pg_terminate_backend).
    const url = new URL(BASE!);
    url.pathname = `/${dbName}`;
    const blocker = new pg.Client({ connectionString: url.toString() });
    await blocker.connect();
    try {
      // a write: its transaction still holds the client (rollback) when the socket under it ends
      await blocker.query('begin; lock table tokens in access exclusive mode');
      const pending = t.call(vendor, {
        method: 'POST',
        url: '/public/v1/auth/tokens',
        payload: { name: 'Cut short', permissions: [{ id: 'MD-0014' }] },
      });
      let victim = 0;
      await until('the request to wait on the lock', async () => {
        const { rows } = await blocker.query(
          `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          [dbName],
        );
        victim = rows[0]?.pid ?? 0;
        return victim > 0;
      });
      await admin((c) => c.query('select pg_terminate_backend($1)', [victim]));
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual(UNAVAILABLE);
    } finally {
      await blocker.query('rollback').catch(() => {});
      await blocker.end();
    }
    // Still serving: the broken client was discarded, the pool opens a new one; the write was not made.
    const after = await t.call(vendor, { method: 'GET', url: '/public/v1/auth/tokens?name=Cut%20short' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toEqual([]);

    // Every idle connection of the pool terminated at once: the next calls still work.
    await admin((c) =>
      c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        dbName,
      ]),
    );
    await new Promise((r) => setTimeout(r, 100));
    const codes = await Promise.all(
      Array.from({ length: 5 }, () => t.call(vendor, { method: 'GET', url: '/public/v1/products' })),
    );
    for (const r of codes) expect([200, 503]).toContain(r.statusCode);
    const last = await t.call(vendor, { method: 'GET', url: '/public/v1/products' });
    expect(last.statusCode, last.body).toBe(200);
  });
});

/** A TCP relay to PostgreSQL that can be taken down (listener closed, every connection cut) and brought back. */
class Relay {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}
  static async freePort(): Promise<number> {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as { port: number }).port;
    await new Promise((r) => s.close(r));
    return port;
  }
  async up() {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => this.server!.listen(this.port, '127.0.0.1', r));
  }
  async down() {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise((r) => server.close(r));
  }
}

describe.skipIf(!BASE)('a PostgreSQL that is unreachable at start, or goes away for a while', () => {
  let relay: Relay;
  let running: Running | null = null;
  let name: string;
  beforeAll(async () => {
    name = `trellis_t_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const base = new URL(BASE!);
    relay = new Relay(await Relay.freePort(), { host: base.hostname, port: Number(base.port || 5432) });
  });
  afterAll(async () => {
    await running?.app.close();
    await relay?.down();
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it('starts anyway, answers 503 meanwhile, migrates once the database answers, and recovers after an outage', async () => {
    const url = new URL(BASE!);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    url.pathname = `/${name}`;
    // Nothing listens on the relay's port yet: the start must not fail.
    running = await startServer(testConfig({ databaseUrl: url.toString(), dbRetryMs: 100 }));
    const { app } = running;
    await app.ready();
    expect(running.status.ready).toBe(false);
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/public/v1/auth/login',
        payload: { email: 'nobody@example.test', password: 'Wrong-pass-1' },
      });
    const down = await login();
    expect(down.statusCode).toBe(503);
    expect(down.headers['content-type']).toBe('application/json');
    expect(down.json()).toEqual(UNAVAILABLE);
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);

    // The database comes up: the server migrates by itself and serves.
    await relay.up();
    await running.ready;
    expect(running.status.ready).toBe(true);
    expect((await login()).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });

    // It goes away (every connection cut, nothing listening): 503s, and the process lives on.
    await relay.down();
    for (let i = 0; i < 3; i++) {
      const r = await login();
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual(UNAVAILABLE);
    }
    // ...and comes back: served again without a restart.
    await relay.up();
    await until('the server to serve again', async () => (await login()).statusCode === 401);
  });
});
