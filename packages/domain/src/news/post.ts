import { z } from 'zod';
import { Events } from '../identity/common.ts';
import type { Fields } from '../resource/fields.ts';
import type { Refusal, Rule, Side } from '../resource/machine.ts';
import { DATE_OPS, defineMachine, defineResource, filterOf, roteFilters } from '../resource/index.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { requiredError } from '../validation/zod.ts';
import { blockquoteIssue } from '../format/markdown-rules.ts';

// News (reference /news, dp.Post): posts an account writes in markdown for its partners. The author edits a draft
// and publishes it; each publish freezes the post as a numbered version (/news/{id}/versions). Published posts are
// read by the author's active partners that the post's `audience` names; moving a post back to draft takes it
// away from them until it is published again. Deleting marks it `deleted` (the reference's status).
//
// Audience (docs/decisions.md, "News"): a Trellis provider is the reference's distributor and/or reseller, so
// `vendor` reaches a provider's vendor partners, `distributor` / `reseller` a vendor's provider partners holding
// that role, `any` every active partner and `private` the author's own users only. An audience the author's side
// has no partners in (a vendor writing to vendors) is refused.

export const NEWS_STATUSES = ['draft', 'published', 'deleted'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const NEWS_AUDIENCES = ['private', 'vendor', 'reseller', 'distributor', 'any'] as const;
export type NewsAudience = (typeof NEWS_AUDIENCES)[number];
export const NEWS_AUDIENCE_LABELS: Record<NewsAudience, string> = {
  private: 'Only our team',
  vendor: 'Vendor partners',
  reseller: 'Reseller partners',
  distributor: 'Distributor partners',
  any: 'All partners',
};
export const COVER_TYPES = ['image', 'video'] as const;
/** Longest post body (characters of markdown). */
export const MAX_NEWS_CONTENT = 100_000;

/** The audiences an author of this side may write to: those where its partners are. */
export const authorAudiences = (side: Side): readonly NewsAudience[] =>
  side === 'vendor' ? ['any', 'distributor', 'reseller', 'private'] : ['any', 'vendor', 'private'];

/** The audiences whose posts reach a partner of this side and (a provider's) roles. */
export const readerAudiences = (side: Side, roles: readonly string[]): NewsAudience[] =>
  side === 'vendor'
    ? ['any', 'vendor']
    : ['any', ...(['distributor', 'reseller'] as const).filter((r) => roles.includes(r))];

const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });
const Cover = z.object({ type: z.enum(COVER_TYPES), thumbnail: z.string(), url: z.string().nullable().optional() });

export const Post = z.object({
  id: z.string(),
  name: z.string().optional(),
  external_id: z.string().optional(),
  /** The account that writes the post. */
  creator: AccountRef,
  status: z.enum(NEWS_STATUSES),
  audience: z.enum(NEWS_AUDIENCES),
  anonymous: z.boolean().nullable().optional(),
  /** The last published version (0 until the first publish). */
  version: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** Markdown; shown rendered with raw HTML as text (format/markdown.ts). */
  content: z.string(),
  cover: Cover.nullable().optional(),
  events: Events,
});
export type Post = z.infer<typeof Post>;

/** A frozen version (reference dp.PostVersion): the post as it was published that time. */
export const PostVersion = Post;
export type PostVersion = Post;

// ---------------------------------------------------------------- input

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxLength(max))
    .nullable()
    .optional()
    .transform((v) => v || null);

const content = z
  .string()
  .max(MAX_NEWS_CONTENT, maxLength(MAX_NEWS_CONTENT))
  .superRefine((text, ctx) => {
    const issue = blockquoteIssue(text);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, input: text });
  })
  .meta({ title: 'Content' });

export const PostCreate = z.object({
  name: optionalText(128),
  external_id: optionalText(128),
  audience: z
    .enum(NEWS_AUDIENCES, {
      error: (i) => (i.input === undefined ? REQUIRED : `Choose one of ${NEWS_AUDIENCES.join(', ')}.`),
    })
    .meta({ title: 'Audience', labels: NEWS_AUDIENCE_LABELS }),
  anonymous: z.boolean().nullable().optional(),
  title: z.string({ error: requiredError }).trim().min(1, REQUIRED).max(256, maxLength(256)).meta({ title: 'Title' }),
  subtitle: z.string().trim().max(256, maxLength(256)).optional().meta({ title: 'Subtitle' }),
  content: content.optional(),
  cover: z
    .object({
      type: z.enum(COVER_TYPES),
      thumbnail: z.string().max(512, maxLength(512)),
      url: z.string().url().max(512, maxLength(512)).nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type PostCreate = z.infer<typeof PostCreate>;
/** Partial: what is given replaces the current value. */
export const PostUpdate = PostCreate.partial();
export type PostUpdate = z.infer<typeof PostUpdate>;

// ---------------------------------------------------------------- machine and declaration

/** Partners read a post; only the account that wrote it changes it. */
const authorOnly: Rule<Post> = (p, v): Refusal | null =>
  p.creator.id === v.accountId ? null : { kind: 'side', message: `Only ${p.creator.name} can change this post.` };

const reachOf = (p: Post) =>
  p.audience === 'private' ? 'Only your team reads it' : `${NEWS_AUDIENCE_LABELS[p.audience]} read it`;

export const newsMachine = defineMachine<Post>({
  statuses: { draft: { tone: 'info' }, published: { tone: 'success' }, deleted: { tone: 'default' } },
  actions: {
    publish: {
      label: 'Publish',
      from: ['draft'],
      to: 'published',
      rule: authorOnly,
      event: 'published',
      form: false,
      guard: (p) => (p.content.trim() ? null : 'Write the content first.'),
      hint: 'Write the content first.',
      confirm: { text: (p) => `${reachOf(p)} from now on, as version ${p.version + 1}.` },
      done: (p) => `${p.title} is published (version ${p.version}).`,
    },
    draft: {
      label: 'Move to draft',
      from: ['published'],
      to: 'draft',
      rule: authorOnly,
      event: 'drafted',
      form: false,
      confirm: {
        text: () => 'Your partners no longer see it until you publish it again; its published versions are kept.',
      },
      done: (p) => `${p.title} is a draft again.`,
    },
  },
  // the published text is what partners read: it changes only as a new version, through a draft
  editable: (p, v) =>
    authorOnly(p, v) ??
    (p.status === 'draft'
      ? null
      : { kind: 'status', message: `A ${p.status} post cannot be changed; move it to draft first.` }),
  deletable: authorOnly,
});

const NEWS_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  title: { label: 'Title', kind: 'text' },
  subtitle: { label: 'Subtitle', kind: 'text', hideEmpty: true },
  status: { label: 'Status', kind: 'status' },
  audience: { label: 'Audience', kind: 'enum', labels: NEWS_AUDIENCE_LABELS },
  version: { label: 'Version', kind: 'number' },
  creator: { label: 'Author', kind: 'ref', sort: 'creator.name' },
  'events.published.at': { label: 'Published', kind: 'date' },
  'events.updated.at': { label: 'Updated', kind: 'date' },
};

export const newsResource = defineResource({
  name: 'news-post',
  title: 'News post',
  noun: 'news posts',
  path: '/news',
  module: 'MD-0025',
  schema: Post,
  create: PostCreate,
  update: PostUpdate,
  remove: true,
  filters: {
    ...roteFilters(Post),
    audience: filterOf(Post, 'audience'),
    title: filterOf(Post, 'title'),
    subtitle: filterOf(Post, 'subtitle'),
    'events.published.at': { type: 'datetime', ops: DATE_OPS },
    'events.drafted.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: [
    'id',
    'title',
    'status',
    'audience',
    'version',
    'creator.name',
    'events.created.at',
    'events.updated.at',
    'events.published.at',
  ],
  // newest first; the author's drafts (never published: no date) lead
  defaultOrdering: '-events.published.at',
  search: ['id', 'title', 'subtitle', 'creator.name'],
  visibleTo: ['vendor', 'provider'],
  machine: newsMachine,
  fields: NEWS_FIELDS,
  list: {
    columns: ['title', 'creator', 'audience', 'version', 'status', 'events.published.at'],
    phone: ['title', 'status'],
    filters: ['status', 'audience'],
  },
  detail: {
    fields: ['id', 'subtitle', 'status', 'audience', 'version', 'creator', 'events.published.at', 'events.updated.at'],
  },
});

/** /news/{id}/versions: each published version of a post, read-only, for whoever reads the post. */
export const newsVersionResource = defineResource({
  name: 'news-post-version',
  title: 'News version',
  noun: 'versions',
  path: '/news/:postId/versions',
  module: 'MD-0025',
  schema: PostVersion,
  filters: {
    version: filterOf(PostVersion, 'version'),
    title: filterOf(PostVersion, 'title'),
    'events.published.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['version', 'events.published.at'],
  defaultOrdering: '-version',
  search: [],
  visibleTo: ['vendor', 'provider'],
  fields: {
    version: { label: 'Version', kind: 'number' },
    title: { label: 'Title', kind: 'text' },
    audience: { label: 'Audience', kind: 'enum', labels: NEWS_AUDIENCE_LABELS },
    'events.published.at': { label: 'Published', kind: 'date' },
    'events.published.by': { label: 'Published by', kind: 'user' },
  },
  list: {
    columns: ['version', 'title', 'audience', 'events.published.at', 'events.published.by'],
    phone: ['version', 'events.published.at'],
  },
  detail: { fields: ['version', 'title', 'audience', 'events.published.at', 'events.published.by'] },
});
