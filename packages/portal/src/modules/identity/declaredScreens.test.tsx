import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@trellis/domain/format/date';
import { mockApi, renderPortal, VENDOR_CONTEXT } from '../../test-utils.tsx';
import { listBody } from './testing.tsx';

// The identity screens show the declared fields (domain identity/*.ts) through the shared display kinds.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const context = () => ({ body: VENDOR_CONTEXT });
const CREATED = '2026-01-02T03:04:05Z';
const shown = (v: string) => formatDate(v, { hour12: false });

/** The value next to `label` in a details list (the first list that has it). */
async function valueOf(label: string): Promise<string> {
  const dt = (await screen.findAllByText(label, { selector: 'dt' }))[0];
  return dt.nextElementSibling!.textContent ?? '';
}

/** The cells of each body row of the table, as text. */
async function rows(name: string, count: number): Promise<string[][]> {
  const table = await screen.findByRole('table', { name });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(count + 1));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
}

const token = {
  id: 'SU-100-200-300',
  name: 'CI pipeline',
  description: 'Deploys the catalog',
  external_id: null,
  owner: { id: 'VA-100-200' },
  status: 'active',
  extension: null,
  permissions: [],
  expiration_date: null,
  events: {
    created: { at: CREATED, by: { id: 'UR-100-200-300', name: 'Vera Vendor' } },
    rotated: { at: '2026-02-01T00:00:00Z', by: null },
  },
};

const member = {
  id: 'UR-1',
  name: 'Ann',
  email: 'ann@example.com',
  status: 'joined',
  active: true,
  timezone: 'Europe/Berlin',
  timeformat: '24h',
  region: 'en_US',
  groups: [
    { id: 'UG-1', name: 'Admins' },
    { id: 'UG-2', name: 'Support' },
  ],
  events: { invited: { at: CREATED }, activated: { at: '2026-01-03T00:00:00Z' } },
};

const group = {
  id: 'UG-1',
  name: 'Admins',
  description: 'Everything',
  revision: 1,
  permissions: [
    { id: 'MD-0001', object: { id: 'MD-0001' } },
    { id: 'MD-0002', object: { id: 'MD-0002' } },
  ],
  stats: { users: 3 },
  events: { created: { at: CREATED } },
};

describe('identity details', () => {
  it('token: declared fields, "Never" for no expiration, its events in the Events block', async () => {
    mockApi({ 'GET /auth/context': context, [`GET /auth/tokens/${token.id}`]: () => ({ body: token }) });
    renderPortal(`/settings/users/tokens/${token.id}`);
    expect(await valueOf('Expires')).toBe('Never');
    expect(await valueOf('ID')).toBe(token.id);
    expect(await valueOf('Name')).toBe('CI pipeline');
    expect(await valueOf('Description')).toBe('Deploys the catalog');
    expect(await valueOf('Status')).toBe('Active');
    expect(await valueOf('External ID')).toBe('—');
    expect(await valueOf('Created')).toBe(`${shown(CREATED)} by Vera Vendor`);
    expect(await valueOf('Rotated')).toBe(shown('2026-02-01T00:00:00Z'));
  });

  it('token: an expiration date reads as a date', async () => {
    const at = '2027-03-04T05:06:00Z';
    mockApi({
      'GET /auth/context': context,
      [`GET /auth/tokens/${token.id}`]: () => ({ body: { ...token, expiration_date: at } }),
    });
    renderPortal(`/settings/users/tokens/${token.id}`);
    expect(await valueOf('Expires')).toBe(shown(at));
  });

  it('member: group chips, time zone, and when they were invited and joined', async () => {
    mockApi({ 'GET /auth/context': context, 'GET /accounts/VA-100-200/users/UR-1': () => ({ body: member }) });
    renderPortal('/settings/users/directory/UR-1');
    expect(await valueOf('Time zone')).toBe('Europe/Berlin');
    expect(await valueOf('E-mail')).toBe('ann@example.com');
    expect(await valueOf('Status')).toBe('Joined');
    const dt = (await screen.findAllByText('Groups', { selector: 'dt' }))[0];
    const chips = within(dt.nextElementSibling as HTMLElement);
    expect(chips.getByText('Admins')).toBeTruthy();
    expect(chips.getByText('Support')).toBeTruthy();
    expect(await valueOf('Invited')).toBe(shown(CREATED));
    expect(await valueOf('Activated')).toBe(shown('2026-01-03T00:00:00Z'));
  });

  it('member: without groups, says that the user has no permissions', async () => {
    mockApi({
      'GET /auth/context': context,
      'GET /accounts/VA-100-200/users/UR-1': () => ({ body: { ...member, groups: [] } }),
    });
    renderPortal('/settings/users/directory/UR-1');
    expect(await valueOf('Groups')).toBe('No groups: this user has no permissions.');
  });

  it('group: members and the number of modules it grants', async () => {
    mockApi({ 'GET /auth/context': context, 'GET /accounts/VA-100-200/groups/UG-1': () => ({ body: group }) });
    renderPortal('/settings/users/groups/UG-1');
    expect(await valueOf('Members')).toBe('3');
    expect(await valueOf('Permissions')).toBe('2 modules');
    expect(await valueOf('Description')).toBe('Everything');
    expect(await valueOf('Created')).toBe(shown(CREATED));
  });

  it('group: no permissions reads None', async () => {
    mockApi({
      'GET /auth/context': context,
      'GET /accounts/VA-100-200/groups/UG-1': () => ({ body: { ...group, permissions: [] } }),
    });
    renderPortal('/settings/users/groups/UG-1');
    expect(await valueOf('Permissions')).toBe('None');
  });

  it('account: type and roles by their labels', async () => {
    const account = {
      id: 'VA-100-200',
      name: 'Demo Vendor',
      type: 'vendor',
      role: 'vendor',
      roles: ['vendor', 'distributor'],
      external_id: 'ext-1',
      description: null,
      events: { created: { at: CREATED } },
    };
    mockApi({ 'GET /auth/context': context, 'GET /accounts/VA-100-200': () => ({ body: account }) });
    renderPortal('/accounts/VA-100-200');
    expect(await valueOf('Type')).toBe('Vendor');
    expect(await valueOf('Roles')).toBe('Vendor, Distributor');
    expect(await valueOf('External ID')).toBe('ext-1');
    expect(await valueOf('Description')).toBe('—');
    expect(await valueOf('Created')).toBe(shown(CREATED));
  });
});

describe('identity lists', () => {
  it('tokens: the declared columns, "Never" for no expiration', async () => {
    mockApi({ 'GET /auth/context': context, 'GET /auth/tokens': () => listBody([token]) });
    renderPortal('/settings/users/tokens');
    const table = await screen.findByRole('table', { name: 'Token' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'Name', 'Status', 'Expires', 'Created']);
    expect(await rows('Token', 1)).toEqual([[token.id, 'CI pipeline', 'Active', 'Never', shown(CREATED)]]);
  });

  it('groups: member count and number of permissions', async () => {
    mockApi({ 'GET /auth/context': context, 'GET /accounts/VA-100-200/groups': () => listBody([group]) });
    renderPortal('/settings/users/groups');
    expect(await rows('Group', 1)).toEqual([['UG-1', 'Admins', 'Everything', '3', '2']]);
  });

  it('sessions: device, address, start, and this session marked', async () => {
    const session = (id: string, current: boolean) => ({
      id,
      status: 'active',
      host: null,
      location: { ip: '10.0.0.1' },
      device: { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/120.0 Safari/537.36' },
      current,
      events: { created: { at: CREATED } },
    });
    mockApi({
      'GET /auth/context': context,
      'GET /users/UR-100-200-300/sessions': () => listBody([session('SE-1', true), session('SE-2', false)]),
    });
    renderPortal('/settings/users/sessions');
    const table = await screen.findByRole('table', { name: 'Session' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Status', 'Device', 'IP address', 'Started', '']);
    expect(await rows('Session', 2)).toEqual([
      ['SE-1', 'Active', 'Chrome on macOS', '10.0.0.1', shown(CREATED), 'This session'],
      ['SE-2', 'Active', 'Chrome on macOS', '10.0.0.1', shown(CREATED), 'Terminate'],
    ]);
  });
});
