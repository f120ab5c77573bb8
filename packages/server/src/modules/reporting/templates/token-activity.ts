import { defineReport } from '../definition.ts';

// API token activity: each of the account's tokens with its status and the calls made with it.
export default defineReport({
  columns: [
    { key: 'id', title: 'Token ID' },
    { key: 'name', title: 'Name' },
    { key: 'status', title: 'Status' },
    { key: 'modules', title: 'Modules' },
    { key: 'calls', title: 'API calls' },
    { key: 'last_call', title: 'Last call (hour)' },
    { key: 'created', title: 'Created' },
    { key: 'expires', title: 'Expires' },
  ],
  async *rows(src) {
    const tokens: any[] = [];
    for await (const t of src.list('token', 'ordering(id)')) tokens.push(t);
    const calls = await src.tokenCalls(tokens.map((t) => t.id));
    for (const t of tokens) {
      yield {
        id: t.id,
        name: t.name,
        status: t.status,
        modules: (t.permissions ?? []).map((p: any) => p.id).join(', '),
        calls: calls[t.id]?.total ?? 0,
        last_call: calls[t.id]?.last ?? null,
        created: t.events?.created?.at ?? null,
        expires: t.expiration_date ?? null,
      };
    }
  },
});
