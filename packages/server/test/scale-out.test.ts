import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { SCHEDULE_JOB } from '../src/modules/reporting/schedules.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { testApp, type TestApp } from './helpers.ts';
import { startCli, waitFor, type Proc } from './processes.ts';

// Issue 19: several `trellis serve` processes on one PostgreSQL database work as one. Two processes take calls
// alternately; each keeps callers' contexts in memory, yet a change made through one is seen by the other on its very
// next call; the login throttle counts attempts made through either; a due job and a scheduled report are handled
// once. Then `serve --workers 2` (node:cluster): both workers serve one port, and one that dies is replaced.
// Needs a real PostgreSQL: skipped unless TEST_DATABASE_URL is set.
const BASE = process.env.TEST_DATABASE_URL;
const MAX_FAILURES = 4;

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

describe.skipIf(!BASE)('two server processes on one PostgreSQL', () => {
  let t: TestApp;
  const servers: Proc[] = [];
  const urls: string[] = [];
  let env: Record<string, string>;

  /** Start `trellis serve` with `args`; answers its URL. */
  async function serve(args: string[] = []): Promise<{ proc: Proc; url: string }> {
    const proc = startCli(['serve', ...args], env);
    servers.push(proc);
    await waitFor('a server to listen', () => /running at (http:\S+)/.test(proc.out()) || proc.child.exitCode !== null);
    const found = /running at (http:\S+)/.exec(proc.out());
    expect(found, proc.err()).not.toBeNull();
    return { proc, url: found![1] };
  }

  async function call(
    url: string,
    method: string,
    path: string,
    opts: { auth?: string; session?: { cookie: string; id: string }; body?: unknown } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (opts.auth) headers.authorization = opts.auth;
    if (opts.session) Object.assign(headers, { cookie: opts.session.cookie, 'x-session-id': opts.session.id });
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${url}/public/v1${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }

  async function login(url: string, email: string) {
    const res = await call(url, 'POST', '/auth/login', { body: { email, password: DEMO_PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { cookie, id: res.body.session_id as string };
  }

  beforeAll(async () => {
    t = await testApp();
    env = {
      DATABASE_URL: t.config.databaseUrl!,
      HOST: '127.0.0.1',
      PORT: '0',
      JOB_INTERVAL_MS: '500',
      LOGIN_MAX_PER_ACCOUNT: String(MAX_FAILURES),
    };
    for (const s of await Promise.all([serve(), serve()])) urls.push(s.url);
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await t?.close();
  });

  it('refuse a token deactivated through one process on the next call to the other', async () => {
    const vendor = await login(urls[0], 'vendor@demo.trellis');
    for (let round = 0; round < 5; round++) {
      const made = await call(urls[0], 'POST', '/auth/tokens', {
        session: vendor,
        body: { name: `scale-out ${round}`, permissions: [{ id: 'MD-0000' }] },
      });
      expect(made.status).toBe(201);
      const key = `ApiKey ${made.body.token.replace(/^ApiKey /, '')}`;
      // both processes now keep the token
      for (const url of urls)
        for (let i = 0; i < 3; i++) expect((await call(url, 'GET', '/auth/context', { auth: key })).status).toBe(200);
      const [through, other] = round % 2 ? [urls[1], urls[0]] : [urls[0], urls[1]];
      expect((await call(through, 'POST', `/auth/tokens/${made.body.id}/deactivate`, { session: vendor })).status).toBe(
        200,
      );
      const next = await call(other, 'GET', '/auth/context', { auth: key });
      expect(next.status, `round ${round}`).toBe(401);
      expect(next.body.errors).toEqual(['API key is inactive.']);
    }
  });

  it('refuse a session logged out through one process on the next call to the other', async () => {
    for (let round = 0; round < 5; round++) {
      const [through, other] = round % 2 ? [urls[1], urls[0]] : [urls[0], urls[1]];
      const s = await login(through, 'provider@demo.trellis');
      for (let i = 0; i < 3; i++) expect((await call(other, 'GET', '/auth/context', { session: s })).status).toBe(200);
      expect((await call(through, 'POST', '/auth/logout', { session: s })).status).toBeLessThan(300);
      expect((await call(other, 'GET', '/auth/context', { session: s })).status, `round ${round}`).toBe(401);
    }
  });

  it('count failed sign-ins made through either process against one limit', async () => {
    const attempt = (url: string) =>
      call(url, 'POST', '/auth/login', { body: { email: 'other@demo.trellis', password: 'not the password' } });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt(urls[i % 2])).status).toBe(401);
    for (const url of urls) {
      const refused = await attempt(url);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('run each due job once, and make one report per due schedule', async () => {
    const vendor = await login(urls[0], 'vendor@demo.trellis');
    const schedules: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await call(urls[i % 2], 'POST', '/reporting/schedules', {
        session: vendor,
        body: {
          name: `Scale-out ${i}`,
          template: { id: 'TP-000-001' },
          renderer: 'csv',
          trigger: { frequency: 'daily', time: '06:30' },
          parameters: { product: { all: true } },
        },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      schedules.push(made.body.id);
    }
    // all due at once, and the sweep queued many times over (as every process would at start): both runners race
    await sql`update report_schedules set next_at = now() - interval '1 minute' where id in (${sql.join(schedules)})`.execute(
      t.db,
    );
    const jobs: string[] = [];
    for (let i = 0; i < 20; i++) jobs.push(await enqueue(t.db, SCHEDULE_JOB, {}));
    const done = () => t.db.selectFrom('jobs').select(['id', 'status', 'attempts']).where('id', 'in', jobs).execute();
    await waitFor('the jobs to run', async () => (await done()).every((j) => j.status !== 'queued'), 60_000);
    for (const j of await done()) expect(j, j.id).toMatchObject({ status: 'done', attempts: 1 });
    for (const id of schedules) {
      const reports = await call(urls[1], 'GET', `/reporting/reports?eq(schedule.id,${id})`, { session: vendor });
      expect(reports.body, id).toHaveLength(1);
      const s = await call(urls[0], 'GET', `/reporting/schedules/${id}`, { session: vendor });
      expect(s.body.stats.total_executions).toBe(1);
    }
  });

  it('serve --workers 2: two processes on one port; one that dies is replaced', async () => {
    const { proc, url } = await serve(['--workers', '2']);
    const workers = () => childrenOf(proc.child.pid!);
    expect(await workers()).toHaveLength(2);
    const vendor = await login(url, 'vendor@demo.trellis');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call(url, 'GET', '/auth/context', { session: vendor })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));

    const [first] = await workers();
    process.kill(first, 'SIGKILL');
    await waitFor('a replacement worker', async () => {
      const now = await workers();
      return now.length === 2 && !now.includes(first);
    });
    await waitFor('the replacement to serve', async () => {
      const all = await Promise.all(
        Array.from({ length: 10 }, () => call(url, 'GET', '/auth/context', { session: vendor }).catch(() => null)),
      );
      return all.every((a) => a?.status === 200);
    });
    expect(proc.err()).toMatch(/server process \d+ ended \(SIGKILL\)/);

    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(await workers()).toEqual([]);
  }, 120_000);
});

/** The process ids of `pid`'s children (from /proc). */
async function childrenOf(pid: number): Promise<number[]> {
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text.split(/\s+/).filter(Boolean).map(Number);
}
