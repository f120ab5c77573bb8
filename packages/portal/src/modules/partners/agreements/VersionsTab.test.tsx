import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgreementVersion } from '@trellis/domain/partners/agreement';
import { mockApi, renderPortal } from '../../../test-utils.tsx';
import { listBody } from '../../identity/testing.tsx';
import { AGREEMENT_ID, PROVIDER, VENDOR_CONTEXT, agreementFixture, versionFixture } from '../testing.ts';
import type { AuthContext } from '../../../app/session/types.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const BASE = `/agreements/${AGREEMENT_ID}/versions`;

/** Version 1 active; POST makes draft 2, PUT saves its document, activate supersedes version 1. */
function api(context: AuthContext) {
  const versions: AgreementVersion[] = [versionFixture()];
  const find = (n: string) => versions.find((v) => String(v.version) === n);
  return mockApi({
    'GET /auth/context': () => ({ body: context }),
    [`GET /agreements/${AGREEMENT_ID}`]: () => ({ body: agreementFixture() }),
    [`GET ${BASE}`]: () => listBody([...versions].reverse()),
    [`POST ${BASE}`]: () => {
      versions.push(versionFixture({ version: 2, status: 'draft', active: false }));
      return { status: 201, body: versions[1] };
    },
    [`GET ${BASE}/1`]: () => ({ body: find('1') }),
    [`GET ${BASE}/2`]: () => ({ body: find('2') }),
    [`GET ${BASE}/2/document`]: () => ({ body: `<h1>${find('2')!.document.text}</h1>` }),
    [`GET ${BASE}/1/document`]: () => ({ body: '<h1>Terms</h1>' }),
    [`PUT ${BASE}/2`]: (c) => {
      Object.assign(find('2')!, { document: (c.body as { document: AgreementVersion['document'] }).document });
      return { body: find('2') };
    },
    [`POST ${BASE}/2/activate`]: () => {
      Object.assign(find('1')!, { status: 'superseded', active: false });
      Object.assign(find('2')!, { status: 'active', active: true });
      return { body: find('2') };
    },
  });
}

describe('agreement versions', () => {
  it('lets the owner make a draft, edit its text with a preview and activate it after confirming', async () => {
    const calls = api(PROVIDER);
    const { router } = renderPortal(`/partners/agreements/${AGREEMENT_ID}?tab=versions`);
    fireEvent.click(await screen.findByRole('button', { name: 'New draft' }, { timeout: 15_000 }));
    expect(await screen.findByText('Draft version 2 was created from the latest document.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toContain('version=2'));
    // the panel shows the version as read back from the server: wait for that before editing
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path.startsWith(`${BASE}/2`))).toBe(true));
    const panel = await screen.findByRole('region', { name: 'Version 2' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Edit document' }));
    const text = await screen.findByRole('textbox', { name: 'Document (Markdown)' });
    fireEvent.change(text, { target: { value: '# Terms 2' } });
    await waitFor(() => expect(screen.getByTitle('Preview').getAttribute('srcdoc')).toContain('<h1>Terms 2</h1>'));
    fireEvent.click(screen.getByRole('button', { name: 'Save document' }));
    expect(await screen.findByText('The document of version 2 was saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      document: { format: 'markdown', text: '# Terms 2' },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Activate' });
    expect(confirm.textContent).toContain('the current active version is superseded');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Version 2 is active.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit document' })).toBeNull());
  }, 45_000);

  it('shows a partner the history without any of the owner’s controls', async () => {
    api(VENDOR_CONTEXT);
    renderPortal(`/partners/agreements/${AGREEMENT_ID}?tab=versions`);
    const panel = await screen.findByRole('region', { name: 'Version 1' });
    expect(await within(panel).findByTitle('Europe distribution, version 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New draft' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Activate' })).toBeNull();
  });
});
