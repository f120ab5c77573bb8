import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseAttachment } from '@trellis/domain/helpdesk/attachment';
import type { AuthContext } from '../../app/session/types.ts';
import { mockApi, renderPortal } from '../../test-utils.tsx';
import { fakeUploads } from '../usage/testing.ts';
import { conversationServer } from './conversation/testing.ts';
import { PROVIDER, VENDOR_CONTEXT, attachmentFixture, casesServer, demoCases } from './testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const CODES = 'CA-111-111-111';
const CLOSED = 'CA-444-444-444';
const MB = 1024 * 1024;

/** The provider's screenshot and the vendor's log on the activation codes case. */
const codesFiles = () => [
  attachmentFixture(CODES, 'CAAT-100-100-100', PROVIDER, { name: 'order-confirmation.pdf', size: 2.5 * MB }, 21),
  attachmentFixture(CODES, 'CAAT-200-200-200', VENDOR_CONTEXT, { name: 'export.log', size: 1536, type: 'text/plain' }),
];

/** A case's page for `me`, the case holding `files`; its conversation not started. */
function openCase(me: AuthContext, id: string, files: CaseAttachment[] = []) {
  const server = casesServer(me, demoCases(), { [id]: files });
  const talk = conversationServer(me, me === PROVIDER ? VENDOR_CONTEXT : PROVIDER, id, 'Case');
  const calls = mockApi(talk.routes({ 'GET /auth/context': () => ({ body: me }), ...server.routes }));
  const view = renderPortal(`/helpdesk/cases/${id}`);
  return { ...view, calls, attachments: server.attachments };
}

/** The Attachments section, once its list is read. */
async function section() {
  const region = await screen.findByRole('region', { name: 'Attachments' }, { timeout: 30_000 });
  await waitFor(() => expect(within(region).queryByLabelText('Loading attachments')).toBeNull());
  return region;
}

const choose = (file: File) => fireEvent.change(screen.getByTestId('attachment-input'), { target: { files: [file] } });
const fileOf = (name: string, size?: number, body = 'some text') => {
  const file = new File([body], name);
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe("a case's attachments", () => {
  it('lists the files with their sizes, uploaders and dates, each a download, and offers Delete on the own only', async () => {
    const { calls, attachments } = openCase(VENDOR_CONTEXT, CODES, codesFiles());
    const region = await section();
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'order-confirmation.pdf',
      'export.log',
    ]);
    // sizes in the portal's bytes (base 2), who uploaded it for which account, and when
    expect(items[0].textContent).toContain('2.5 MB · Pat Provider, Demo Provider · 11/21/2026 10:00');
    expect(items[1].textContent).toContain('1.5 KB · Vera Vendor, Demo Vendor · 11/24/2026 10:00');
    expect(within(region).getByText(/2 of 20 files/)).toBeTruthy();

    const link = within(items[0]).getByRole('link', { name: 'order-confirmation.pdf' });
    expect(link.getAttribute('href')).toBe(
      `/public/v1/helpdesk/cases/${CODES}/attachments/CAAT-100-100-100?format=attachment`,
    );
    expect(link.getAttribute('download')).toBe('order-confirmation.pdf');

    // the vendor deletes its own log, not the provider's file
    expect(within(items[0]).queryByRole('button', { name: /Delete/ })).toBeNull();
    fireEvent.click(within(items[1]).getByRole('button', { name: 'Delete export.log' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete attachment' });
    expect(dialog.textContent).toContain('export.log is deleted for both parties of the case.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('export.log is deleted.')).toBeTruthy();
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === `/helpdesk/cases/${CODES}/attachments/CAAT-200-200-200`),
    ).toBe(true);
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(attachments[CODES].map((a) => a.name)).toEqual(['order-confirmation.pdf']);
    expect(within(region).getByText(/1 of 20 files/)).toBeTruthy();
  }, 60_000);

  it('refuses a file over 10 MB or of a type the server does not take, in its words, before sending a byte', async () => {
    openCase(PROVIDER, CODES);
    const sent = fakeUploads();
    const region = await section();
    expect(within(region).getByText('No files attached.')).toBeTruthy();

    choose(fileOf('capture.pdf', 10 * MB + 1));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'capture.pdf: The file is too large; the limit is 10 MB per file.',
    );
    choose(fileOf('setup.exe'));
    await waitFor(() =>
      expect(within(region).getByRole('alert').textContent).toMatch(
        /^setup\.exe: Wrong file format; accepted: pdf, png, .*, ppt, each with the content its name says\.$/,
      ),
    );
    choose(fileOf('empty.txt', 0, ''));
    await waitFor(() => expect(within(region).getByRole('alert').textContent).toBe('empty.txt: The file is empty.'));
    expect(sent).toHaveLength(0);
  }, 60_000);

  it("uploads a file with a progress bar of its bytes, and shows the server's refusal in its words", async () => {
    const { attachments } = openCase(PROVIDER, CODES);
    const sent = fakeUploads();
    const region = await section();

    choose(fileOf('screenshot.png', 4 * 1024));
    await waitFor(() => expect(sent).toHaveLength(1));
    const xhr = sent[0];
    expect([xhr.method, xhr.url]).toEqual(['POST', `/public/v1/helpdesk/cases/${CODES}/attachments`]);
    expect((xhr.body!.get('file') as File).name).toBe('screenshot.png');
    expect(xhr.headers['x-session-id']).toBeTruthy();

    act(() => xhr.progress(2048, 4096));
    expect(await within(region).findByText('Uploading screenshot.png (4 KB): 50%')).toBeTruthy();
    const bar = within(region).getByRole('progressbar', { name: 'Uploading screenshot.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    // one file at a time
    expect((within(region).getByRole('button', { name: 'Attach file' }) as HTMLButtonElement).disabled).toBe(true);

    const created = attachmentFixture(CODES, 'CAAT-300-300-300', PROVIDER, {
      name: 'screenshot.png',
      size: 4096,
      type: 'image/png',
    });
    attachments[CODES].push(created);
    act(() => xhr.respond(201, created));
    expect(await within(region).findByRole('link', { name: 'screenshot.png' })).toBeTruthy();
    expect(within(region).queryByRole('progressbar')).toBeNull();
    expect(within(region).getByRole('listitem').textContent).toContain('4 KB · Pat Provider, Demo Provider');
    expect(within(region).getByRole('button', { name: 'Delete screenshot.png' })).toBeTruthy();

    // a name the server takes, bytes it does not
    choose(fileOf('renamed.png'));
    await waitFor(() => expect(sent).toHaveLength(2));
    act(() =>
      sent[1].respond(400, {
        error_code: 'VAL_001',
        errors: ['file: Wrong file format; accepted: pdf, png, each with the content its name says.'],
      }),
    );
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'Wrong file format; accepted: pdf, png, each with the content its name says.',
    );
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(within(region).getByRole('button', { name: 'Attach file' })).toBeTruthy();
  }, 60_000);

  it('of a closed case are read and downloaded, but none is added or deleted', async () => {
    const own = attachmentFixture(CLOSED, 'CAAT-400-400-400', PROVIDER, { name: 'sso-settings.png', size: 300 });
    openCase(PROVIDER, CLOSED, [own]);
    const region = await section();
    expect(within(region).getByRole('link', { name: 'sso-settings.png' })).toBeTruthy();
    expect(
      within(region).getByText('The case is closed: its files are kept, and none can be added or deleted.'),
    ).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Attach file' })).toBeNull();
    expect(screen.queryByTestId('attachment-input')).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Delete sso-settings.png' })).toBeNull();
  }, 60_000);

  it('take no more files once the case holds 20', async () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      attachmentFixture(CODES, `CAAT-500-500-${String(i).padStart(3, '0')}`, PROVIDER, {
        name: `page-${i + 1}.pdf`,
        size: 1000,
      }),
    );
    openCase(PROVIDER, CODES, many);
    const region = await section();
    expect(within(region).getAllByRole('listitem')).toHaveLength(20);
    expect(within(region).getByText('A case holds at most 20 attachments; delete one first.')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Attach file' })).toBeNull();
    // its own files can still go
    expect(within(region).getAllByRole('button', { name: /^Delete page-/ })).toHaveLength(20);
  }, 60_000);
});
