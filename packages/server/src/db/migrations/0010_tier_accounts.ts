import type { Kysely } from 'kysely';
import { runStatements } from '../sql-script.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await runStatements(db, '');
}

export async function down(_db: Kysely<any>): Promise<void> {}
