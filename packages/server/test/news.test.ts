import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionMessage } from '@trellis/domain';
import { markdownToHtml } from '@trellis/domain/format/markdown';
import { addMember, createAccount, createUser } from '../src/modules/identity/accounts/service.ts';
import { API, partner } from './distribution-helpers.ts';
import type { Session, TestApp } from './helpers.ts';
import { openTenants } from './tenants.ts';

// News (issue 17): a post's machine (publish, move to draft) and who may run it, the versions each publish freezes,
// who reads a post (the author; once published, the partners its audience names) and who gets a 404, the markdown
// rules, and the list's filters.

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;
/** A provider partner of Demo Vendor that acts as a reseller only. */
let reseller: Session;

const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.call(who, { method, url: `${API}${url}`, ...(payload ? { payload } : {}) });

async function expectStatus(
  who: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  status: number,
  payload?: object,
) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.statusCode === 204 ? null : res.json();
}

const write = (who: Session, body: object) => expectStatus(who, 'POST', '/news', 201, body);
const act = (who: Session, id: string, action: 'publish' | 'draft') =>
  expectStatus(who, 'POST', `/news/${id}/${action}`, 200, {});
const ids = (list: { id: string }[]) => list.map((p) => p.id);

beforeAll(async () => {
  ({ t, vendor, provider, other } = await openTenants());
  await partner(t, vendor, provider);
  const { account, adminGroup } = await createAccount(t.db, {
    name: 'Reseller Only',
    type: 'provider',
    roles: ['reseller'],
  });
  const user = await createUser(t.db, {
    email: 'reseller@news.test',
    name: 'Rita Reseller',
    password: 'Trellis-demo-1',
  });
  await addMember(t.db, account.id, user.id, { groups: [adminGroup.id] });
  reseller = await t.login('reseller@news.test');
  await partner(t, vendor, reseller);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a post from draft to published and back', () => {
  let id: string;

  it('starts as the author’s draft, unseen by partners', async () => {
    const post = await write(provider, {
      title: 'Price review',
      subtitle: 'From next month',
      audience: 'vendor',
      content: 'Prices change on the **first**.',
    });
    id = post.id;
    expect(id).toMatch(/^NWS-\d{3}-\d{3}-\d{3}$/);
    expect(post).toMatchObject({
      status: 'draft',
      version: 0,
      creator: { id: provider.body.account.id, name: 'Demo Provider' },
      audience: 'vendor',
    });
    expect(post.events.created.at).toBeTruthy();
    await expectStatus(vendor, 'GET', `/news/${id}`, 404);
    expect(ids(await expectStatus(vendor, 'GET', '/news', 200))).not.toContain(id);
  });

  it('publish freezes version 1, which the partner reads with the post', async () => {
    const published = await act(provider, id, 'publish');
    expect(published).toMatchObject({ status: 'published', version: 1 });
    expect(published.events.published.at).toBeTruthy();
    const read = await expectStatus(vendor, 'GET', `/news/${id}`, 200);
    expect(read.content).toBe('Prices change on the **first**.');
    const versions = await expectStatus(vendor, 'GET', `/news/${id}/versions`, 200);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ id, version: 1, status: 'published', title: 'Price review' });
    await expectStatus(vendor, 'GET', `/news/${id}/versions/1`, 200);
    await expectStatus(vendor, 'GET', `/news/${id}/versions/2`, 404);
    await expectStatus(vendor, 'GET', `/news/${id}/versions/one`, 404);
  });

  it('refuses what the machine does not allow: a second publish, edits of the published text, the reader', async () => {
    const again = await call(provider, 'POST', `/news/${id}/publish`, {});
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([transitionMessage('publish', 'published')]);
    const edit = await call(provider, 'PUT', `/news/${id}`, { title: 'Changed' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors[0]).toMatch(/move it to draft first/);
    // the partner reads the post but may not change it
    await expectStatus(vendor, 'POST', `/news/${id}/draft`, 403, {});
    await expectStatus(vendor, 'PUT', `/news/${id}`, 403, { title: 'Mine now' });
    await expectStatus(vendor, 'DELETE', `/news/${id}`, 403);
  });

  it('move to draft takes it away from partners; the next publish is version 2 and version 1 stays as it was', async () => {
    expect(await act(provider, id, 'draft')).toMatchObject({ status: 'draft', version: 1 });
    await expectStatus(vendor, 'GET', `/news/${id}`, 404);
    await expectStatus(vendor, 'GET', `/news/${id}/versions`, 404);
    const draft = await expectStatus(provider, 'POST', `/news/${id}/draft`, 400, {});
    expect(draft.errors).toEqual([transitionMessage('draft', 'draft')]);

    await expectStatus(provider, 'PUT', `/news/${id}`, 200, { content: 'Prices change on the **second**.' });
    expect(await act(provider, id, 'publish')).toMatchObject({ status: 'published', version: 2 });
    const versions = await expectStatus(vendor, 'GET', `/news/${id}/versions`, 200);
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const first = await expectStatus(vendor, 'GET', `/news/${id}/versions/1`, 200);
    expect(first.content).toBe('Prices change on the **first**.');
  });

  it('publishing needs content', async () => {
    const empty = await write(provider, { title: 'Empty', audience: 'vendor' });
    const res = await expectStatus(provider, 'POST', `/news/${empty.id}/publish`, 400, {});
    expect(res.errors).toEqual(['Write the content first.']);
  });

  it('delete marks it deleted: lists leave it out unless asked for, partners no longer read it', async () => {
    const gone = await write(provider, { title: 'Gone soon', audience: 'vendor', content: 'x' });
    await act(provider, gone.id, 'publish');
    await expectStatus(provider, 'DELETE', `/news/${gone.id}`, 204);
    expect(ids(await expectStatus(provider, 'GET', '/news', 200))).not.toContain(gone.id);
    expect(ids(await expectStatus(provider, 'GET', '/news?status=deleted', 200))).toEqual([gone.id]);
    await expectStatus(vendor, 'GET', `/news/${gone.id}`, 404);
  });
});

describe('audience', () => {
  it('reaches the partners it names, and only them', async () => {
    const toVendors = await write(provider, { title: 'To vendors', audience: 'vendor', content: 'v' });
    const toAll = await write(provider, { title: 'To all', audience: 'any', content: 'a' });
    const ours = await write(provider, { title: 'Internal', audience: 'private', content: 'p' });
    const toDistributors = await write(vendor, { title: 'To distributors', audience: 'distributor', content: 'd' });
    const toResellers = await write(vendor, { title: 'To resellers', audience: 'reseller', content: 'r' });
    for (const [who, p] of [
      [provider, toVendors],
      [provider, toAll],
      [provider, ours],
      [vendor, toDistributors],
      [vendor, toResellers],
    ] as const)
      await act(who, p.id, 'publish');

    const vendorReads = ids(await expectStatus(vendor, 'GET', '/news?status=published&limit=100', 200));
    expect(vendorReads).toEqual(expect.arrayContaining([toVendors.id, toAll.id]));
    expect(vendorReads).not.toContain(ours.id);
    await expectStatus(vendor, 'GET', `/news/${ours.id}`, 404);

    // Demo Provider is a distributor and a reseller; the reseller-only partner reads the reseller post only
    const providerReads = ids(
      await expectStatus(provider, 'GET', `/news?eq(creator.id,${vendor.body.account.id})`, 200),
    );
    expect(providerReads.sort()).toEqual([toDistributors.id, toResellers.id].sort());
    const resellerReads = ids(await expectStatus(reseller, 'GET', '/news', 200));
    expect(resellerReads).toEqual([toResellers.id]);
    await expectStatus(reseller, 'GET', `/news/${toDistributors.id}`, 404);
  });

  it('is refused where the author has no partners of that kind, naming the field', async () => {
    const res = await expectStatus(provider, 'POST', '/news', 400, { title: 'x', audience: 'distributor' });
    expect(res.errors[0]).toMatch(/^audience: /);
    expect(res.fields.audience).toHaveLength(1);
    expect((await expectStatus(vendor, 'POST', '/news', 400, { title: 'x', audience: 'vendor' })).errors[0]).toMatch(
      /^audience: /,
    );
    const unknown = await expectStatus(vendor, 'POST', '/news', 400, { title: 'x', audience: 'everyone' });
    expect(unknown.errors[0]).toMatch(/^audience: Choose one of/);
  });
});

describe('isolation', () => {
  it('another tenant gets 404 on every verb, action and version of a published post', async () => {
    const post = await write(provider, { title: 'Not for strangers', audience: 'any', content: 'hello' });
    await act(provider, post.id, 'publish');
    expect(ids(await expectStatus(other, 'GET', '/news', 200))).not.toContain(post.id);
    await expectStatus(other, 'GET', `/news/${post.id}`, 404);
    await expectStatus(other, 'PUT', `/news/${post.id}`, 404, { title: 'x' });
    await expectStatus(other, 'DELETE', `/news/${post.id}`, 404);
    await expectStatus(other, 'POST', `/news/${post.id}/draft`, 404, {});
    await expectStatus(other, 'POST', `/news/${post.id}/publish`, 404, {});
    await expectStatus(other, 'GET', `/news/${post.id}/versions`, 404);
    await expectStatus(other, 'GET', `/news/${post.id}/versions/1`, 404);
  });
});

describe('input', () => {
  it('names the field of a bad body', async () => {
    expect((await expectStatus(provider, 'POST', '/news', 400, { audience: 'vendor' })).errors).toEqual([
      'title: This field is required',
    ]);
    const long = await expectStatus(provider, 'POST', '/news', 400, { title: 'x'.repeat(257), audience: 'vendor' });
    expect(long.errors[0]).toMatch(/^title: Input must be at most 256 characters/);
  });

  it('nests blockquotes at most 3 deep (spec §9), not counting code', async () => {
    const deep = await expectStatus(provider, 'POST', '/news', 400, {
      title: 'Quotes',
      audience: 'vendor',
      content: '> one\n> > two\n> > > three\n> > > > four',
    });
    expect(deep.errors).toEqual(['content: Blockquotes nest at most 3 levels deep.']);
    await write(provider, { title: 'Quotes', audience: 'vendor', content: '> one\n> > two\n> > > three' });
    await write(provider, { title: 'Code', audience: 'vendor', content: '```\n> > > > not a quote\n```' });
  });

  it('keeps the markdown as written; its rendering shows raw HTML as text and drops unsafe links', async () => {
    const content = '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))';
    const post = await write(provider, { title: 'Tricky', audience: 'vendor', content });
    await act(provider, post.id, 'publish');
    const read = await expectStatus(vendor, 'GET', `/news/${post.id}`, 200);
    expect(read.content).toBe(content);
    const html = markdownToHtml(read.content);
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('filters and orders as the reference does; a bad query is a 400 naming the problem', async () => {
    const newest = await expectStatus(vendor, 'GET', '/news?status=published&ordering(-events.published.at)', 200);
    const times = newest.map((p: any) => p.events.published.at);
    expect(times).toEqual([...times].sort().reverse());
    const byTitle = await expectStatus(vendor, 'GET', '/news?title=Price%20review', 200);
    expect(byTitle.map((p: any) => p.title)).toEqual(['Price review']);
    const dashboard = await expectStatus(
      vendor,
      'GET',
      `/news?and(eq(status,published),ne(creator.id,${vendor.body.account.id}))&ordering(-events.published.at)&limit=3`,
      200,
    );
    expect(dashboard.every((p: any) => p.creator.id !== vendor.body.account.id)).toBe(true);
    expect(dashboard).toHaveLength(3);
    for (const q of ['eq(nonsense,1)', 'ordering(content)', 'limit=5000', 'eq(status']) {
      const res = await call(vendor, 'GET', `/news?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    const search = await expectStatus(vendor, 'GET', '/news?search=review', 200);
    expect(search.map((p: any) => p.title)).toContain('Price review');
  });
});
