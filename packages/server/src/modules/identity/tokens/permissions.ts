import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  TEXT_OPS,
  TokenPermissionsBody,
  permissionModule,
  type PermissionInput,
  type Token,
  type TokenPermission,
} from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { rawQuery, requireCtx, sendList } from '../../../http/reply.ts';
import { recordAudit } from '../../../resources/audit.ts';
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  getObject,
  parseBody,
  parseQuery,
  stampUpdated,
  updateObject,
} from '../../../resources/engine.ts';
import {
  compileFilter,
  compileOrdering,
  compileSearch,
  QueryError,
  type QuerySpec,
} from '../../../resources/rql-sql.ts';
import { assertNotDeleted, assertTokenWithinPower, grantableModules, grantPermissions, tokens } from './service.ts';

// A token's permissions are an array inside its `data`; the list is queried with RQL over its elements.
const permissionSpec: QuerySpec = {
  table: 'p',
  fields: {
    id: { json: ['id'], type: 'string', ops: TEXT_OPS },
    'object.id': { json: ['object', 'id'], type: 'string', ops: TEXT_OPS },
  },
  ordering: { id: { json: ['id'] }, 'object.id': { json: ['object', 'id'] } },
  search: [{ json: ['id'] }, { json: ['object', 'id'] }],
};

const moduleOf = (p: TokenPermission) => p.object?.id ?? p.id;

function compiled<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof QueryError) throw ApiError.badRequest(e.message, 'RQL_001');
    throw e;
  }
}

/** Change a token's permissions in one transaction with the row locked, audited. */
async function changePermissions(
  db: Kysely<DB>,
  ctx: Ctx,
  id: string,
  action: string,
  change: (current: Token) => Token,
): Promise<Token> {
  return db.transaction().execute(async (trx) => {
    const current = await getObject(tokens, ctx, {}, id, trx, { lock: true });
    assertTokenWithinPower(ctx, current);
    assertNotDeleted(current, action);
    const next = stampUpdated(ctx, change(current));
    await updateObject(tokens, next, trx);
    await recordAudit(trx, ctx, {
      res: tokens,
      objectId: id,
      action,
      owner: current.owner.id,
      before: current,
      after: next,
    });
    return next;
  });
}

/** Permission inputs from the body (one or a list), or from `?id=MD-1,MD-2` on DELETE. */
function inputsOf(req: FastifyRequest): PermissionInput[] {
  const query = (req.query ?? {}) as Record<string, unknown>;
  if ((req.body === undefined || req.body === null) && typeof query.id === 'string')
    return query.id.split(',').filter(Boolean);
  const body = parseBody(TokenPermissionsBody, req.body);
  return Array.isArray(body) ? body : [body];
}

export function tokenPermissionRoutes(app: FastifyInstance, db: Kysely<DB>) {
  const path = '/auth/tokens/:token_pk/permissions';
  const tokenId = (req: FastifyRequest) => (req.params as { token_pk: string }).token_pk;

  app.get(path, async (req, reply) => {
    const ctx = requireCtx(req);
    const token = await getObject(tokens, ctx, {}, tokenId(req), db);
    const query = parseQuery(rawQuery(req));
    const limit = query.limit ?? DEFAULT_LIMIT;
    if (limit > MAX_LIMIT) throw ApiError.badRequest(`limit must be at most ${MAX_LIMIT}.`, 'RQL_001');
    const offset = query.offset ?? 0;
    const where = [sql<boolean>`true`];
    if (query.filter) where.push(compiled(() => compileFilter(query.filter!, permissionSpec)));
    const search = query.search ? compiled(() => compileSearch(query.search!, permissionSpec)) : null;
    if (search) where.push(search);
    const order = [...compiled(() => compileOrdering(query.ordering, permissionSpec)), sql`p.ord`];
    const from = sql`(select e.value as data, e.ord from jsonb_array_elements(${JSON.stringify(token.permissions)}::jsonb)
      with ordinality as e(value, ord)) p where ${sql.join(where, sql` and `)}`;
    const total = await sql<{ n: string }>`select count(*) as n from ${from}`.execute(db);
    const rows =
      limit === 0
        ? { rows: [] }
        : await sql<{
            data: unknown;
          }>`select p.data from ${from} order by ${sql.join(order)} limit ${limit} offset ${offset}`.execute(db);
    return sendList(
      reply,
      rows.rows.map((r) => r.data),
      offset,
      Number(total.rows[0].n),
    );
  });

  // Adds permissions the caller holds itself; ones the token already has are left as they are.
  app.post(path, async (req, reply) => {
    const ctx = requireCtx(req);
    // another tenant's token is a 404 before the body is read (a 400 would confirm that it exists)
    await getObject(tokens, ctx, {}, tokenId(req), db);
    const inputs = inputsOf(req);
    const modules = grantableModules(ctx, inputs);
    const next = await changePermissions(db, ctx, tokenId(req), 'grant', (current) => {
      const held = new Set(current.permissions.map(moduleOf));
      const added = grantPermissions(
        ctx,
        modules.filter((m) => !held.has(m)),
      );
      return { ...current, permissions: [...current.permissions, ...added] };
    });
    const asked = next.permissions.filter((p) => modules.includes(moduleOf(p)));
    return reply.code(201).send(Array.isArray(req.body) ? asked : asked[0]);
  });

  app.delete(path, async (req, reply) => {
    const ctx = requireCtx(req);
    await getObject(tokens, ctx, {}, tokenId(req), db);
    const inputs = inputsOf(req);
    const remove = new Set(inputs.map(permissionModule));
    await changePermissions(db, ctx, tokenId(req), 'revoke', (current) => {
      const held = new Set(current.permissions.map(moduleOf));
      for (const m of remove)
        if (!held.has(m)) throw ApiError.badRequest(`permissions: module ${m} is not granted to this token.`);
      return { ...current, permissions: current.permissions.filter((p) => !remove.has(moduleOf(p))) };
    });
    return reply.code(204).send();
  });
}
