import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionMessage } from '@trellis/domain';
import { API, extraProvider, ok } from './distribution-helpers.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import type { Session } from './helpers.ts';

// Conversations about an object (reference /conversations): the object's two parties, and nobody else, read and
// write them; private messages stay with their author's account; authors edit their own messages; closed is final.

let w: FulfillmentWorld;
let stranger: Session;
let request: { id: string };
beforeAll(async () => {
  w = await fulfillmentWorld();
  stranger = await extraProvider(w.t, 'Stranger Provider', 'stranger@conversations.test');
  request = await w.purchase();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  w.t.call(who, { method, url: `${API}${url}`, payload: payload as any });
const texts = async (who: Session, id: string) =>
  (await ok(w.t, who, 'GET', `/conversations/${id}/messages`)).map((m: any) => [m.account.id, m.type, m.text]);

describe('conversations', () => {
  it("hold the two parties' messages about an object, in order, private ones for their author's account", async () => {
    const c = await ok(w.t, w.provider, 'POST', '/conversations', { instance_id: request.id });
    expect(c).toMatchObject({
      instance_id: request.id,
      topic: `Request: ${request.id}`,
      type: 'conversation',
      status: 'open',
      creator: { id: expect.any(String) },
    });
    expect(c.id).toMatch(/^CO-(\d{3}-){5}\d{3}$/);
    expect(c.accounts.map((a: any) => a.id).sort()).toEqual([w.t.demo.provider.id, w.t.demo.vendor.id].sort());
    // one conversation per object: the vendor finds it by the object's id
    const dup = await call(w.vendor, 'POST', '/conversations', { instance_id: request.id });
    expect([dup.statusCode, dup.json().errors]).toEqual([
      400,
      [`instance_id: ${request.id} already has a conversation: ${c.id}.`],
    ]);
    expect((await ok(w.t, w.vendor, 'GET', `/conversations?instance_id=${request.id}`)).map((x: any) => x.id)).toEqual([
      c.id,
    ]);

    const thread = `/conversations/${c.id}/messages`;
    const asked = await ok(w.t, w.provider, 'POST', thread, { text: 'Is the **code** on its way?' });
    expect(asked).toMatchObject({ conversation: c.id, type: 'message', account: { id: w.t.demo.provider.id } });
    await ok(w.t, w.vendor, 'POST', thread, { text: '> Is the code on its way?\n\nYes.' });
    await ok(w.t, w.provider, 'POST', thread, { text: 'Call them back.', type: 'private' });
    expect(await texts(w.vendor, c.id)).toEqual([
      [w.t.demo.provider.id, 'message', 'Is the **code** on its way?'],
      [w.t.demo.vendor.id, 'message', '> Is the code on its way?\n\nYes.'],
    ]);
    expect((await texts(w.provider, c.id)).map((m: any) => m[2])).toEqual([
      'Is the **code** on its way?',
      '> Is the code on its way?\n\nYes.',
      'Call them back.',
    ]);

    // the author edits their own message, nobody else's
    const edited = await ok(w.t, w.provider, 'PUT', `${thread}/${asked.id}`, { text: 'Is the code sent?' }, 200);
    expect(edited.text).toBe('Is the code sent?');
    expect((await call(w.vendor, 'PUT', `${thread}/${asked.id}`, { text: 'no' })).statusCode).toBe(403);

    const empty = await call(w.vendor, 'POST', thread, { text: '  ' });
    expect([empty.statusCode, empty.json().errors]).toEqual([400, ['text: This field is required']]);
    const long = await call(w.vendor, 'POST', thread, { text: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    // spec §9, as for news posts: quotes nest three deep at most
    const deep = await call(w.vendor, 'POST', thread, { text: '> > > > too deep' });
    expect([deep.statusCode, deep.json().errors]).toEqual([400, ['text: Blockquotes nest at most 3 levels deep.']]);

    // closed: still read by both, written by nobody, not closed twice
    const closed = await ok(w.t, w.vendor, 'POST', `/conversations/${c.id}/close`, {}, 200);
    expect(closed.status).toBe('closed');
    const late = await call(w.provider, 'POST', thread, { text: 'One more thing' });
    expect([late.statusCode, late.json().errors]).toEqual([
      400,
      [`Conversation ${c.id} is closed: nobody can write in it.`],
    ]);
    const again = await call(w.vendor, 'POST', `/conversations/${c.id}/close`, {});
    expect([again.statusCode, again.json().errors]).toEqual([400, [transitionMessage('close', 'closed')]]);
    expect((await texts(w.vendor, c.id)).length).toBe(2);
  });

  it('are nobody else’s: strangers and other vendors get a 404, or a 400 for an object they take no part in', async () => {
    const other = await w.purchase();
    const c = await ok(w.t, w.vendor, 'POST', '/conversations', { instance_id: other.id, topic: 'Delivery' });
    expect(c.topic).toBe('Delivery');
    for (const who of [stranger, w.other]) {
      expect((await call(who, 'GET', `/conversations/${c.id}`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/conversations/${c.id}/messages`)).statusCode).toBe(404);
      expect((await call(who, 'POST', `/conversations/${c.id}/messages`, { text: 'hi' })).statusCode).toBe(404);
      expect(await ok(w.t, who, 'GET', `/conversations?instance_id=${other.id}`)).toEqual([]);
      const res = await call(who, 'POST', '/conversations', { instance_id: other.id });
      expect([res.statusCode, res.json().errors]).toEqual([
        400,
        [`instance_id: No object ${other.id} that your account takes part in.`],
      ]);
    }
    const unknown = await call(w.vendor, 'POST', '/conversations', { instance_id: 'XX-1' });
    expect(unknown.statusCode).toBe(400);
  });

  it("keeps an account's notes about an object to that account", async () => {
    const notes = await ok(w.t, w.vendor, 'POST', '/conversations', { instance_id: request.id, type: 'notes' });
    expect(notes.accounts.map((a: any) => a.id)).toEqual([w.t.demo.vendor.id]);
    await ok(w.t, w.vendor, 'POST', `/conversations/${notes.id}/messages`, { text: 'Check the activation.' });
    expect((await call(w.provider, 'GET', `/conversations/${notes.id}`)).statusCode).toBe(404);
    // the provider keeps notes of its own about the same object
    const own = await ok(w.t, w.provider, 'POST', '/conversations', { instance_id: request.id, type: 'notes' });
    expect(own.id).not.toBe(notes.id);
    expect(
      (await call(w.vendor, 'POST', '/conversations', { instance_id: request.id, type: 'notes' })).statusCode,
    ).toBe(400);
  });
});
