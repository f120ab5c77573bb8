import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ErrorCode,
  REPOSITORY_ARCHIVE_FIELD as FIELD,
  REPOSITORY_ARCHIVE_MAX_BYTES,
  RepositoryTagSwitch,
  TAG_MESSAGE,
  TAG_RE,
  type ReportTemplate,
  type ReportsRepository,
} from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { mb, readUpload, registerMultipart } from '../../../files/index.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { enqueue } from '../../../jobs/queue.ts';
import { describeRoute } from '../../../openapi/openapi.ts';
import {
  checkWrite,
  editableObject,
  getObject,
  insertStamped,
  parseBody,
  presentObject,
  saveStamped,
  type Params,
} from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import type { Api } from '../../types.ts';
import { reportRepositories, reportTemplates } from '../templates.ts';
import { ArchiveProblem, readArchive } from './archive.ts';
import { CONFIGURE_JOB } from './configure.ts';
import { readManifest } from './manifest.ts';
import { commitOf, putVersion, tagsOf } from './versions.ts';

// An account's own report repositories: POST /reporting/repositories uploads one (multipart/form-data, the .zip in
// `archive`, optionally its `tag`: else the manifest's version); PUT /reporting/repositories/{id} uploads a new
// version the same way, or (JSON {"git": {"tag"}}) switches to a tag uploaded before. Either checks the archive and
// its manifest at once (a 400 names each problem; nothing is kept), stores the version, and sets the repository
// `configuring` while its code is checked (configure.ts). GET …/{id}/tags lists the tags; POST …/tags those of the
// repository a URL names (the reference asks a git remote; Trellis knows only its uploads).

const BASE = '/reporting/repositories';
const ITEM = `${BASE}/:id`;
const upload = `multipart/form-data: the .zip in \`${FIELD}\` (up to ${mb(REPOSITORY_ARCHIVE_MAX_BYTES)}), optional \`tag\``;
describeRoute('post', BASE, {
  summary: `Add a report repository from an uploaded archive (${upload}); it is configured in the background`,
  tag: 'reporting',
});
describeRoute('put', ITEM, {
  summary: `Upload a new version (${upload}) or use an uploaded tag (JSON {"git": {"tag"}}); configured again`,
  tag: 'reporting',
});
describeRoute('get', `${ITEM}/tags`, { summary: "The repository's tags (its uploaded versions)", tag: 'reporting' });
describeRoute('post', `${BASE}/tags`, {
  summary: 'The tags of the repository a git URL names (only uploaded repositories are known)',
  tag: 'reporting',
});

const urlOf = (id: string) => `urn:trellis:report-repository:${id}`;

interface Version {
  tag: string;
  commit: string;
  files: Record<string, string>;
  name: string;
  description: string | null;
  version: string;
}

/** The uploaded version, checked: a readable archive, a valid manifest whose files are there, a valid tag. */
async function readVersion(req: FastifyRequest): Promise<Version> {
  const { fields, file } = await readUpload(req, FIELD);
  if (!file) throw ApiError.field(FIELD, 'Attach the repository as a .zip archive.');
  let files;
  try {
    files = readArchive(file.body);
  } catch (e) {
    if (e instanceof ArchiveProblem) throw ApiError.field(FIELD, e.message);
    throw e;
  }
  const manifest = readManifest(files);
  if ('problems' in manifest) throw new ApiError(400, ErrorCode.validation, manifest.problems);
  const tag = fields.tag?.trim() || manifest.version;
  if (!TAG_RE.test(tag)) throw ApiError.field('tag', TAG_MESSAGE);
  const commit = createHash('sha1').update(file.body).digest('hex');
  return { tag, commit, files, name: manifest.name, description: manifest.description, version: manifest.version };
}

/** A JSON body asking to fetch a git remote: said plainly, as this server cannot. */
function refuseGit(): never {
  throw new ApiError(415, ErrorCode.unsupportedMediaType, [
    `Trellis adds report repositories from an uploaded archive, not a git remote: send multipart/form-data with the .zip in '${FIELD}'.`,
  ]);
}

async function create(db: Kysely<DB>, req: FastifyRequest) {
  const ctx = requireCtx(req);
  await checkWrite(reportRepositories, ctx, {}, db);
  if (!req.isMultipart()) refuseGit();
  const v = await readVersion(req);
  const id = newId('RR', 2, 3);
  const repo: ReportsRepository = {
    id,
    name: v.name,
    description: v.description,
    version: v.version,
    language: 'javascript',
    repository_type: 'custom',
    revision: 1,
    git: { url: urlOf(id), tag: v.tag, commit: v.commit },
    status: 'configuring',
    notes: null,
    tags: [v.tag],
    stats: { templates_count: 0 },
    owner: { id: ctx.account.id, name: ctx.account.name },
    events: {},
  };
  const saved = await db.transaction().execute(async (trx) => {
    const stored = await insertStamped(reportRepositories, ctx, repo, trx);
    await putVersion(trx, id, v.tag, v.commit, v.files);
    await enqueue(trx, CONFIGURE_JOB, { id }, { accountId: ctx.account.id });
    return stored;
  });
  return presentObject(reportRepositories, ctx, saved, db);
}

async function update(db: Kysely<DB>, req: FastifyRequest) {
  const ctx = requireCtx(req);
  const { id } = req.params as Params;
  // another account's repository is a 404 before a byte of the body is read
  await editableObject(reportRepositories, ctx, {}, id, db);
  const v = req.isMultipart() ? await readVersion(req) : null;
  const tag = v?.tag ?? parseBody(RepositoryTagSwitch, req.body).git.tag;
  const saved = await db.transaction().execute(async (trx) => {
    const current = await editableObject(reportRepositories, ctx, {}, id, trx, { lock: true });
    if (v) await putVersion(trx, id, v.tag, v.commit, v.files);
    const commit = v?.commit ?? (await commitOf(trx, id, tag));
    if (!commit)
      throw ApiError.field(
        'git.tag',
        `${current.name ?? id} has no tag ${tag}; its tags: ${(await tagsOf(trx, id)).join(', ')}.`,
      );
    // its templates make no reports while the new code is checked (the reference's `blocked`)
    const templates = await trx.selectFrom('report_templates').select('data').where('repository_id', '=', id).execute();
    for (const { data } of templates as { data: ReportTemplate }[]) {
      const blocked: ReportTemplate = { ...data, status: 'blocked' };
      if (data.status === 'enabled') await saveStamped(reportTemplates, ctx, data, blocked, 'block', trx);
    }
    const next: ReportsRepository = {
      ...current,
      status: 'configuring',
      notes: null,
      revision: current.revision + 1,
      git: { ...current.git, tag, commit },
      tags: await tagsOf(trx, id),
    };
    const stored = await saveStamped(reportRepositories, ctx, current, next, 'update', trx);
    await enqueue(trx, CONFIGURE_JOB, { id }, { accountId: ctx.account.id });
    return stored;
  });
  return presentObject(reportRepositories, ctx, saved, db);
}

export function repositoryRoutes({ app, db }: Api) {
  app.register(async (scope) => {
    // multipart in this scope only (the archive); JSON is read as everywhere else
    await registerMultipart(scope);
    scope.post(BASE, async (req, reply) => reply.code(201).send(await create(db, req)));
    scope.put(ITEM, async (req) => update(db, req));
  });
  app.get(`${ITEM}/tags`, async (req) => {
    const ctx = requireCtx(req);
    const repo = await getObject(reportRepositories, ctx, {}, (req.params as Params).id, db);
    return { git: { url: repo.git.url, tags: repo.tags } };
  });
  app.post(`${BASE}/tags`, async (req) => {
    const ctx = requireCtx(req);
    const url = (req.body as { git?: { url?: unknown } } | null)?.git?.url;
    if (typeof url !== 'string' || !url.trim()) throw ApiError.field('git.url', 'This field is required.');
    const id = url.trim().startsWith(urlOf('')) ? url.trim().slice(urlOf('').length) : '';
    const repo = id ? await getObject(reportRepositories, ctx, {}, id, db).catch(() => null) : null;
    if (!repo)
      throw ApiError.field(
        'git.url',
        'Trellis knows the tags of uploaded repositories only: give the URL of one of yours (its git.url).',
      );
    return { git: { url: repo.git.url, tags: repo.tags } };
  });
}
