import { sql, type Kysely } from 'kysely';

// PGlite's extended protocol runs one statement per call: split a DDL script on ';' at line ends.
export async function runStatements(db: Kysely<any>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
