import { sql } from 'kysely';
import {
  authorAudiences,
  newsResource,
  newsVersionResource,
  readerAudiences,
  type NewsAudience,
  type Post,
  type PostCreate,
  type PostUpdate,
} from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { hideStatusUnlessAsked, insertObject, stampUpdated, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { activePartnerIds } from '../distribution/public.ts';
import { newsTable, newsVersionTable } from './tables.ts';

// News (reference /news): the author's account writes and publishes; a published post is read by the author's
// active partners that its audience names (domain news/post.ts). Anyone else gets a 404, drafts included.

/** Whether the caller reads the post in row `alias`: its author always; once published, the partners it reaches. */
const postVisible = (ctx: Ctx, alias: 't' | 'n') => {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const audiences = readerAudiences(ctx.account.type, ctx.account.roles);
  return sql<boolean>`(${col('account_id')} = ${ctx.account.id} or (${col('status')} = 'published'
    and ${col('audience')} in (${sql.join(audiences)}) and ${col('account_id')} in ${activePartnerIds(ctx)}))`;
};

/** An audience where the author's side has partners (a vendor's partners are providers, a provider's vendors). */
function checkAudience(ctx: Ctx, audience: NewsAudience) {
  const allowed = authorAudiences(ctx.account.type);
  if (allowed.includes(audience)) return;
  const message = `A ${ctx.account.type}'s partners are not ${audience}s; choose one of ${allowed.join(', ')}.`;
  throw ApiError.field('audience', message);
}

export const news: Served<Post> = {
  decl: newsResource,
  table: newsTable,
  columns: { 'events.updated.at': 'updated_at' },
  scope: (ctx) => postVisible(ctx, 't'),
  listWhere: hideStatusUnlessAsked('deleted'),

  async create(ctx, input: PostCreate) {
    checkAudience(ctx, input.audience);
    return {
      id: newId('NWS', 3, 3),
      ...(input.name && { name: input.name }),
      ...(input.external_id && { external_id: input.external_id }),
      creator: { id: ctx.account.id, name: ctx.account.name },
      status: 'draft',
      audience: input.audience,
      anonymous: input.anonymous ?? false,
      version: 0,
      title: input.title,
      subtitle: input.subtitle ?? '',
      content: input.content ?? '',
      cover: input.cover ?? null,
      events: {},
    };
  },

  async update(ctx, current, input: PostUpdate) {
    if (input.audience !== undefined) checkAudience(ctx, input.audience);
    const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    // a name or external id sent as null (or empty) is taken away
    const next: Post = { ...current, ...given };
    for (const key of ['name', 'external_id'] as const) if (next[key] === null) delete next[key];
    return next;
  },

  // the reference's `deleted` status: partners no longer read it, and lists leave it out unless asked for
  async remove(_ctx, current) {
    return { ...current, status: 'deleted' };
  },

  actions: {
    /** Publishing freezes the post as its next version; numbers are never reused, even after a version row's removal. */
    async publish(ctx, current, _body, _params, db) {
      const { rows } = await sql<{ last: number | null }>`select max(version) as last from news_versions
        where post_id = ${current.id}`.execute(db);
      const version = Math.max(current.version, Number(rows[0]?.last ?? 0)) + 1;
      const published = stampUpdated(ctx, { ...current, status: 'published' as const, version }, 'published');
      await insertObject(newsVersions, published, db);
      return published;
    },
  },
};

/** /news/{id}/versions: each published version of a post, read-only, for whoever reads the post now. */
export const newsVersions: Served<Post> = {
  decl: newsVersionResource,
  table: newsVersionTable,
  idColumn: 'version_id',
  key: (v) => ({ post_id: v.id, version: v.version }),
  parentVisible: async (ctx, params, db) => {
    const { rows } = await sql`select 1 from news n where n.id = ${params.postId ?? ''}
      and ${postVisible(ctx, 'n')}`.execute(db);
    return rows.length > 0;
  },
  scope: (ctx, params) =>
    sql<boolean>`t.post_id = ${params.postId ?? ''} and exists (select 1 from news n where n.id = t.post_id
      and ${postVisible(ctx, 'n')})`,
};
