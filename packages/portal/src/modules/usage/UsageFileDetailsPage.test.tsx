import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../../app/session/types.ts';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';
import type { UsageFile } from '@trellis/domain/usage/file';
import {
  chunkFixture,
  fakeUploads,
  FILE_ID,
  fileFixture,
  PRODUCT,
  reconciliationFixture,
  recordFixture,
  uploaded,
} from './testing.ts';

beforeAll(async () => {
  await import('./UsageFileDetailsPage.tsx');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const URL = `/usage/files/${FILE_ID}`;
const xlsx = (name = 'usage.xlsx') => new File(['PK\u0003\u0004 a spreadsheet'], name);
const choose = (file: File) => fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file] } });
const main = () => screen.getByRole('main');

/** The API of the file page; `file()` is what the server holds at each GET (the test moves it on). */
function api(context: AuthContext, file: () => UsageFile, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET /usage/files/${FILE_ID}`]: () => ({ body: file() }),
    'GET /usage/records': () => listBody([recordFixture()]),
    'GET /usage/chunks': () => listBody([chunkFixture()]),
    'GET /usage/reconciliations': () => listBody([]),
    ...extra,
  });
}

const ready = uploaded({
  status: 'ready',
  stats: { uploaded: 8, validated: 8, pending: 0, accepted: 0, closed: 0, billed: 0 },
  records: { valid: 8, invalid: 0, closed: 0 },
  progress: { done: 8, total: 8 },
  items: [{ id: 'PRD-111-222-333-0003', name: 'Extra storage', mpn: 'SMS-GB', unit: 'GB', records: 8, usage: 102.4 }],
});
const invalid = uploaded({
  status: 'invalid',
  records: { valid: 5, invalid: 2, closed: 0 },
  processed_file_uri: `/public/v1/usage/files/${FILE_ID}/processedfile`,
  errors: [
    {
      row: 5,
      record_id: 'AS-1-2026-11-22',
      messages: [
        'No subscription of the product in this marketplace has asset.id AS-0000-0000-0000.',
        "quantity has more decimals than the item's precision (decimal(1)) allows.",
      ],
    },
    { row: 8, record_id: 'AS-1-2026-11-01', messages: ['record_id AS-1-2026-11-01 repeats row 2.'] },
  ],
});

describe('usage file: upload and processing', () => {
  it('uploads the spreadsheet with a progress bar of its bytes, then follows the processing live until the file is ready', async () => {
    let current = fileFixture();
    api(VENDOR_CONTEXT, () => current);
    const sent = fakeUploads();
    renderPortal(URL);
    await screen.findByRole('heading', { level: 1, name: 'Storage November 2026' });
    choose(xlsx());
    await waitFor(() => expect(sent).toHaveLength(1));
    const xhr = sent[0];
    expect([xhr.method, xhr.url]).toEqual(['POST', `/public/v1/usage/files/${FILE_ID}/upload`]);
    expect((xhr.body!.get('usage_file') as File).name).toBe('usage.xlsx');
    expect(xhr.headers['x-session-id']).toBeTruthy();

    act(() => xhr.progress(1024, 2048));
    expect(await screen.findByText('Uploading usage.xlsx (18 B): 50%')).toBeTruthy();
    const bytes = screen.getByRole('progressbar', { name: 'Uploading usage.xlsx' });
    expect(bytes.getAttribute('aria-valuenow')).toBe('50');

    // the server took it; its job has parsed half the rows when the page asks
    current = uploaded({ status: 'processing', progress: { done: 5, total: 10 } });
    act(() => xhr.respond(200, uploaded()));
    expect(await screen.findByText('usage.xlsx: Processing records: 5 of 10')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Processing the spreadsheet' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );

    current = ready;
    expect(
      await screen.findByText('8 records are ready. Submit the file to Demo Provider for acceptance.'),
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Processing the spreadsheet' })).toBeNull();
    const totals = within(screen.getByRole('table', { name: 'Usage per item' }));
    expect(totals.getAllByRole('row')[1].textContent).toBe('Extra storageSMS-GB8102.4GB');
    // the spreadsheet's name (a download) and its size in base 2
    const link = within(main()).getByRole('link', { name: 'usage.xlsx' });
    expect(link.getAttribute('href')).toBe(`/public/v1/usage/files/${FILE_ID}/uploadedfile`);
    expect(within(main()).getByText('Size').nextElementSibling?.textContent).toBe('1.5 KB');
    // a new spreadsheet may still replace this one
    expect(screen.getByText('Uploading again replaces usage.xlsx and its records.')).toBeTruthy();
  });

  it('shows the processing without a total as records done, on an indeterminate bar', async () => {
    api(VENDOR_CONTEXT, () => uploaded({ status: 'processing', progress: { done: 1200, total: null } }));
    renderPortal(URL);
    expect(await screen.findByText('usage.xlsx: Processing records: 1,200 done')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Processing the spreadsheet' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    // nothing can be uploaded while the server works on the file
    expect(screen.queryByTestId('upload-input')).toBeNull();
  });

  it('opens the errors of a spreadsheet that turns out invalid: rows, record ids, messages and the processed file', async () => {
    let current = uploaded({ status: 'processing', progress: { done: 3, total: 7 } });
    api(VENDOR_CONTEXT, () => current);
    const { router } = renderPortal(URL);
    await screen.findByText('usage.xlsx: Processing records: 3 of 7');
    current = invalid;
    await waitFor(() => expect(router.state.location.search).toBe('?tab=errors'));
    const table = await screen.findByRole('table', { name: 'Rows with errors' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['5', '8']);
    expect(
      within(rows[0])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(invalid.errors![0].messages);
    expect(rows[1].textContent).toBe('8AS-1-2026-11-01record_id AS-1-2026-11-01 repeats row 2.');
    expect(screen.getByText('2 rows have errors.')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download processed file' });
    expect(download.getAttribute('href')).toBe(`/public/v1/usage/files/${FILE_ID}/processedfile`);
  });

  it('says on the Overview of an invalid file how many rows are bad, and lets the vendor upload again', async () => {
    api(VENDOR_CONTEXT, () => invalid);
    renderPortal(URL);
    const alert = await screen.findByText('2 rows of the spreadsheet have errors. Fix them and upload it again.');
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'See errors' }),
    ).toBeTruthy();
    expect(screen.getByTestId('upload-input')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Errors' })).toBeTruthy();
  });

  it('refuses a file of another type or above 40 MB before sending a byte', async () => {
    api(VENDOR_CONTEXT, () => fileFixture());
    const sent = fakeUploads();
    renderPortal(URL);
    await screen.findByTestId('upload-input');
    choose(xlsx('usage.csv'));
    expect((await screen.findByRole('alert')).textContent).toContain('usage.csv: Wrong file format');
    const big = xlsx('big.xlsx');
    Object.defineProperty(big, 'size', { value: 40 * 1024 * 1024 + 1 });
    choose(big);
    expect(await screen.findByText('big.xlsx: File is too large; the limit is 40 MB.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal of the upload in its own words", async () => {
    api(VENDOR_CONTEXT, () => fileFixture());
    const sent = fakeUploads();
    renderPortal(URL);
    await screen.findByTestId('upload-input');
    choose(xlsx('renamed.xlsx'));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => sent[0].respond(400, { error_code: 'VAL_001', errors: ['usage_file: Wrong file format'] }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Wrong file format');
    // the box is back for another try
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();
  });

  it("downloads the product's template through the link the API answers", async () => {
    const calls = api(VENDOR_CONTEXT, () => fileFixture(), {
      [`GET /usage/products/${PRODUCT.id}/template`]: () => ({
        body: { template_link: `/public/v1/usage/products/${PRODUCT.id}/template/file` },
      }),
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href')!);
    });
    renderPortal(URL);
    fireEvent.click(await screen.findByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(clicked).toEqual([`/public/v1/usage/products/${PRODUCT.id}/template/file`]));
    expect(calls.some((c) => c.path === `/usage/products/${PRODUCT.id}/template`)).toBe(true);
  });
});

describe('usage file: tabs', () => {
  it("lists the file's records, filtered by the file", async () => {
    const calls = api(VENDOR_CONTEXT, () => ready);
    renderPortal(`${URL}?tab=records`);
    const table = await screen.findByRole('table', { name: 'Usage record' });
    expect(await within(table).findByText('AS-1-2026-11-01')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/usage/records').at(-1)!.query).toContain(`eq(usagefile.id,${FILE_ID})`);
    // no errors, chunks or reconciliation before the file is invalid or accepted
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Overview', 'Records']);
  });

  it("gives the provider of an accepted file its chunks, with downloads and the chunk's actions, and no upload", async () => {
    const accepted = uploaded({ status: 'accepted' });
    const calls = api(PROVIDER, () => accepted);
    renderPortal(`${URL}?tab=chunks`);
    const table = await screen.findByRole('table', { name: 'Usage chunk' });
    const row = (await within(table).findByText('UFC-1111-2222-3333-0001')).closest('tr')!;
    const download = within(row).getByRole('link', { name: 'Download UFC-1111-2222-3333-0001' });
    expect(download.getAttribute('href')).toBe('/public/v1/usage/chunks/UFC-1111-2222-3333-0001/download');
    expect(within(row).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Regenerate' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/usage/chunks').at(-1)!.query).toContain(`eq(usagefile.id,${FILE_ID})`);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Records',
      'Chunks',
      'Reconciliation',
    ]);
    expect(screen.queryByTestId('upload-input')).toBeNull();
  });
});

describe('usage file: reconciliation', () => {
  it('lets the provider upload its reconciliation with a note and a progress bar, then shows how the rows matched', async () => {
    const accepted = uploaded({ status: 'accepted' });
    let reconciliations = [] as ReturnType<typeof reconciliationFixture>[];
    api(PROVIDER, () => accepted, { 'GET /usage/reconciliations': () => listBody(reconciliations) });
    const sent = fakeUploads();
    renderPortal(`${URL}?tab=reconciliation`);
    expect(await screen.findByText('No reconciliation yet')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'November invoices' } });
    choose(xlsx('billing.xlsx'));
    await waitFor(() => expect(sent).toHaveLength(1));
    const xhr = sent[0];
    expect(xhr.url).toBe(`/public/v1/usage/files/${FILE_ID}/reconciliation`);
    expect((xhr.body!.get('recon_file') as File).name).toBe('billing.xlsx');
    expect(xhr.body!.get('upload_note')).toBe('November invoices');
    act(() => xhr.progress(300, 1200));
    expect(await screen.findByText(/Uploading billing\.xlsx \(.+\): 25%/)).toBeTruthy();

    reconciliations = [reconciliationFixture({ status: 'processing' })];
    act(() => xhr.respond(200, accepted));
    expect(await screen.findByText('Matching the rows to the file’s records…')).toBeTruthy();
    reconciliations = [reconciliationFixture()];
    await screen.findByTestId('recon-matched');
    const count = (key: string) => within(screen.getByTestId(`recon-${key}`)).getAllByRole('paragraph')[1].textContent;
    expect(['matched', 'mismatched', 'unknown', 'missing'].map(count)).toEqual(['6', '1', '2', '1']);
    expect(screen.getByRole('link', { name: 'Processed file' }).getAttribute('href')).toBe(
      '/public/v1/usage/reconciliations/RC-1111-2222-3333/processedfile',
    );
    expect(screen.getByRole('button', { name: 'Close matched records' })).toBeTruthy();
  });

  it('shows the vendor the result, read-only', async () => {
    api(VENDOR_CONTEXT, () => uploaded({ status: 'accepted' }), {
      'GET /usage/reconciliations': () => listBody([reconciliationFixture()]),
    });
    renderPortal(`${URL}?tab=reconciliation`);
    await screen.findByTestId('recon-matched');
    expect(screen.getByText(/billing\.xlsx · 2 KB · uploaded/)).toBeTruthy();
    expect(screen.queryByTestId('upload-input')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close matched records' })).toBeNull();
  });
});
