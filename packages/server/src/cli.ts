#!/usr/bin/env node
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { isAbsolute } from 'node:path';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MODULE_IDS, validation } from '@trellis/domain';
import { configFromEnv } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_PASSWORD, DEMO_USERS, isEmpty } from './db/seed/demo.ts';
import { seedDemoData } from './db/seed/index.ts';
import { systemCtx, type Ctx } from './http/context.ts';
import { addMember, createAccount, createUser } from './modules/accounts/service.ts';
import { readOutbox } from './modules/mail/outbox.ts';
import { recordAudit } from './resources/audit.ts';

/** A message for the operator, printed without a stack trace; exit status 1. */
export class CliError extends Error {}

function where(): string {
  const config = configFromEnv();
  const dir = config.dataDir ?? 'data';
  return config.databaseUrl ? 'PostgreSQL' : `embedded PostgreSQL in ${isAbsolute(dir) ? dir : `./${dir}`}`;
}

/** Open the configured database, bring it up to date, run `fn`, and always close it. */
async function withDb<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const config = configFromEnv();
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
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

const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);
const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive whole number.');
  return n;
};

async function accountCtx(db: Database, id: string): Promise<Ctx> {
  const row = await db.selectFrom('accounts').select(['id', 'name', 'type', 'data']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new CliError(`No account ${id}.`);
  return systemCtx({ id: row.id, name: row.name, type: row.type, roles: row.data.roles ?? [row.type] });
}

/** A fresh command tree per run: commander keeps parsed option values on its objects. */
function makeProgram(): Command {
  const program = new Command('trellis').description('Trellis server and administration commands');

  program.command('serve')
    .description('run the API and portal')
    .option('--demo', 'seed the demo data into an empty database')
    .action(async (opts: { demo?: boolean }) => {
      const config = configFromEnv();
      const { startServer } = await import('./server.ts');
      const { app, seeded } = await startServer(config, { demo: opts.demo });
      await app.listen({ host: config.host, port: config.port });
      console.log(`\nTrellis is running at http://${config.host}:${config.port}  (${where()})`);
      console.log(`API docs: http://${config.host}:${config.port}/docs`);
      if (opts.demo) {
        console.log(seeded ? 'Demo data seeded. Logins (password ' + DEMO_PASSWORD + '):' : 'Demo logins (password ' + DEMO_PASSWORD + '):');
        for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(24)} ${u.accounts.join(', ')}`);
      }
      const stop = async () => { await app.close(); process.exit(0); };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });

  program.command('migrate')
    .description('bring the database schema up to date')
    .action(async () => {
      const config = configFromEnv();
      const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
      try {
        const applied = await migrateToLatest(db);
        console.log(applied.length ? `Applied ${applied.join(', ')} (${where()}).` : `Database is up to date (${where()}).`);
      } finally {
        await db.destroy();
      }
    });

  program.command('seed')
    .description('load sample data into an empty database')
    .option('--demo', 'the demo accounts and logins')
    .action(async (opts: { demo?: boolean }) => {
      if (!opts.demo) throw new CliError('Nothing to seed: use --demo.');
      await withDb(async (db) => {
        if (!(await isEmpty(db))) throw new CliError('The database already has accounts; demo data is only seeded into an empty database.');
        await seedDemoData(db, configFromEnv());
        console.log(`Demo data seeded. Logins (password ${DEMO_PASSWORD}):`);
        for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(24)} ${u.accounts.join(', ')}`);
      });
    });

  program.command('create-account')
    .description('create a vendor or provider account with its Admins group')
    .requiredOption('--name <name>', 'account name')
    .requiredOption('--type <type>', 'vendor or provider')
    .option('--roles <roles>', 'provider roles, comma-separated: distributor,reseller', list)
    .action(async (opts: { name: string; type: string; roles?: string[] }) => {
      const name = check('--name', validation.zAccountName(), opts.name);
      const type = check('--type', z.enum(['vendor', 'provider'], { error: 'must be vendor or provider' }), opts.type);
      const roles = opts.roles && check('--roles', z.array(z.enum(['distributor', 'reseller'], { error: 'each role must be distributor or reseller' })), opts.roles);
      if (roles && type === 'vendor') throw new CliError('--roles: only a provider account has roles.');
      await withDb(async (db) => {
        const { account, adminGroup } = await db.transaction().execute(async (trx) => {
          const made = await createAccount(trx, { name, type, roles });
          const ctx = systemCtx({ id: made.account.id, name, type, roles: made.account.roles });
          await recordAudit(trx, ctx, { res: 'account', objectId: made.account.id, action: 'create', owner: made.account.id, after: made.account });
          return made;
        });
        console.log(`Created ${type} account ${account.id} "${account.name}" (Admins group ${adminGroup.id}).`);
      });
    });

  program.command('create-user')
    .description('create a user and add it to an account (its Admins group unless --group)')
    .requiredOption('--email <email>', 'login e-mail')
    .requiredOption('--name <name>', 'full name')
    .requiredOption('--password <password>', 'login password')
    .requiredOption('--account <id>', 'account id, e.g. VA-123-456')
    .option('--group <id>', 'group id instead of the Admins group')
    .action(async (opts: { email: string; name: string; password: string; account: string; group?: string }) => {
      const email = String(check('--email', validation.zEmail(), opts.email)).trim();
      const name = check('--name', z.string().trim().min(1, 'This field is required'), opts.name);
      const password = check('--password', validation.zPassword(), opts.password);
      await withDb(async (db) => {
        const ctx = await accountCtx(db, opts.account);
        const group = await db.selectFrom('groups').select(['id', 'name']).where('account_id', '=', opts.account)
          .where(opts.group ? 'id' : 'name', '=', opts.group ?? 'Admins').executeTakeFirst();
        if (!group) throw new CliError(opts.group ? `No group ${opts.group} in account ${opts.account}.` : `Account ${opts.account} has no Admins group; use --group.`);
        const taken = await db.selectFrom('users').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())).executeTakeFirst();
        if (taken) throw new CliError(`--email: a user with e-mail ${email} already exists (${taken.id}).`);
        const user = await db.transaction().execute(async (trx) => {
          const u = await createUser(trx, { email, name, password });
          await addMember(trx, opts.account, u.id, { groups: [group.id] });
          await recordAudit(trx, ctx, { res: 'user', objectId: u.id, action: 'create', owner: opts.account, after: { ...u, group: group.id } });
          return u;
        });
        console.log(`Created user ${user.id} <${email}> in account ${opts.account}, group ${group.name} (${group.id}).`);
      });
    });

  program.command('create-token')
    .description('create an API token and print its key once')
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--name <name>', 'token name')
    .option('--modules <ids>', 'permission module ids, comma-separated', list, ['MD-0000'])
    .action(async (opts: { account: string; name: string; modules: string[] }) => {
      const unknown = opts.modules.filter((m) => !MODULE_IDS.has(m));
      if (unknown.length) throw new CliError(`--modules: unknown module ${unknown.join(', ')}.`);
      await withDb(async (db) => {
        const ctx = await accountCtx(db, opts.account);
        const { createToken } = await import('./modules/tokens/service.ts');
        const { token, apiKey } = await createToken(db, ctx, { name: opts.name, permissions: opts.modules });
        console.log(`Created token ${token.id} "${opts.name}" in account ${opts.account} (${opts.modules.join(', ')}).`);
        // Shown only now: the database keeps a digest of the secret.
        console.log('Authorization header value (shown only once):');
        console.log(apiKey.startsWith('ApiKey ') ? apiKey : `ApiKey ${apiKey}`);
      });
    });

  program.command('mail')
    .description('show the newest outbox messages (invitations, codes) with their text')
    .option('--to <email>', 'only messages to this address')
    .option('--limit <n>', 'how many', positive, 20)
    .action(async (opts: { to?: string; limit: number }) => {
      await withDb(async (db) => {
        const messages = await readOutbox(db, { to: opts.to, limit: opts.limit });
        if (!messages.length) console.log(opts.to ? `No messages to ${opts.to}.` : 'The outbox is empty.');
        for (const m of messages) {
          const at = new Date(m.created_at).toISOString();
          console.log(`--- ${m.id}  ${at}  [${m.status}]\nTo: ${m.recipient}\nSubject: ${m.subject}\n\n${m.body_text.trimEnd()}\n`);
        }
      });
    });

  return program;
}

/** Run one command (argv as in process.argv); resolves to the exit status. Tests call it in-process. */
export async function run(argv: string[]): Promise<number> {
  const program = makeProgram().exitOverride();
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode; // commander has printed its own message
    console.error(e instanceof Error ? e.message : e);
    return 1;
  }
}

// Run when started as a program (tsx src/cli.ts ...), not when a test imports it.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  run(process.argv).then((code) => { if (code) process.exit(code); });
}
