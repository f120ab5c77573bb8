#!/usr/bin/env node
import { Command } from 'commander';
import { configFromEnv } from './config.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo.ts';
import { startServer } from './server.ts';

const program = new Command('trellis').description('Trellis server and administration commands');

program.command('serve')
  .description('run the API and portal')
  .option('--demo', 'seed the demo data into an empty database')
  .action(async (opts: { demo?: boolean }) => {
    const config = configFromEnv();
    const { app, seeded } = await startServer(config, { demo: opts.demo });
    await app.listen({ host: config.host, port: config.port });
    const where = config.databaseUrl ? 'PostgreSQL' : `embedded PostgreSQL in ./${config.dataDir}`;
    console.log(`\nTrellis is running at http://${config.host}:${config.port}  (${where})`);
    if (opts.demo) {
      console.log(seeded ? 'Demo data seeded. Logins (password ' + DEMO_PASSWORD + '):' : 'Demo logins (password ' + DEMO_PASSWORD + '):');
      for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(24)} ${u.accounts.join(', ')}`);
    }
    const stop = async () => { await app.close(); process.exit(0); };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });

program.parseAsync().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
