import { sql } from 'kysely';
import { leadRecordResource, type LeadForm, type LeadRecord } from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import type { Db, Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { partySide } from '../../resources/parties.ts';
import type { CounterFn } from '../dashboard/counters.ts';
import { checkedAnswers } from './answers.ts';
import { leadRecordTable } from './tables.ts';

// Lead records (/leads/records): the listing's vendor receives them and qualifies or invalidates them (pure
// transitions of the domain machine); the distributor, the owner of the listing's marketplace, reads them.

const now = () => new Date().toISOString();

/** A listing with the form it uses, as a lead needs them. */
export interface ListingWithForm {
  listing: {
    id: string;
    status: string;
    vendor: { id: string; name?: string };
    provider: { id: string; name?: string };
    product: { id: string; name: string; icon: string | null };
    marketplace: { id: string; name: string; icon?: string | null };
  };
  form: LeadForm | null;
}

/** The listing (the caller's side of it when `ctx` is given, else any) and its lead form; null when there is none. */
export async function listingWithForm(db: Db, listingId: string, ctx?: Ctx): Promise<ListingWithForm | null> {
  const side = ctx ? sql`and (l.account_id = ${ctx.account.id} or l.provider_id = ${ctx.account.id})` : sql``;
  const { rows } = await sql<{ listing: any; form: LeadForm | null }>`
    select l.data as listing, f.data as form from listings l
      left join listing_forms lf on lf.listing_id = l.id
      left join lead_forms f on f.id = lf.form_id
    where l.id = ${listingId} ${side}`.execute(db);
  return rows[0] ?? null;
}

const accountNames = async (db: Db, ids: string[]) => {
  const rows = await db.selectFrom('accounts').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** A new lead of a listing: answers checked against its form (400 naming each field). */
export async function newLead(
  db: Db,
  { listing, form }: ListingWithForm & { form: LeadForm },
  input: { name: string; data: Record<string, unknown> },
  source: LeadRecord['source'],
): Promise<LeadRecord> {
  const data = checkedAnswers(form.schema, input.data);
  const names = await accountNames(db, [listing.vendor.id, listing.provider.id]);
  const vendor = { id: listing.vendor.id, name: names.get(listing.vendor.id) ?? listing.vendor.name ?? '' };
  const distributor = { id: listing.provider.id, name: names.get(listing.provider.id) ?? listing.provider.name ?? '' };
  const product = { id: listing.product.id, name: listing.product.name, icon: listing.product.icon ?? null };
  const marketplace = {
    id: listing.marketplace.id,
    name: listing.marketplace.name,
    icon: listing.marketplace.icon ?? null,
  };
  const at = now();
  return {
    id: newId('LD', 3, 4),
    name: input.name,
    status: 'pending',
    vendor,
    distributor,
    form: { id: form.id, name: form.name, owner: form.owner, status: form.status, template: form.template },
    listing: { id: listing.id, product, marketplace, provider: distributor },
    product,
    marketplace,
    data,
    note: '',
    source,
    created: at,
    updated: at,
    events: {},
  };
}

export const leadRecords: Served<LeadRecord> = {
  decl: leadRecordResource,
  table: leadRecordTable,
  columns: { 'events.created.at': 'created', 'events.updated.at': 'updated' },
  owner: (r) => r.vendor.id,
  side: partySide,
  // a party of the listing records a lead it took itself (a call, a fair): the listing's form checks the answers
  async create(ctx, input, _params, db) {
    const found = await listingWithForm(db, input.listing.id, ctx);
    if (!found) throw ApiError.badRequest(`listing: listing ${input.listing.id} does not exist.`);
    if (!found.form)
      throw ApiError.badRequest(`listing: listing ${input.listing.id} has no lead form; attach one first.`);
    return newLead(db, { ...found, form: found.form }, input, 'api');
  },
  actions: {
    qualify: async (_ctx, current, body) => ({ ...current, note: body.note ?? '' }),
    invalidate: async (_ctx, current, body) => ({ ...current, note: body.note ?? '' }),
  },
};

/** Dashboard: new leads waiting for the vendor. */
export const countNewLeads: CounterFn = async (db, ctx) => {
  const row = await db
    .selectFrom('lead_records')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('vendor_id', '=', ctx.account.id)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
