#!/usr/bin/env node
// first: V8's collector settings, before the app's modules allocate anything
import './gc-flags.ts';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { isAbsolute } from 'node:path';
import { realpathSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MODULE_IDS, validation } from '@trellis/domain';
import { configFromEnv } from './config.ts';
import { lockOf, openDatabase, type Database } from './db/database.ts';
import { holderAlive, readLock } from './db/lock.ts';
import { newSecret } from './lib/secrets.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_RESELLER } from './db/seed/demo-access.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo.ts';
import { demoSeedState, seedDemoIfNeeded } from './db/seed/index.ts';
import { systemCtx, type Ctx } from './http/context.ts';
import { addMember, createAccount, createUser } from './modules/identity/accounts/service.ts';
import { readOutbox } from './mail/outbox.ts';
import { recordAudit } from './resources/audit.ts';

/** A message for the operator, printed without a stack trace; exit status 1. */
export class CliError extends Error {}

function where(): string {
  const config = configFromEnv();
  const dir = config.dataDir ?? 'data';
  return config.databaseUrl ? 'PostgreSQL' : `embedded PostgreSQL in ${isAbsolute(dir) ? dir : `./${dir}`}`;
}

/** Where a command's output goes: the terminal, or the answer of the server's CLI bridge. */
interface Io {
  log(...values: unknown[]): void;
  error(...values: unknown[]): void;
}

/** How a command runs: on its own database connection, or inside a running server (its database). */
interface RunEnv {
  io: Io;
  /** The running server's database: the command uses it and leaves it open. */
  db?: Database;
}

/** Open the configured database, bring it up to date, run `fn`, and always close it. */
async function withDb<T>(env: RunEnv, role: string, fn: (db: Database) => Promise<T>): Promise<T> {
  if (env.db) return fn(env.db);
  const config = configFromEnv();
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, role });
  try {
    await migrateToLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/** Validate one option with the domain's rules, so the CLI says what the API would. */
function check<S extends z.ZodType>(option: string, schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new CliError(`${option}: ${r.error.issues.map((i) => i.message).join('; ')}`);
  return r.data;
}

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive whole number.');
  return n;
};

async function accountCtx(db: Database, id: string): Promise<Ctx> {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'type', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new CliError(`No account ${id}.`);
  return systemCtx({ id: row.id, name: row.name, type: row.type, roles: row.data.roles ?? [row.type] });
}

/** A fresh command tree per run: commander keeps parsed option values on its objects. */
function makeProgram(env: RunEnv): Command {
  const { io } = env;
  const program = new Command('trellis').description('Trellis server and administration commands');

  program
    .command('serve')
    .description('run the API and portal')
    .option('--demo', 'seed the demo data into an empty database')
    .option('--workers <n>', 'server processes sharing the port and the PostgreSQL database (default 1)', positive)
    .action(async (opts: { demo?: boolean; workers?: number }) => {
      if (env.db) throw new CliError('serve: a server is already running on this database.');
      const config = configFromEnv();
      const banner = (url: string, seeded: boolean, processes = 1) => {
        io.log(`\nTrellis is running at ${url}  (${where()}${processes > 1 ? `, ${processes} server processes` : ''})`);
        io.log(`API docs: ${url}/docs`);
        if (!opts.demo) return;
        io.log(
          seeded
            ? 'Demo data seeded. Logins (password ' + DEMO_PASSWORD + '):'
            : 'Demo logins (password ' + DEMO_PASSWORD + '):',
        );
        for (const u of DEMO_USERS) io.log(`  ${u.email.padEnd(24)} ${u.accounts.join(', ')}`);
        io.log(`  ${DEMO_RESELLER.email.padEnd(24)} ${DEMO_RESELLER.account} (managed by Demo Provider)`);
      };
      const workers = opts.workers ?? 1;
      const { isWorker, reportListening, superviseWorkers } = await import('./cluster.ts');
      if (workers > 1 && !isWorker()) {
        if (!config.databaseUrl)
          throw new CliError(
            'serve --workers: several server processes need PostgreSQL (DATABASE_URL); the embedded database is opened by one process.',
          );
        const code = await superviseWorkers(
          workers,
          (started) => banner(started.url, started.seeded, workers),
          (message) => io.error(message),
        );
        process.exit(code);
      }
      const { startServer } = await import('./server.ts');
      const { app, db, seeded } = await startServer(config, { demo: opts.demo });
      // trellis commands run next to this server go through it (the embedded database has one process)
      const lock = lockOf(db);
      const cliKey = newSecret(24);
      if (lock) cliBridge(app, db, cliKey);
      await app.listen({ host: config.host, port: config.port });
      const address = app.server.address();
      const port = address && typeof address === 'object' ? address.port : config.port;
      lock?.update({ url: `http://${loopback(config.host)}:${port}`, cli_key: cliKey });
      const url = `http://${config.host}:${port}`;
      if (isWorker()) reportListening(url, seeded);
      else banner(url, seeded);
      const stop = async () => {
        await app.close();
        process.exit(0);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async () => {
      const config = configFromEnv();
      const db = env.db ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, role: 'migrate' }));
      try {
        const applied = await migrateToLatest(db);
        io.log(applied.length ? `Applied ${applied.join(', ')} (${where()}).` : `Database is up to date (${where()}).`);
      } finally {
        if (!env.db) await db.destroy();
      }
    });

  program
    .command('seed')
    .description('load sample data into an empty database')
    .option('--demo', 'the demo accounts and logins')
    .action(async (opts: { demo?: boolean }) => {
      if (!opts.demo) throw new CliError('Nothing to seed: use --demo.');
      await withDb(env, 'seed', async (db) => {
        const state = await demoSeedState(db);
        if (state === 'complete' || state === 'other')
          throw new CliError('The database already has accounts; demo data is only seeded into an empty database.');
        // an interrupted earlier seed ('partial') is wiped and done again: all or nothing
        await seedDemoIfNeeded(db, configFromEnv());
        io.log(`Demo data seeded. Logins (password ${DEMO_PASSWORD}):`);
        for (const u of DEMO_USERS) io.log(`  ${u.email.padEnd(24)} ${u.accounts.join(', ')}`);
        io.log(`  ${DEMO_RESELLER.email.padEnd(24)} ${DEMO_RESELLER.account} (managed by Demo Provider)`);
      });
    });

  program
    .command('create-account')
    .description('create a vendor or provider account with its Admins group')
    .requiredOption('--name <name>', 'account name')
    .requiredOption('--type <type>', 'vendor or provider')
    .option('--roles <roles>', 'provider roles, comma-separated: distributor,reseller', list)
    .action(async (opts: { name: string; type: string; roles?: string[] }) => {
      const name = check('--name', validation.zAccountName(), opts.name);
      const type = check('--type', z.enum(['vendor', 'provider'], { error: 'must be vendor or provider' }), opts.type);
      const roles =
        opts.roles &&
        check(
          '--roles',
          z.array(z.enum(['distributor', 'reseller'], { error: 'each role must be distributor or reseller' })),
          opts.roles,
        );
      if (roles && type === 'vendor') throw new CliError('--roles: only a provider account has roles.');
      await withDb(env, 'create-account', async (db) => {
        const { account, adminGroup } = await db.transaction().execute(async (trx) => {
          const made = await createAccount(trx, { name, type, roles });
          const ctx = systemCtx({ id: made.account.id, name, type, roles: made.account.roles });
          await recordAudit(trx, ctx, {
            res: 'account',
            objectId: made.account.id,
            action: 'create',
            owner: made.account.id,
            after: made.account,
          });
          return made;
        });
        io.log(`Created ${type} account ${account.id} "${account.name}" (Admins group ${adminGroup.id}).`);
      });
    });

  program
    .command('create-user')
    .description('create a user and add it to an account (its Admins group unless --group)')
    .requiredOption('--email <email>', 'login e-mail')
    .requiredOption('--name <name>', 'full name')
    .requiredOption('--password <password>', 'login password')
    .requiredOption('--account <id>', 'account id, e.g. VA-123-456')
    .option('--group <id>', 'group id instead of the Admins group')
    .action(async (opts: { email: string; name: string; password: string; account: string; group?: string }) => {
      const email = String(check('--email', validation.zEmail(), opts.email)).trim();
      const name = check('--name', z.string().trim().min(1, 'This field is required'), opts.name);
      const password = check('--password', validation.zPasswordRules(), opts.password);
      const weak = validation.passwordStrength(password, validation.personalWords(name, email));
      if (weak) throw new CliError(`--password: ${weak}`);
      await withDb(env, 'create-user', async (db) => {
        const ctx = await accountCtx(db, opts.account);
        const group = await db
          .selectFrom('groups')
          .select(['id', 'name'])
          .where('account_id', '=', opts.account)
          .where(opts.group ? 'id' : 'name', '=', opts.group ?? 'Admins')
          .executeTakeFirst();
        if (!group)
          throw new CliError(
            opts.group
              ? `No group ${opts.group} in account ${opts.account}.`
              : `Account ${opts.account} has no Admins group; use --group.`,
          );
        const taken = await db
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
          .executeTakeFirst();
        if (taken) throw new CliError(`--email: a user with e-mail ${email} already exists (${taken.id}).`);
        const user = await db.transaction().execute(async (trx) => {
          const u = await createUser(trx, { email, name, password });
          await addMember(trx, opts.account, u.id, { groups: [group.id] });
          await recordAudit(trx, ctx, {
            res: 'user',
            objectId: u.id,
            action: 'create',
            owner: opts.account,
            after: { ...u, group: group.id },
          });
          return u;
        });
        io.log(`Created user ${user.id} <${email}> in account ${opts.account}, group ${group.name} (${group.id}).`);
      });
    });

  program
    .command('create-token')
    .description('create an API token and print its key once')
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--name <name>', 'token name')
    .option('--modules <ids>', 'permission module ids, comma-separated', list, ['MD-0000'])
    .action(async (opts: { account: string; name: string; modules: string[] }) => {
      const unknown = opts.modules.filter((m) => !MODULE_IDS.has(m));
      if (unknown.length) throw new CliError(`--modules: unknown module ${unknown.join(', ')}.`);
      await withDb(env, 'create-token', async (db) => {
        const ctx = await accountCtx(db, opts.account);
        const { createToken } = await import('./modules/identity/tokens/service.ts');
        const { token, apiKey } = await createToken(db, ctx, { name: opts.name, permissions: opts.modules });
        io.log(`Created token ${token.id} "${opts.name}" in account ${opts.account} (${opts.modules.join(', ')}).`);
        // Shown only now: the database keeps a digest of the secret.
        io.log('Authorization header value (shown only once):');
        io.log(apiKey.startsWith('ApiKey ') ? apiKey : `ApiKey ${apiKey}`);
      });
    });

  program
    .command('mail')
    .description('show the newest outbox messages (invitations, codes) with their text')
    .option('--to <email>', 'only messages to this address')
    .option('--limit <n>', 'how many', positive, 20)
    .action(async (opts: { to?: string; limit: number }) => {
      await withDb(env, 'mail', async (db) => {
        const messages = await readOutbox(db, { to: opts.to, limit: opts.limit });
        if (!messages.length) io.log(opts.to ? `No messages to ${opts.to}.` : 'The outbox is empty.');
        for (const m of messages) {
          const at = new Date(m.created_at).toISOString();
          io.log(
            `--- ${m.id}  ${at}  [${m.status}]\nTo: ${m.recipient}\nSubject: ${m.subject}\n\n${m.body_text.trimEnd()}\n`,
          );
        }
      });
    });

  return program;
}

// ---------------------------------------------------------------- the running server's CLI bridge

/** Commands a running server can run for a CLI invocation on its embedded database. */
const BRIDGED = new Set(['migrate', 'seed', 'create-account', 'create-user', 'create-token', 'mail']);
const BRIDGE_PATH = '/_trellis/cli';
const BRIDGE_HEADER = 'x-trellis-cli-key';

/** The address a local CLI reaches a server on ('0.0.0.0' and '::' listen everywhere, loopback included). */
function loopback(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

const isLoopback = (ip: string | undefined) => !!ip && (ip === '::1' || /^(::ffff:)?127\./.test(ip));

/**
 * POST /_trellis/cli {argv}: runs a trellis command inside the server, on its database, for a CLI started on the
 * same machine. Only from a loopback address, and only with the key the server wrote into the data directory's
 * lock file (readable by whoever may read the database files anyway).
 */
function cliBridge(app: FastifyInstance, db: Database, key: string) {
  app.post(BRIDGE_PATH, async (req, reply) => {
    const given = req.headers[BRIDGE_HEADER];
    const ok =
      isLoopback(req.socket.remoteAddress) &&
      typeof given === 'string' &&
      given.length === key.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(key));
    if (!ok)
      return reply
        .code(404)
        .type('application/json')
        .send({ error_code: 'NF_001', errors: ['Not found.'] });
    const argv = (req.body as { argv?: unknown } | null)?.argv;
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string') || !BRIDGED.has(String(argv[0])))
      return reply
        .code(400)
        .type('application/json')
        .send({ error_code: 'REQ_001', errors: ['Unknown command.'] });
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = {
      log: (...v) => out.push(v.map(String).join(' ')),
      error: (...v) => err.push(v.map(String).join(' ')),
    };
    const code = await run(['node', 'trellis', ...argv], { io, db });
    return { code, out: out.join('\n'), err: err.join('\n') };
  });
}

/**
 * The embedded database is held by a running server: run the command through it. Returns the exit status, or
 * null when no server holds it (the command then opens the database itself, or says who holds it).
 */
async function throughServer(args: string[], io: Io): Promise<number | null> {
  const config = configFromEnv();
  if (config.databaseUrl || !config.dataDir || !BRIDGED.has(args[0] ?? '')) return null;
  const holder = readLock(config.dataDir);
  if (!holder || holder.role !== 'server' || !holder.url || !holder.cli_key || !holderAlive(holder)) return null;
  const res = await fetch(`${holder.url}${BRIDGE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BRIDGE_HEADER]: holder.cli_key },
    body: JSON.stringify({ argv: args }),
  }).catch(() => null);
  if (!res?.ok) {
    throw new CliError(
      `The embedded database in ${config.dataDir} is in use by a Trellis server (pid ${holder.pid}) that did not ` +
        `answer at ${holder.url}. Stop it first (kill ${holder.pid}), then run the command again.`,
    );
  }
  const answer = (await res.json()) as { code: number; out: string; err: string };
  if (answer.out) io.log(answer.out);
  if (answer.err) io.error(answer.err);
  return answer.code;
}

/** Run one command (argv as in process.argv); resolves to the exit status. Tests call it in-process. */
export async function run(argv: string[], env: RunEnv = { io: console }): Promise<number> {
  const program = makeProgram(env).exitOverride();
  // inside a server (the bridge), commander's own messages go to the caller too
  if (env.db)
    program.configureOutput({
      writeOut: (text) => env.io.log(text.trimEnd()),
      writeErr: (text) => env.io.error(text.trimEnd()),
    });
  try {
    if (!env.db) {
      const bridged = await throughServer(argv.slice(2), env.io);
      if (bridged !== null) return bridged;
    }
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode; // commander has printed its own message
    env.io.error(e instanceof Error ? e.message : e);
    return 1;
  }
}

// Run when started as a program (tsx src/cli.ts ...), not when a test imports it.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  run(process.argv).then((code) => {
    if (code) process.exit(code);
  });
}
