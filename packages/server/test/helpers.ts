import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { testConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { DEMO_PASSWORD, seedDemo, type DemoData } from '../src/db/seed/demo.ts';
import { startServer } from '../src/server.ts';

/** A fresh database per call: PGlite in memory, or a throw-away PostgreSQL database when TEST_DATABASE_URL is set. */
export async function freshDatabaseUrl(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { drop: async () => {} };
  const pg = (await import('pg')).default;
  const name = `trellis_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface Session {
  cookie: string;
  sessionId: string;
  headers: Record<string, string>;
  body: any;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  demo: DemoData;
  config: Config;
  /** Log in and return the cookie + session header to send on later calls. */
  login(email: string, password?: string): Promise<Session>;
  /** Inject with a session's cookie and header, or an ApiKey. */
  call(auth: Session | string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function testApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  // a test that brings its own database (a replicated cluster of its own) keeps it
  const { url, drop } = overrides.databaseUrl
    ? { url: overrides.databaseUrl, drop: async () => {} }
    : await freshDatabaseUrl();
  const config = testConfig({ databaseUrl: url, ...overrides });
  const { app, db } = await startServer(config);
  const demo = await seedDemo(db);
  await app.ready();
  const call: TestApp['call'] = (auth, opts) => {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string> | undefined) };
    if (typeof auth === 'string') headers.authorization = auth.startsWith('ApiKey ') ? auth : `ApiKey ${auth}`;
    else if (auth) Object.assign(headers, auth.headers);
    return app.inject({ ...opts, headers });
  };
  return {
    app,
    db,
    demo,
    config,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/public/v1/auth/login', payload: { email, password } });
      if (res.statusCode !== 200 && res.statusCode !== 201)
        throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const body = res.json();
      return { cookie, sessionId: body.session_id, body, headers: { cookie, 'x-session-id': body.session_id } };
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}
