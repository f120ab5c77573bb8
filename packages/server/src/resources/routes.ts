import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { readOnReplica } from '../http/read-replica.ts';
import { rawQuery, requireCtx, sendListJson } from '../http/reply.ts';
import {
  createObject,
  getJson,
  listJson,
  parseQuery,
  presentObject,
  removeObject,
  runAction,
  updateObjectById,
  type Params,
  type Served,
} from './engine.ts';

/** A raw query string without one `name=value` parameter (RQL would read it as a filter). */
function withoutParam(query: string, name: string): string {
  return query
    .split('&')
    .filter((part) => part.split('=')[0] !== name)
    .join('&');
}

/** Everything the engine serves, for the OpenAPI document. */
export const servedResources = new Set<Served<any>>();

/** The served resource of a declaration's name (a favorite's object, a final action's request). */
export const servedByName = (name: string): Served<any> | undefined =>
  [...servedResources].find((r) => r.decl.name === name && !r.decl.path.includes(':'));

/** Routes of a declared resource: list, get, create, update, delete and one POST per action. */
export function registerResource(app: FastifyInstance, db: Kysely<DB>, res: Served<any>) {
  if (!res.scope === !res.side) throw new Error(`${res.decl.name}: declare its visibility as scope or as side`);
  servedResources.add(res);
  const { decl } = res;
  const base = decl.path;
  const item = `${base}/:id`;
  const params = (p: unknown) => p as Params;

  // a list readable with a confirmation code is public: the code stands for the caller (Served.byCode)
  app.get(
    base,
    { config: { public: Boolean(res.byCode), publicWithCode: Boolean(res.byCode) } },
    async (req, reply) => {
      const code = res.byCode ? (req.query as Record<string, unknown>).code : undefined;
      if (code !== undefined) {
        const { ctx, served } = await res.byCode!(db, req, String(code));
        const query = parseQuery(withoutParam(rawQuery(req), 'code'));
        return sendListJson(reply, await listJson(served, ctx, params(req.params), query, db));
      }
      const ctx = requireCtx(req);
      const query = parseQuery(rawQuery(req));
      // reads: from the read replica when there is one and the caller did not write lately (http/read-replica.ts)
      const list = await readOnReplica(db, req, (from) => listJson(res, ctx, params(req.params), query, from));
      return sendListJson(reply, list);
    },
  );

  app.get(item, async (req, reply) => {
    const ctx = requireCtx(req);
    const p = params(req.params);
    const query = parseQuery(rawQuery(req));
    const json = await readOnReplica(db, req, (from) => getJson(res, ctx, p, p.id, query, from));
    return reply.type('application/json').send(json);
  });

  if (decl.create && res.create) {
    app.post(base, async (req, reply) => {
      const ctx = requireCtx(req);
      const obj = await createObject(res, ctx, params(req.params), req.body, db);
      return reply.code(201).send(await presentObject(res, ctx, obj, db));
    });
  }

  if (decl.update && res.update) {
    app.put(item, async (req) => {
      const ctx = requireCtx(req);
      const p = params(req.params);
      return presentObject(res, ctx, await updateObjectById(res, ctx, p, p.id, req.body, db), db);
    });
  }

  if (decl.remove) {
    app.delete(item, async (req, reply) => {
      const ctx = requireCtx(req);
      const p = params(req.params);
      await removeObject(res, ctx, p, p.id, db);
      return reply.code(204).send();
    });
  }

  // every declared action: one without a handler is a pure transition (engine runAction)
  for (const action of Object.keys(decl.machine?.actions ?? {})) {
    app.post(`${item}/${action}`, async (req) => {
      const ctx = requireCtx(req);
      const p = params(req.params);
      return presentObject(res, ctx, await runAction(res, ctx, p, p.id, action, req.body, db), db);
    });
  }
}
