import { defineReport } from '../definition.ts';

// Tier accounts (the requester's customers and resellers): one row per tier account it reads.
export default defineReport({
  columns: [
    { key: 'id', title: 'Tier account ID' },
    { key: 'name', title: 'Name' },
    { key: 'external_id', title: 'External ID' },
    { key: 'environment', title: 'Environment' },
    { key: 'scopes', title: 'Scopes' },
    { key: 'country', title: 'Country' },
    { key: 'email', title: 'Contact e-mail' },
    { key: 'hub', title: 'Hub' },
    { key: 'created', title: 'Created' },
  ],
  async *rows(src) {
    for await (const t of src.list('tier-account', 'ordering(id)')) {
      yield {
        id: t.id,
        name: t.name,
        external_id: t.external_id ?? null,
        environment: t.environment ?? null,
        scopes: (t.scopes ?? []).join(', '),
        country: t.contact_info?.country ?? null,
        email: t.contact_info?.contact?.email ?? null,
        hub: t.hub?.name ?? null,
        created: t.events?.created?.at ?? null,
      };
    }
  },
});
