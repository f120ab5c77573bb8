import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportsRepository } from '@trellis/domain/reporting/repository';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { OWN_REPOSITORY_ID, ownRepositoryFixture, repositoryFixture, templateFixture } from '../testing.ts';

// Settings › Reports › Repositories: an account uploads its own repository (a .zip, optionally its tag) and sees every
// problem of a refused archive; a repository's page says why it failed, follows its configuration, offers its other
// tags, a new version and Delete to its owner; the built-in repository is read-only.

beforeAll(async () => {
  await Promise.all([import('./ReportSettingsPage.tsx'), import('./RepositoryDetailsPage.tsx')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PATH = `/reporting/repositories/${OWN_REPOSITORY_ID}`;
const PAGE = `/settings/reports/repositories/${OWN_REPOSITORY_ID}`;
const BUILTIN = repositoryFixture();
const ownTemplate = templateFixture({
  id: 'TP-482-001',
  name: 'Subscriptions per marketplace',
  type: 'custom',
  repository: {
    id: OWN_REPOSITORY_ID,
    name: 'Example reports',
    repository_type: 'custom',
    git: ownRepositoryFixture().git,
  },
  owner: { id: VENDOR_CONTEXT.account.id, name: 'Demo Vendor' },
});

type Handlers = Parameters<typeof mockApi>[0];

function api(own: () => ReportsRepository, more: Handlers = {}) {
  return mockApi({
    'GET /auth/context': () => ({ body: VENDOR_CONTEXT }),
    'GET /reporting/repositories': () => listBody([own(), BUILTIN]),
    [`GET ${PATH}`]: () => ({ body: own() }),
    [`GET /reporting/repositories/${BUILTIN.id}`]: () => ({ body: BUILTIN }),
    'GET /reporting/templates': () => listBody([ownTemplate]),
    ...more,
  });
}

/** The multipart bodies the page sent (the fake API records JSON bodies only). */
function formsSent(method: string, path: string): FormData[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => url === `/public/v1${path}` && init?.method === method)
    .map(([, init]) => init!.body as FormData);
}

const zip = (name = 'reports.zip') => new File([new Uint8Array([80, 75, 3, 4])], name, { type: 'application/zip' });
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;

describe('adding a repository', () => {
  it('sends the archive and tag as multipart, shows every problem of a refused one, then opens the new one', async () => {
    let answers = 0;
    const added = ownRepositoryFixture({ status: 'configuring', stats: { templates_count: 0 }, tags: ['2.0.0-rc.1'] });
    api(() => added, {
      'POST /reporting/repositories': () =>
        ++answers === 1
          ? {
              status: 400,
              body: {
                error_code: 'VAL_001',
                errors: [
                  'reports.json reports.0.entrypoint: gone.js is not in the archive.',
                  'reports.json reports.1.parameters.0.choices: A checkbox parameter lists its choices.',
                ],
              },
            }
          : { status: 201, body: added },
    });
    renderPortal('/settings/reports/repositories');
    fireEvent.click(await screen.findByRole('button', { name: 'Add repository' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add repository' });
    const input = within(dialog).getByLabelText('Repository archive (.zip)');
    expect(input.getAttribute('accept')).toContain('.zip');

    // nothing chosen, or not a .zip: said before a byte goes out
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText("Choose the repository's .zip archive.")).toBeTruthy();
    fireEvent.change(input, { target: { files: [zip('reports.tar.gz')] } });
    expect(within(dialog).getByText('Wrong file format')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tag' }), { target: { value: 'no spaces' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText('A tag is 1 to 64 letters, digits, dots, dashes, underscores or plus signs.'),
    ).toBeTruthy();
    expect(formsSent('POST', '/reporting/repositories')).toHaveLength(0);

    fireEvent.change(input, { target: { files: [zip()] } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tag' }), { target: { value: ' 2.0.0-rc.1 ' } });
    expect(within(dialog).getByText("Optional: defaults to the manifest's version.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const refused = await within(dialog).findByRole('alert');
    expect(within(refused).getByText('The archive was not accepted (2 problems)')).toBeTruthy();
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'reports.json reports.0.entrypoint: gone.js is not in the archive.',
      'reports.json reports.1.parameters.0.choices: A checkbox parameter lists its choices.',
    ]);
    const [sent] = formsSent('POST', '/reporting/repositories');
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('archive') as File).name).toBe('reports.zip');
    expect(sent.get('tag')).toBe('2.0.0-rc.1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Example reports' })).toBeTruthy();
    expect(screen.getByText('Example reports is uploaded; its code is being checked.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(formsSent('POST', '/reporting/repositories')).toHaveLength(2);
  }, 30000);

  it('lists the repositories, each leading to its page', async () => {
    api(() => ownRepositoryFixture());
    renderPortal('/settings/reports/repositories');
    const table = await screen.findByRole('table', { name: 'Report repository' });
    const row = (await within(table).findByText('Example reports')).closest('tr')!;
    expect(within(row).getByText('Demo Vendor')).toBeTruthy();
    fireEvent.click(row);
    expect(await screen.findByRole('heading', { level: 1, name: 'Example reports' })).toBeTruthy();
  });
});

describe('a repository’s page', () => {
  it('says why it failed, offers the other tags, and switches to one by JSON', async () => {
    let stored = ownRepositoryFixture({
      status: 'failed',
      notes:
        'reports/a.js: SyntaxError: unexpected token\nreports/b.js: TypeError: b.js must export default { columns: [...], rows(source) }.',
    });
    const calls = api(() => stored, {
      [`PUT ${PATH}`]: (c) => ({
        body: (stored = {
          ...stored,
          status: 'configuring',
          notes: null,
          git: { ...stored.git, tag: (c.body as { git: { tag: string } }).git.tag },
        }),
      }),
    });
    renderPortal(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Example reports' });
    const failed = screen.getByText('Tag 1.1.0 could not be configured').closest('[role="alert"]') as HTMLElement;
    // every line of the notes, as lines
    expect(within(failed).getByText(/^reports\/a\.js: SyntaxError/).textContent).toBe(stored.notes);
    expect(valueOf('Tag in use')).toBe('1.1.0');
    expect(valueOf('Commit')).toBe('3f78685');
    expect(valueOf('Owner')).toBe('Demo Vendor');
    expect(valueOf('Templates')).toBe('1');

    const tags = screen.getByRole('list', { name: 'Tags' });
    const current = within(tags).getByText('1.1.0').closest('li')!;
    expect(within(current).getByText('In use')).toBeTruthy();
    expect(within(current).queryByRole('button')).toBeNull();
    fireEvent.click(within(tags).getByRole('button', { name: 'Use tag 1.0.0' }));
    const confirm = await screen.findByRole('dialog', { name: 'Use tag 1.0.0' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Use' }));

    expect(await screen.findByText('Example reports uses tag 1.0.0 once its code is checked.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(PATH);
    expect(put.body).toEqual({ git: { tag: '1.0.0' } });
    // configuring now: its changes wait, and the page follows it
    expect(await screen.findByRole('progressbar', { name: 'Configuring the repository' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Upload new version' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('polls while configuring until it is ready', async () => {
    let answer = ownRepositoryFixture({ status: 'configuring' });
    const calls = api(() => answer);
    renderPortal(PAGE);
    await screen.findByRole('progressbar', { name: 'Configuring the repository' });
    answer = ownRepositoryFixture();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Configuring the repository' })).toBeNull(), {
      timeout: 6000,
    });
    expect(screen.getByText('Ready')).toBeTruthy();
    const reads = calls.filter((c) => c.path === PATH).length;
    await new Promise((r) => setTimeout(r, 2500));
    // ready: no more polling
    expect(calls.filter((c) => c.path === PATH).length).toBe(reads);
  }, 20000);

  it('uploads a new version by PUT, and shows why a schedule keeps it from being deleted', async () => {
    const stored = ownRepositoryFixture();
    api(() => stored, {
      [`PUT ${PATH}`]: () => ({ body: { ...stored, status: 'configuring', git: { ...stored.git, tag: '1.2.0' } } }),
      [`DELETE ${PATH}`]: () => ({
        status: 409,
        body: {
          error_code: 'CONFLICT',
          errors: [
            'Example reports has templates that schedules run (Nightly (RS-1111-2222)); delete those schedules first.',
          ],
        },
      }),
    });
    renderPortal(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Example reports' });
    fireEvent.click(screen.getByRole('button', { name: 'Upload new version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload new version' });
    fireEvent.change(within(dialog).getByLabelText('Repository archive (.zip)'), { target: { files: [zip()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText('Tag 1.2.0 of Example reports is uploaded; its code is being checked.'),
    ).toBeTruthy();
    const [sent] = formsSent('PUT', PATH);
    expect((sent.get('archive') as File).name).toBe('reports.zip');
    expect(sent.get('tag')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete report repository' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await within(confirm).findByText(
        'Example reports has templates that schedules run (Nightly (RS-1111-2222)); delete those schedules first.',
      ),
    ).toBeTruthy();
  });

  it('shows the built-in repository read-only', async () => {
    api(() => ownRepositoryFixture());
    renderPortal(`/settings/reports/repositories/${BUILTIN.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Trellis reports' });
    expect(valueOf('Owner')).toBe('Trellis');
    expect(valueOf('Type')).toBe('Built-in');
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).getByText('0.9.0')).toBeTruthy();
    expect(within(tags).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload new version' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lists its templates, each leading to its page', async () => {
    const calls = api(() => ownRepositoryFixture());
    renderPortal(`${PAGE}?tab=templates`);
    const table = await screen.findByRole('table', { name: 'Report template' });
    expect(await within(table).findByText('Subscriptions per marketplace')).toBeTruthy();
    const list = calls.find((c) => c.path === '/reporting/templates')!;
    expect(list.query).toContain(`eq(repository.id,${OWN_REPOSITORY_ID})`);
  });
});
