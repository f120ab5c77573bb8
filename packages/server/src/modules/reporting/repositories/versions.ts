import { sql } from 'kysely';
import type { Db } from '../../../resources/engine.ts';
import type { RepositoryFiles } from './archive.ts';

// Each uploaded version of a repository, by tag: its files (path → text) and the archive's SHA-1.

export async function versionFiles(db: Db, repositoryId: string, tag: string): Promise<RepositoryFiles | null> {
  const row = await db
    .selectFrom('report_repository_versions')
    .select('files')
    .where('repository_id', '=', repositoryId)
    .where('tag', '=', tag)
    .executeTakeFirst();
  return (row?.files as RepositoryFiles | undefined) ?? null;
}

/** The repository's tags, newest upload first. */
export async function tagsOf(db: Db, repositoryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('report_repository_versions')
    .select('tag')
    .where('repository_id', '=', repositoryId)
    .orderBy('created_at', 'desc')
    .orderBy('tag', 'desc')
    .execute();
  return rows.map((r) => r.tag);
}

/** Stores a version; an upload of a tag the repository has replaces it. */
export async function putVersion(db: Db, repositoryId: string, tag: string, commit: string, files: RepositoryFiles) {
  await sql`insert into report_repository_versions (repository_id, tag, commit, files, created_at)
    values (${repositoryId}, ${tag}, ${commit}, ${JSON.stringify(files)}::jsonb, now())
    on conflict (repository_id, tag) do update set commit = excluded.commit, files = excluded.files,
      created_at = excluded.created_at`.execute(db);
}

export async function commitOf(db: Db, repositoryId: string, tag: string): Promise<string | null> {
  const row = await db
    .selectFrom('report_repository_versions')
    .select('commit')
    .where('repository_id', '=', repositoryId)
    .where('tag', '=', tag)
    .executeTakeFirst();
  return row?.commit ?? null;
}
