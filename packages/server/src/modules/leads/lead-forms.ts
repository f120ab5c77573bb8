import { sql } from 'kysely';
import { DEFAULT_LEAD_FORM_SCHEMA, leadFormResource, type LeadForm } from '@trellis/domain';
import { EMPTY_FORM_SCHEMA } from '@trellis/domain/parameters/form-schema';
import { groupBy, inList } from '../../db/in-list.ts';
import type { Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { leadFormTable } from './tables.ts';

// Lead forms (/leads/forms): a vendor's own; nobody else reads them (visitors read an active one through the embed).
// `listings` is not stored: it is read from listing_forms, where attaching a form to a listing writes.

const now = () => new Date().toISOString();

export const leadForms: Served<LeadForm> = {
  decl: leadFormResource,
  table: leadFormTable,
  columns: { 'events.created.at': 'created', 'events.updated.at': 'updated' },
  owner: (f) => f.owner.id,
  scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,
  async presentMany(forms, _ctx, _include, db) {
    const { rows } = await sql<{ form_id: string; listing_id: string }>`select form_id, listing_id from listing_forms
      where ${inList(
        sql`form_id`,
        forms.map((f) => f.id),
      )} order by listing_id`.execute(db);
    const byForm = groupBy(rows, (r) => r.form_id);
    return forms.map((f) => ({ ...f, listings: (byForm.get(f.id) ?? []).map((r) => r.listing_id) }));
  },
  async create(ctx, input) {
    const at = now();
    const template = input.template ?? (input.schema ? 'custom' : 'default');
    return {
      id: newId('LFM', 3, 3),
      name: input.name,
      owner: { id: ctx.account.id, name: ctx.account.name },
      status: 'inactive',
      template,
      schema: input.schema ?? (template === 'default' ? DEFAULT_LEAD_FORM_SCHEMA : EMPTY_FORM_SCHEMA),
      listings: [],
      created: at,
      updated: at,
      events: {},
    };
  },
  async update(_ctx, current, input) {
    // choosing the default template without fields of one's own starts again from its fields
    const schema =
      input.schema ??
      (input.template === 'default' && current.template !== 'default' ? DEFAULT_LEAD_FORM_SCHEMA : undefined);
    return {
      ...current,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.template !== undefined ? { template: input.template } : {}),
      ...(schema ? { schema } : {}),
    };
  },
};
