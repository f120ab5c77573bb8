import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  canonicalDomain,
  domainResource,
  verificationRecord,
  type Domain,
  type DomainCreate,
  type DomainUpdate,
} from '@trellis/domain';
import type { Config } from '../../../config.ts';
import { actorOf, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { hideStatusUnlessAsked, type Db, type Served } from '../../../resources/engine.ts';
import { newId } from '../../../resources/ids.ts';
import { defineTable, text, timestamp } from '../../../resources/table.ts';
import { ownIdp } from '../sso/idps.ts';
import { checkTxtRecord, type TxtCheck } from './dns.ts';

export const domainTable = defineTable('domains', {
  id: text('id'),
  account_id: text('owner.id'),
  domain: text('domain'),
  status: text('status'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp('events.updated.at'),
});

const stamp = (ctx: Ctx) => ({ at: new Date().toISOString(), by: actorOf(ctx) });

/** Another account's verified claim on the name, if any (a verified domain belongs to one account only). */
async function verifiedElsewhere(db: Db, ctx: Ctx, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('domains')
    .select('id')
    .where('domain', '=', domain)
    .where('status', '=', 'verified')
    .where('account_id', '<>', ctx.account.id)
    .executeTakeFirst();
  return Boolean(row);
}

const takenMessage = (domain: string) => `${domain} is already verified by another account.`;

/**
 * /domains: the account's DNS domains. Create gives a random token and the TXT record to publish; verify looks the
 * record up (outside the transaction: `prepare`) and concludes verified or failed, or rejected when another account
 * verified the name first. Delete marks the domain deleted (the reference's status), which frees the name.
 */
export function domains(config: Pick<Config, 'dnsResolver' | 'dnsTimeoutMs'>): Served<Domain> {
  return {
    decl: domainResource,
    table: domainTable,
    scope: (ctx) => sql<boolean>`t.account_id = ${ctx.account.id}`,
    listWhere: hideStatusUnlessAsked('deleted'),
    owner: (d) => d.owner.id,

    async create(ctx, input: DomainCreate, _params, db) {
      const domain = canonicalDomain(input.domain);
      if (await verifiedElsewhere(db, ctx, domain)) throw ApiError.badRequest(`domain: ${takenMessage(domain)}`);
      const mine = await db
        .selectFrom('domains')
        .select('id')
        .where('account_id', '=', ctx.account.id)
        .where('domain', '=', domain)
        .where('status', '<>', 'deleted')
        .executeTakeFirst();
      if (mine) throw ApiError.badRequest(`domain: ${domain} is already a domain of this account (${mine.id}).`);
      const token = randomBytes(16).toString('hex');
      return {
        id: newId('DO', 3, 3),
        name: input.name || domain,
        domain,
        description: input.description ?? '',
        type: 'custom',
        token,
        verification: verificationRecord({ domain, token }),
        status: 'pending',
        owner: { id: ctx.account.id, name: ctx.account.name },
        events: {},
      };
    },

    async update(ctx, current, input: DomainUpdate, _params, db) {
      const next = { ...current };
      if (input.name !== undefined) next.name = input.name || current.domain;
      if (input.description !== undefined) next.description = input.description ?? '';
      if (input.auth === null) delete next.auth;
      else if (input.auth) {
        // the sso link: only a verified domain (the account proved it owns it), only the account's own IdP
        if (current.status !== 'verified')
          throw ApiError.badRequest(`auth: Verify ${current.domain} before linking it to an identity provider.`);
        const idp = await ownIdp(db, ctx, input.auth.idp.id, 'auth.idp.id');
        next.auth = {
          idp: { id: idp.id, name: idp.name, type: idp.type },
          enforce: input.auth.enforce ?? current.auth?.enforce ?? false,
        };
      }
      return next;
    },

    // the IdP's current name (it may have been renamed since the link was made)
    async presentMany(list, _ctx, _include, db) {
      const ids = [...new Set(list.map((d) => d.auth?.idp.id).filter((id): id is string => Boolean(id)))];
      if (!ids.length) return list;
      const rows = await db.selectFrom('idps').select(['id', 'data']).where('id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [r.id, r.data as { name: string; type: string }]));
      return list.map((d) => {
        const idp = d.auth && byId.get(d.auth.idp.id);
        return idp && d.auth
          ? { ...d, auth: { ...d.auth, idp: { ...d.auth.idp, name: idp.name, type: idp.type } } }
          : d;
      });
    },
    presents: () => true,

    async remove(ctx, current) {
      return { ...current, status: 'deleted', events: { ...current.events, deleted: stamp(ctx) } };
    },

    prepare: {
      verify: (_ctx, d) =>
        checkTxtRecord(d.verification.name, d.verification.value, {
          server: config.dnsResolver,
          timeoutMs: config.dnsTimeoutMs,
        }),
    },

    actions: {
      async verify(ctx, current, _body, _params, db, prepared) {
        const check = prepared as TxtCheck;
        const events = current.events;
        if (!check.found)
          return {
            ...current,
            status: 'failed',
            events: { ...events, failed: { ...stamp(ctx), reason: check.reason } },
          };
        if (await verifiedElsewhere(db, ctx, current.domain)) {
          const rejected = { ...stamp(ctx), reason: takenMessage(current.domain) };
          return { ...current, status: 'rejected', events: { ...events, rejected } };
        }
        return { ...current, status: 'verified', events: { ...events, verified: stamp(ctx) } };
      },
    },
  };
}
