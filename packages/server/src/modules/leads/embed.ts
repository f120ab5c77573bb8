import type { FastifyReply } from 'fastify';
import { EmbedLeadCreate, LeadRecord } from '@trellis/domain';
import { FormSchema } from '@trellis/domain/parameters/form-schema';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { describeRoute } from '../../openapi/openapi.ts';
import { insertStamped, parseBody } from '../../resources/engine.ts';
import { verifyRecaptcha } from '../identity/auth/recaptcha.ts';
import type { Api } from '../types.ts';
import { leadNameOf } from './answers.ts';
import { leadRecords, listingWithForm, newLead, type ListingWithForm } from './lead-records.ts';

// The public lead form of a listing (reference /embed/leads/listings/{id}/…): anonymous, so it is built to be safe.
// - Served only for a listed listing whose form is active; anything else is the same 404 (nothing to probe).
// - Throttled per client address (route rateLimit; PUBLIC_MAX_PER_ADDRESS sends a 15-minute window), size-limited
//   (EMBED_BODY_LIMIT on the route: 413 beyond it), strict input (unknown keys, wrong types, oversized values: 400),
//   and reCAPTCHA-checked when the installation has a secret.
// - Cross-origin: pages of other sites fetch the form and post leads (CORS without credentials, these routes only).

const FORM = '/embed/leads/listings/:listingId/form';
const LEADS = '/embed/leads/listings/:listingId/leads';
/** Largest lead a visitor may send: a form's answers fit easily, a flood of padding does not. */
export const EMBED_BODY_LIMIT = 16 * 1024;

/** Any site may read the form and post JSON to it, never with the visitor's cookies (no credentials). */
function allowCrossOrigin(reply: FastifyReply) {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
  reply.header('access-control-allow-headers', 'content-type');
  reply.header('access-control-max-age', '600');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/** The listing and its active form, or the 404 that says nothing about why. */
async function servedForm(api: Api, listingId: string) {
  const found = await listingWithForm(api.db, listingId);
  if (!found?.form || found.form.status !== 'active' || found.listing.status !== 'listed')
    throw ApiError.notFound('Lead form');
  return found as ListingWithForm & { form: NonNullable<ListingWithForm['form']> };
}

/** The visitor as records and audit name it: nobody signed in, acting in the vendor's account. */
function visitorCtx(found: ListingWithForm, ip: string): Ctx {
  const v = found.listing.vendor;
  return {
    account: { id: v.id, name: v.name ?? '', type: 'vendor', roles: [] },
    user: { id: 'anonymous', name: 'Website visitor' },
    token: null,
    modules: [],
    session: null,
    ip,
  };
}

const perAddress = (name: string, max?: (c: Config) => number) => ({ public: true, rateLimit: { name, max } });

export function embedRoutes(api: Api) {
  const { app, config } = api;
  for (const path of [FORM, LEADS]) {
    app.options(path, { config: { public: true } }, async (_req, reply) => {
      allowCrossOrigin(reply);
      return reply.code(204).send();
    });
  }

  // reading costs little: ten times the budget of sending
  app.get(FORM, { config: perAddress('lead-embed-form', (c) => c.publicMaxPerAddress * 10) }, async (req, reply) => {
    allowCrossOrigin(reply);
    const { listingId } = req.params as { listingId: string };
    const { listing, form } = await servedForm(api, listingId);
    return {
      id: form.id,
      schema: form.schema,
      listing_id: listing.id,
      product: { id: listing.product.id, name: listing.product.name, icon: listing.product.icon ?? null },
      vendor: { name: form.owner.name },
    };
  });

  app.post(
    LEADS,
    { bodyLimit: EMBED_BODY_LIMIT, config: { ...perAddress('lead-embed-send'), crossSitePost: true } },
    async (req, reply) => {
      allowCrossOrigin(reply);
      const { listingId } = req.params as { listingId: string };
      const body = parseBody(EmbedLeadCreate, req.body);
      const found = await servedForm(api, listingId);
      const lead = await newLead(api.db, found, { name: body.name ?? '', data: body.data }, 'embed');
      lead.name ||= leadNameOf(found.form.schema, lead.data, `Lead for ${found.listing.product.name}`);
      // the answers are fine: now the (single-use, networked) human check, last before storing
      await verifyRecaptcha(config, body.recaptcha, req.ip);
      const ctx = visitorCtx(found, req.ip);
      await api.db.transaction().execute((trx) => insertStamped(leadRecords, ctx, lead, trx));
      return reply.code(201).send({ id: lead.id });
    },
  );
}

const EmbedForm = z.object({
  id: z.string(),
  schema: FormSchema,
  listing_id: z.string(),
  product: z.object({ id: z.string(), name: z.string(), icon: z.string().nullable() }),
  vendor: z.object({ name: z.string() }),
});
describeRoute('get', FORM, {
  summary: 'Public: the active lead form of a listed listing, for a visitor to fill in (no session; any origin)',
  tag: 'leads',
  response: EmbedForm,
});
describeRoute('post', LEADS, {
  summary: `Public: a visitor sends a lead (answers by field name; recaptcha when the installation checks them). At most ${EMBED_BODY_LIMIT / 1024} KB, throttled per address`,
  tag: 'leads',
  body: EmbedLeadCreate,
  response: LeadRecord.pick({ id: true }),
  status: 201,
});
