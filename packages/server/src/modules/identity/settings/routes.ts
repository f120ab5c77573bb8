import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ACL_LISTS,
  AccountModuleSettings,
  AccountModuleSettingsUpdate,
  DEFAULT_MFA_POLICY,
  DOMAIN_VERIFICATION,
  FEDERATED_NEEDS_INSTRUCTIONS,
  HelpdeskSettings,
  HelpdeskSettingsUpdate,
  IntegrationsModuleSettings,
  IntegrationsModuleSettingsUpdate,
  MFA_POLICIES,
  aclDefault,
  type Account,
  type AclList,
  type AclRule,
  type MfaPolicy,
} from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { actorOf, requireModule, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import { describeRoute } from '../../../openapi/openapi.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { parseBody, saveStamped } from '../../../resources/engine.ts';
import type { Api } from '../../types.ts';
import { accounts } from '../accounts/routes.ts';
import { replaceRules, rulesOf } from '../acl/rules.ts';
import { HELPDESK, helpdeskDefaults, helpdeskObject } from './helpdesk.ts';

// Settings objects (spec §3, §7): the account's (MD-0001), the integrations' (API tokens) and the helpdesk's per
// account. Plain objects read and written whole; each path also answers under the reference's module-id alias.

const ACCOUNT_PATHS = ['/modules/account/settings', '/modules/MD-0001/settings'];
const INTEGRATIONS_PATHS = ['/modules/integrations/settings', '/modules/MD-0007/settings'];
const HELPDESK_PATHS = [
  '/modules/helpdesk/accounts/:accountId/settings',
  '/modules/MD-0023/accounts/:accountId/settings',
];
const HELPDESK_WRITE_MODULE = 'MD-0001';

for (const path of ACCOUNT_PATHS) {
  describeRoute('get', path, {
    summary:
      "The account's settings: where a domain's verification record goes, the portal sign-in access list (read " +
      'view of /acl/account/rules; `acl.domain` is what an address no rule names meets) and the MFA policy',
    tag: 'settings',
    response: AccountModuleSettings,
  });
  describeRoute('put', path, {
    summary:
      'Change the MFA policy and/or replace the sign-in access list (`acl.ips`: each address of each entry becomes ' +
      'a rule); read-only parts are ignored. A list that would block the caller is refused',
    tag: 'settings',
    body: AccountModuleSettingsUpdate,
    response: AccountModuleSettings,
  });
}
for (const path of INTEGRATIONS_PATHS) {
  describeRoute('get', path, {
    summary: "The integrations' settings: the API tokens' access list (read view of /acl/integrations/rules)",
    tag: 'settings',
    response: IntegrationsModuleSettings,
  });
  describeRoute('put', path, {
    summary: "Replace the API tokens' access list (`acl.ips`); a list that would block the calling token is refused",
    tag: 'settings',
    body: IntegrationsModuleSettingsUpdate,
    response: IntegrationsModuleSettings,
  });
}
for (const path of HELPDESK_PATHS) {
  describeRoute('get', path, {
    summary: "The helpdesk settings of the caller's account: auto-close timeout (days), mode and instructions",
    tag: 'settings',
    response: HelpdeskSettings,
  });
  describeRoute('put', path, {
    summary: 'Change the helpdesk settings (needs MD-0001); another account is 404',
    tag: 'settings',
    body: HelpdeskSettingsUpdate,
    response: HelpdeskSettings,
  });
}

/** `acl` of a settings object: each rule as an entry, and what meets an address no rule names. */
function aclView(rules: AclRule[]) {
  return {
    domain: aclDefault(rules),
    ips: rules.map((r) => ({ id: r.id, name: r.comment ?? r.value, action: r.action, ip_range: [r.value] })),
  };
}

const policyOf = (account: Account): MfaPolicy => {
  const stored = account.settings?.mfa?.policy;
  return (MFA_POLICIES as readonly string[]).includes(stored ?? '') ? (stored as MfaPolicy) : DEFAULT_MFA_POLICY;
};

async function accountObject(db: Kysely<DB>, ctx: Ctx) {
  const row = await db.selectFrom('accounts').select('data').where('id', '=', ctx.account.id).executeTakeFirstOrThrow();
  return {
    domain: { verification: DOMAIN_VERIFICATION },
    acl: aclView(await rulesOf(db, ctx, ACL_LISTS.account)),
    mfa: { policy: policyOf(row.data as Account) },
  };
}

async function integrationsObject(db: Kysely<DB>, ctx: Ctx) {
  return { acl: aclView(await rulesOf(db, ctx, ACL_LISTS.integrations)) };
}

type IpsWrite = { name?: string | null; action: AclRule['action']; ip_range: string[] }[];
const rulesFrom = (ips: IpsWrite) =>
  ips.flatMap((e) => e.ip_range.map((value) => ({ action: e.action, value, ...(e.name ? { comment: e.name } : {}) })));

/** The helpdesk settings of the account in the path, which must be the caller's own (another one is 404). */
function helpdeskTarget(req: FastifyRequest) {
  const ctx = requireCtx(req);
  const { accountId } = req.params as { accountId: string };
  if (accountId !== ctx.account.id) throw ApiError.notFound('Account');
  return ctx;
}

export function moduleSettingsRoutes({ app, db }: Api) {
  for (const path of ACCOUNT_PATHS) {
    app.get(path, async (req) => {
      const ctx = requireCtx(req);
      requireModule(ctx, ACL_LISTS.account.module);
      return accountObject(db, ctx);
    });
    app.put(path, async (req) => {
      const ctx = requireCtx(req);
      requireModule(ctx, ACL_LISTS.account.module);
      const body = parseBody(AccountModuleSettingsUpdate, req.body);
      await db.transaction().execute(async (trx) => {
        if (body.mfa) {
          const row = await trx
            .selectFrom('accounts')
            .select('data')
            .where('id', '=', ctx.account.id)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const before = row.data as Account;
          if (policyOf(before) !== body.mfa.policy || before.settings?.mfa?.policy !== body.mfa.policy) {
            const after = { ...before, settings: { ...before.settings, mfa: { policy: body.mfa.policy } } };
            await saveStamped(accounts, ctx, before, after, 'update', trx);
          }
        }
        if (body.acl?.ips) await replaceRules(trx, ctx, ACL_LISTS.account, rulesFrom(body.acl.ips));
      });
      return accountObject(db, ctx);
    });
  }

  for (const path of INTEGRATIONS_PATHS) {
    const list: AclList = ACL_LISTS.integrations;
    app.get(path, async (req) => {
      const ctx = requireCtx(req);
      requireModule(ctx, list.module);
      return integrationsObject(db, ctx);
    });
    app.put(path, async (req) => {
      const ctx = requireCtx(req);
      requireModule(ctx, list.module);
      const body = parseBody(IntegrationsModuleSettingsUpdate, req.body);
      if (body.acl?.ips) {
        const ips = body.acl.ips;
        await db.transaction().execute((trx) => replaceRules(trx, ctx, list, rulesFrom(ips)));
      }
      return integrationsObject(db, ctx);
    });
  }

  for (const path of HELPDESK_PATHS) {
    app.get(path, async (req) => {
      const ctx = helpdeskTarget(req);
      return helpdeskObject(db, ctx.account.id);
    });
    app.put(path, async (req) => {
      const ctx = helpdeskTarget(req);
      requireModule(ctx, HELPDESK_WRITE_MODULE);
      const body = parseBody(HelpdeskSettingsUpdate, req.body);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('account_settings')
          .select('data')
          .where('account_id', '=', ctx.account.id)
          .where('module', '=', HELPDESK)
          .forUpdate()
          .executeTakeFirst();
        const before = (row?.data as HelpdeskSettings | undefined) ?? helpdeskDefaults();
        const stamp = { at: new Date().toISOString(), by: actorOf(ctx) };
        const after: HelpdeskSettings = {
          ttl: body.ttl ?? before.ttl,
          mode: body.mode ?? before.mode,
          ...(body.instructions !== undefined
            ? body.instructions
              ? { instructions: body.instructions }
              : {}
            : before.instructions !== undefined
              ? { instructions: before.instructions }
              : {}),
          events: { ...before.events, ...(row ? {} : { created: stamp }), updated: stamp },
        };
        if (after.mode === 'federated' && !after.instructions?.trim())
          throw ApiError.field('instructions', FEDERATED_NEEDS_INSTRUCTIONS);
        await trx
          .insertInto('account_settings')
          .values({
            account_id: ctx.account.id,
            module: HELPDESK,
            updated_at: stamp.at,
            data: JSON.stringify(after),
          })
          .onConflict((oc) =>
            oc.columns(['account_id', 'module']).doUpdateSet({ updated_at: stamp.at, data: JSON.stringify(after) }),
          )
          .execute();
        await recordAudit(trx, ctx, {
          res: 'helpdesk-settings',
          objectId: ctx.account.id,
          action: 'update',
          owner: ctx.account.id,
          before,
          after,
        });
        return after;
      });
    });
  }
}
