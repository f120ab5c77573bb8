import type { Post } from '@trellis/domain';
import { defineTable, int, text, timestamp } from '../../resources/table.ts';

// The news area's tables (migrations/0034_news.ts): each column names the object path it copies.

export const newsTable = defineTable('news', {
  id: text('id'),
  account_id: text('creator.id'),
  status: text('status'),
  audience: text('audience'),
  title: text('title'),
  version: int('version'),
  created_at: timestamp('events.created.at'),
  updated_at: timestamp((p: Post) => p.events.updated?.at ?? p.events.created.at),
  published_at: timestamp('events.published.at').nullable(),
});

/** Every published version of every post, each the post as it was published then. */
export const newsVersionTable = defineTable('news_versions', {
  post_id: text('id'),
  version: int('version'),
  // the path's `{version}` is text: a non-number must be a 404, not a cast error
  version_id: text((v: Post) => String(v.version)),
  account_id: text('creator.id'),
  title: text('title'),
  published_at: timestamp('events.published.at'),
});
