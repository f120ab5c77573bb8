import { sql } from 'kysely';
import { favoriteResource, MAX_FAVORITES, type Favorite, type FavoriteCreate } from '@trellis/domain';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { getObject, type Db, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { servedByName } from '../../resources/routes.ts';
import { defineTable, text, timestamp } from '../../resources/table.ts';

// Favorites (domain favorites/favorite.ts): each user's marks in the current account. A mark names an object of a
// top-level resource the engine serves, which the caller must be able to read now (the engine's own get, with its
// module, side and tenant checks); its name is copied from the object.

export const favoriteTable = defineTable('favorites', {
  id: text('id'),
  account_id: text('account.id'),
  user_id: text('user.id'),
  object_id: text('object.id'),
  resource: text('object.resource'),
  created_at: timestamp('created'),
});

/** The caller's own marks (alias t). */
const mine = (ctx: Ctx) => sql<boolean>`(t.account_id = ${ctx.account.id} and t.user_id = ${actorOf(ctx).id})`;

const refused = (field: string, message: string) => ApiError.field(`object.${field}`, message);

/** The object, as the caller reads it through its resource; a 400 naming the field when there is none to read. */
async function markable(ctx: Ctx, db: Db, input: FavoriteCreate['object']) {
  const res = servedByName(input.resource);
  if (!res) throw refused('resource', `Objects of ${input.resource} cannot be favorites.`);
  try {
    return await getObject(res, ctx, {}, input.id, db);
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 403))
      throw refused('id', `No ${res.decl.title.toLowerCase()} ${input.id} that you can see.`);
    throw e;
  }
}

export const favorites: Served<Favorite> = {
  decl: favoriteResource,
  table: favoriteTable,
  columns: { 'object.id': 'object_id', 'object.resource': 'resource' },
  owner: (f) => f.account.id,
  scope: (ctx) => mine(ctx),
  async create(ctx, input: FavoriteCreate, _params, db) {
    const obj = await markable(ctx, db, input.object);
    const { rows } = await sql<{ n: number; same: string | null }>`select count(*)::int as n,
      max(case when object_id = ${input.object.id} then id end) as same from favorites t where ${mine(ctx)}`.execute(
      db,
    );
    if (rows[0].same) throw refused('id', `${input.object.id} is a favorite already (${rows[0].same}).`);
    if (rows[0].n >= MAX_FAVORITES)
      throw ApiError.badRequest(`You have ${MAX_FAVORITES} favorites, the most there can be; remove one first.`);
    const name = obj.name ?? obj.subject ?? obj.title ?? input.object.id;
    return {
      object: { id: input.object.id, resource: input.object.resource, name: String(name).slice(0, 200) },
      ...(input.route && { route: input.route }),
      id: newId('FV', 4, 4),
      account: { id: ctx.account.id, name: ctx.account.name },
      user: actorOf(ctx),
      created: new Date().toISOString(),
      events: {},
    };
  },
};
