import { sql } from 'kysely';
import { LeadForm, ListingFormSet } from '@trellis/domain';
import { z } from 'zod';
import { requireModule, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import { recordAudit } from '../../resources/audit.ts';
import { getObject, parseBody, presentObject, type Db } from '../../resources/engine.ts';
import type { Api } from '../types.ts';
import { leadForms } from './lead-forms.ts';

// The form a listing uses (reference /leads/listings/{listing_id}/form): the listing's vendor attaches one of its
// lead forms (PUT {id}), takes it off (PUT {id: null}, or DELETE) and reads it. A listing has at most one form
// (listing_forms is keyed by the listing); another tenant's listing is a 404 before the body is read.

const PATH = '/leads/listings/:listingId/form';

/** The vendor's own listing, locked when asked; 404 for anyone else's. */
async function ownListing(db: Db, ctx: Ctx, listingId: string, lock = false) {
  if (ctx.account.type !== 'vendor') throw ApiError.notFound('Listing');
  const { rows } = await sql<{ id: string }>`select id from listings
    where id = ${listingId} and account_id = ${ctx.account.id}${lock ? sql` for update` : sql``}`.execute(db);
  if (!rows.length) throw ApiError.notFound('Listing');
  requireModule(ctx, leadForms.decl.module);
}

async function attachedFormId(db: Db, listingId: string): Promise<string | null> {
  const row = await db
    .selectFrom('listing_forms')
    .select('form_id')
    .where('listing_id', '=', listingId)
    .executeTakeFirst();
  return row?.form_id ?? null;
}

/** The answer: the lead form as read, with the listing it serves (reference LeadForm `listing_id`). */
async function formOfListing(db: Db, ctx: Ctx, listingId: string) {
  const formId = await attachedFormId(db, listingId);
  if (!formId) throw ApiError.notFound('Lead form');
  const form = await presentObject(leadForms, ctx, await getObject(leadForms, ctx, {}, formId, db), db);
  return { ...form, listing_id: listingId };
}

/** Attach `formId` (null: detach) to the listing, audited on each form concerned, in one transaction. */
async function setListingForm(api: Api, ctx: Ctx, listingId: string, formId: string | null) {
  return api.db.transaction().execute(async (trx) => {
    await ownListing(trx, ctx, listingId, true);
    const before = await attachedFormId(trx, listingId);
    if (formId) {
      const exists = await sql<{ id: string }>`select id from lead_forms
        where id = ${formId} and account_id = ${ctx.account.id} for update`.execute(trx);
      if (!exists.rows.length) throw ApiError.badRequest(`id: lead form ${formId} does not exist.`);
    }
    if (before === formId) return;
    if (before) {
      await trx.deleteFrom('listing_forms').where('listing_id', '=', listingId).execute();
      await recordAudit(trx, ctx, {
        res: leadForms,
        objectId: before,
        action: 'detach',
        owner: ctx.account.id,
        before: { listing: listingId },
      });
    }
    if (formId) {
      await trx
        .insertInto('listing_forms')
        .values({
          listing_id: listingId,
          form_id: formId,
          account_id: ctx.account.id,
          created_at: new Date().toISOString(),
        })
        .execute();
      await recordAudit(trx, ctx, {
        res: leadForms,
        objectId: formId,
        action: 'attach',
        owner: ctx.account.id,
        after: { listing: listingId },
      });
    }
  });
}

export function listingFormRoutes(api: Api) {
  const { app, db } = api;
  app.get(PATH, async (req) => {
    const ctx = requireCtx(req);
    const { listingId } = req.params as { listingId: string };
    await ownListing(db, ctx, listingId);
    return formOfListing(db, ctx, listingId);
  });
  app.put(PATH, async (req, reply) => {
    const ctx = requireCtx(req);
    const { listingId } = req.params as { listingId: string };
    await ownListing(db, ctx, listingId);
    const { id } = parseBody(ListingFormSet, req.body);
    await setListingForm(api, ctx, listingId, id);
    return id ? formOfListing(db, ctx, listingId) : reply.code(204).send();
  });
  app.delete(PATH, async (req, reply) => {
    const ctx = requireCtx(req);
    const { listingId } = req.params as { listingId: string };
    await ownListing(db, ctx, listingId);
    await setListingForm(api, ctx, listingId, null);
    return reply.code(204).send();
  });
}

const ListingForm = LeadForm.extend({ listing_id: z.string() });
describeRoute('get', PATH, {
  summary: "The lead form a listing uses (the listing's vendor only)",
  tag: 'leads',
  response: ListingForm,
});
describeRoute('put', PATH, {
  summary:
    'Attach one of your lead forms to your listing ({id}); {id: null} takes it off (204). A listing has one form',
  tag: 'leads',
  body: ListingFormSet,
  response: ListingForm,
});
describeRoute('delete', PATH, { summary: 'Take the lead form off your listing', tag: 'leads', status: 204 });
