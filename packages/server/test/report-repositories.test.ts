import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import { exampleArchive } from '../src/modules/reporting/repositories/example.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { call, expectStatus } from './fulfillment-requests-helpers.ts';
import type { Session } from './helpers.ts';
import { form } from './multipart.ts';

// Accounts' own report repositories (/reporting/repositories): an uploaded .zip with a reports.json manifest and
// JavaScript; checked at once (a 400 names each problem), configured in the background (its code loaded in the
// sandbox: ready or failed with notes), its templates the account's alone. Its reports run in a separate process
// inside QuickJS, reading only what the requester may read, with a time and memory limit; versions are tags.

let w: FulfillmentWorld;
let purchases: any[];
const TIMEOUT_MS = 10_000;

beforeAll(async () => {
  w = await fulfillmentWorld({}, { reportTimeoutMs: TIMEOUT_MS, reportMemoryMb: 32 });
  purchases = [await w.purchase(), await w.purchase()];
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const API = '/public/v1';
const vendorId = () => purchases[0].asset.connection.vendor.id as string;
const get = (who: Session, url: string, status = 200) => expectStatus(w, who, 'GET', url, undefined, status);

/** Uploads an archive (POST, or PUT over a repository), answering the response. */
function upload(who: Session, archive: Uint8Array, fields: Record<string, string> = {}, id?: string) {
  const f = form(fields, { field: 'archive', filename: 'reports.zip', body: archive, type: 'application/zip' });
  return w.t.call(who, {
    method: id ? 'PUT' : 'POST',
    url: `${API}/reporting/repositories${id ? `/${id}` : ''}`,
    payload: f.payload,
    headers: f.headers,
  });
}

/** Uploads, runs the configuration, and answers the repository as it ended. */
async function added(who: Session, archive: Uint8Array, fields: Record<string, string> = {}) {
  const res = await upload(who, archive, fields);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ status: 'configuring', repository_type: 'custom' });
  await runDueJobs(w.t.db);
  return get(who, `/reporting/repositories/${res.json().id}`);
}

const manifestOf = (reports: object[], extra: object = {}) =>
  JSON.stringify({ name: 'Tests', version: '1.0.0', language: 'javascript', reports, ...extra });
const report = (entrypoint: string, extra: object = {}) => ({
  name: `Report ${entrypoint}`,
  entrypoint,
  audience: ['vendor', 'provider'],
  report_spec: '2',
  parameters: [],
  renderers: [{ id: 'csv', type: 'csv', default: true }],
  ...extra,
});
/** A repository of one report whose entrypoint is `code`. */
const oneReport = (code: string) =>
  zipSync({ 'reports.json': strToU8(manifestOf([report('main.js')])), 'main.js': strToU8(code) });

async function templatesOf(who: Session, repositoryId: string) {
  return ((await get(who, '/reporting/templates?limit=100')) as any[]).filter((t) => t.repository.id === repositoryId);
}

async function runReport(who: Session, templateId: string, renderer = 'csv', parameters: object = {}) {
  const created = await expectStatus(
    w,
    who,
    'POST',
    '/reporting/reports',
    {
      name: 'Uploaded',
      template: { id: templateId },
      renderer,
      parameters,
    },
    201,
  );
  await runDueJobs(w.t.db);
  return get(who, `/reporting/reports/${created.id}`);
}
const csvOf = async (who: Session, id: string) =>
  (await call(w, who, 'GET', `/reporting/reports/${id}/download`)).body.trimEnd().split('\r\n');

describe('uploading a repository', () => {
  it('configures the example repository: ready, its template the account’s own, its report run in the sandbox', async () => {
    const repo = await added(w.vendor, exampleArchive());
    expect(repo).toMatchObject({
      name: 'Example reports',
      version: '1.0.0',
      language: 'javascript',
      status: 'ready',
      tags: ['1.0.0'],
      stats: { templates_count: 1 },
      owner: { id: vendorId() },
      git: { url: `urn:trellis:report-repository:${repo.id}`, tag: '1.0.0' },
    });
    expect(repo.git.commit).toMatch(/^[0-9a-f]{40}$/);
    const [template] = await templatesOf(w.vendor, repo.id);
    expect(template).toMatchObject({
      name: 'Subscriptions per marketplace',
      type: 'custom',
      status: 'enabled',
      entrypoint: 'reports/marketplace_summary/entrypoint.js',
      description: 'How many subscriptions each marketplace has, by product, in the chosen statuses.',
      default_renderer: 'xlsx',
    });
    expect(template.renderers.map((r: any) => r.id)).toEqual(['xlsx', 'csv', 'json']);

    const done = await runReport(w.vendor, template.id, 'csv', { status: { all: true, choices: [] } });
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'succeeded', template: { type: 'custom' } });
    const marketplace = purchases[0].asset.marketplace.name;
    expect(await csvOf(w.vendor, done.id)).toEqual([
      'Marketplace,Product,Processing,Active,Suspended,Terminated,Total',
      `${marketplace},${w.product.name},2,0,0,0,2`,
    ]);

    // another account sees neither the repository nor its template, and cannot run it
    await get(w.other, `/reporting/repositories/${repo.id}`, 404);
    await get(w.other, `/reporting/repositories/${repo.id}/tags`, 404);
    expect(await templatesOf(w.other, repo.id)).toEqual([]);
    await get(w.other, `/reporting/templates/${template.id}`, 404);
    const refused = await call(w, w.other, 'POST', '/reporting/reports', {
      name: 'Not mine',
      template: { id: template.id },
      parameters: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toBe(`template.id: There is no report template ${template.id}.`);
    // the provider reads it with its own eyes: same code, its own subscriptions
    await get(w.provider, `/reporting/repositories/${repo.id}`, 404);
  }, 60_000);

  it('refuses what is not a repository at once, naming each problem, and keeps nothing', async () => {
    const before = ((await get(w.vendor, '/reporting/repositories')) as any[]).length;
    const problems = async (archive: Uint8Array, fields: Record<string, string> = {}) => {
      const res = await upload(w.vendor, archive, fields);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as string[];
    };
    expect(await problems(strToU8('just text'))).toEqual(['archive: The archive is not a .zip file.']);
    expect(await problems(zipSync({ 'main.js': strToU8('') }))).toEqual([
      'The archive has no reports.json at its root.',
    ]);
    expect((await problems(zipSync({ 'reports.json': strToU8('{ nope') })))[0]).toMatch(
      /^reports\.json: Input should be valid JSON/,
    );
    expect(
      await problems(zipSync({ 'reports.json': strToU8(manifestOf([report('main.js')], { language: 'python' })) })),
    ).toEqual(['reports.json language: Trellis runs reports written in JavaScript: set "language" to "javascript".']);
    expect(await problems(zipSync({ 'reports.json': strToU8(manifestOf([report('gone.js')])) }))).toEqual([
      'reports.json reports.0.entrypoint: gone.js is not in the archive.',
    ]);
    const checkbox = report('main.js', { parameters: [{ id: 's', type: 'checkbox', name: 'S', description: 'S' }] });
    expect(
      await problems(zipSync({ 'reports.json': strToU8(manifestOf([checkbox])), 'main.js': strToU8('') })),
    ).toEqual(['reports.json reports.0.parameters.0.choices: A checkbox parameter lists its choices.']);
    expect(await problems(oneReport('export default {}'), { tag: 'no spaces please' })).toEqual([
      'tag: A tag is 1 to 64 letters, digits, dots, dashes, underscores or plus signs.',
    ]);
    // the reference's git body: this server does not fetch remotes, and says so
    const git = await call(w, w.vendor, 'POST', '/reporting/repositories', {
      git: { url: 'https://github.com/x/y.git', tag: '1.0' },
    });
    expect(git.statusCode).toBe(415);
    expect(git.json().errors[0]).toMatch(/uploaded archive, not a git remote/);
    expect(((await get(w.vendor, '/reporting/repositories')) as any[]).length).toBe(before);
  });

  it('fails a repository whose code does not load, with notes naming the file', async () => {
    const broken = zipSync({
      'reports.json': strToU8(manifestOf([report('syntax.js'), report('shape.js'), report('escape.js')])),
      'syntax.js': strToU8('export default { columns: [, rows( }'),
      'shape.js': strToU8('export default { rows() {} }'),
      'escape.js': strToU8("import fs from 'node:fs';\nexport default { columns: [], async *rows() {} };"),
    });
    const repo = await added(w.vendor, broken);
    expect(repo.status).toBe('failed');
    const notes = repo.notes.split('\n');
    expect(notes[0]).toMatch(/^syntax\.js: SyntaxError/);
    expect(notes[1]).toBe('shape.js: TypeError: shape.js must export default { columns: [...], rows(source) }.');
    expect(notes[2]).toMatch(/^escape\.js: .*a report imports only files of its own archive/);
    expect(await templatesOf(w.vendor, repo.id)).toEqual([]);
  }, 60_000);
});

describe('the sandbox', () => {
  async function templateFor(code: string) {
    const repo = await added(w.vendor, oneReport(code));
    expect(repo.status, repo.notes).toBe('ready');
    return (await templatesOf(w.vendor, repo.id))[0].id as string;
  }

  it('gives the code nothing but its source: no process, modules, network or timers', async () => {
    const id = await templateFor(`export default {
      columns: ['process', 'require', 'fetch', 'setTimeout', 'account', 'rows'],
      async *rows(source) {
        let n = 0;
        for await (const a of source.list('/subscriptions/assets')) n++;
        yield [typeof process, typeof require, typeof fetch, typeof setTimeout, source.account.id, n];
      },
    };`);
    const done = await runReport(w.vendor, id);
    expect(done.status, done.failure_output).toBe('succeeded');
    expect((await csvOf(w.vendor, done.id))[1]).toBe(
      `undefined,undefined,undefined,undefined,${vendorId()},${purchases.length}`,
    );
  }, 60_000);

  it('stops code that never ends at the time limit, and code that eats memory at the memory limit', async () => {
    const forever = await templateFor('export default { columns: ["x"], async *rows() { for (;;) {} } };');
    const stopped = await runReport(w.vendor, forever);
    expect(stopped).toMatchObject({ status: 'failed', timeout: true });
    // ended at its limit, not when the loop would have (never): from its start to its end, the limit and a margin
    const ran = Date.parse(stopped.events.terminated.at) - Date.parse(stopped.events.started.at);
    expect(ran).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(ran).toBeLessThan(TIMEOUT_MS + 5000);
    expect(stopped.failure_output).toBe('The report ran longer than its limit of 10 s and was stopped.');

    const greedy = await templateFor(
      // a megabyte per step: over the limit at once, however busy the machine
      'export default { columns: ["x"], async *rows() { const a = []; for (;;) a.push(new Uint8Array(1 << 20)); } };',
    );
    const hog = await runReport(w.vendor, greedy);
    expect(hog).toMatchObject({ status: 'failed', timeout: false });
    // stopped at its limit, not when the WebAssembly memory could grow no further (9.4 s in when this was found)
    expect(Date.parse(hog.events.terminated.at) - Date.parse(hog.events.started.at)).toBeLessThan(TIMEOUT_MS / 2);
    expect(hog.failure_output).toBe('The report used more than its memory limit of 32 MB and was stopped.');

    const thrown = await templateFor(
      'export default { columns: ["x"], async *rows() { throw new Error("no data"); } };',
    );
    expect((await runReport(w.vendor, thrown)).failure_output).toMatch(/^Error: no data/);
  }, 90_000);
});

describe('versions and tags', () => {
  it('uploads a new version as a tag, switches back to an earlier one, and keeps the template ids', async () => {
    const repo = await added(w.vendor, oneReport('export default { columns: ["v"], async *rows() { yield [1]; } };'));
    const [first] = await templatesOf(w.vendor, repo.id);

    const res = await upload(
      w.vendor,
      oneReport('export default { columns: ["v"], async *rows() { yield [2]; } };'),
      { tag: '2.0.0' },
      repo.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'configuring', git: { tag: '2.0.0' }, tags: ['2.0.0', '1.0.0'] });
    // while it is configured, its templates make no reports, and it is not changed again
    expect((await templatesOf(w.vendor, repo.id))[0].status).toBe('blocked');
    const busy = await call(w, w.vendor, 'PUT', `/reporting/repositories/${repo.id}`, { git: { tag: '1.0.0' } });
    expect(busy.statusCode).toBe(400);
    await runDueJobs(w.t.db);
    const [second] = await templatesOf(w.vendor, repo.id);
    expect(second).toMatchObject({ id: first.id, status: 'enabled', repository: { git: { tag: '2.0.0' } } });
    expect((await csvOf(w.vendor, (await runReport(w.vendor, first.id)).id))[1]).toBe('2');

    expect(await get(w.vendor, `/reporting/repositories/${repo.id}/tags`)).toEqual({
      git: { url: repo.git.url, tags: ['2.0.0', '1.0.0'] },
    });
    expect(
      await expectStatus(w, w.vendor, 'POST', '/reporting/repositories/tags', { git: { url: repo.git.url } }, 200),
    ).toEqual({ git: { url: repo.git.url, tags: ['2.0.0', '1.0.0'] } });
    const unknown = await call(w, w.vendor, 'POST', '/reporting/repositories/tags', {
      git: { url: 'https://example.com/r.git' },
    });
    expect(unknown.statusCode).toBe(400);

    const back = await expectStatus(
      w,
      w.vendor,
      'PUT',
      `/reporting/repositories/${repo.id}`,
      { git: { tag: '1.0.0' } },
      200,
    );
    expect(back).toMatchObject({ status: 'configuring', git: { tag: '1.0.0' }, revision: 3 });
    await runDueJobs(w.t.db);
    expect((await csvOf(w.vendor, (await runReport(w.vendor, first.id)).id))[1]).toBe('1');

    const missing = await call(w, w.vendor, 'PUT', `/reporting/repositories/${repo.id}`, { git: { tag: '9.9' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toBe(`git.tag: Tests has no tag 9.9; its tags: 2.0.0, 1.0.0.`);
    // another account's repository is a 404 before its body is read
    const theirs = await upload(w.other, strToU8('not even a zip'), {}, repo.id);
    expect(theirs.statusCode).toBe(404);
  }, 90_000);

  it('is deleted with its templates, not while a schedule runs one, and never by another account', async () => {
    const repo = await added(w.vendor, oneReport('export default { columns: ["v"], async *rows() { yield [1]; } };'));
    const [template] = await templatesOf(w.vendor, repo.id);
    const schedule = await expectStatus(
      w,
      w.vendor,
      'POST',
      '/reporting/schedules',
      {
        name: 'Nightly',
        template: { id: template.id },
        trigger: { frequency: 'daily', time: '03:00' },
        parameters: {},
      },
      201,
    );
    expect((await call(w, w.other, 'DELETE', `/reporting/repositories/${repo.id}`)).statusCode).toBe(404);
    const held = await call(w, w.vendor, 'DELETE', `/reporting/repositories/${repo.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().errors[0]).toContain(`Nightly (${schedule.id})`);
    expect((await call(w, w.vendor, 'DELETE', `/reporting/schedules/${schedule.id}`)).statusCode).toBe(204);
    expect((await call(w, w.vendor, 'DELETE', `/reporting/repositories/${repo.id}`)).statusCode).toBe(204);
    await get(w.vendor, `/reporting/repositories/${repo.id}`, 404);
    await get(w.vendor, `/reporting/templates/${template.id}`, 404);
    // the built-in repository is not the account's to delete
    expect((await call(w, w.vendor, 'DELETE', '/reporting/repositories/RR-000-001')).statusCode).toBe(403);
  }, 60_000);
});

it('zips the example as its folder holds it', () => {
  expect(Object.keys(unzipSync(exampleArchive())).sort()).toEqual([
    'README.md',
    'reports.json',
    'reports/marketplace_summary/README.md',
    'reports/marketplace_summary/entrypoint.js',
    'shared/filters.js',
  ]);
});
