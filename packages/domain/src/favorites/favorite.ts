import { z } from 'zod';
import { Actor, Events } from '../identity/common.ts';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/index.ts';
import { REQUIRED, maxLength } from '../validation/messages.ts';
import { requiredError } from '../validation/zod.ts';

// Favorites (spec §7 "favorites"; the reference gives no shape): a user marks an object they can see — a product,
// a request, a case — and the portal lists the marks in its navigation. Each user's own, per account; nobody else
// reads them. The object is named by its resource (the declaration's name) and id; the server checks the caller
// sees it and copies its name, so a favorite never names what its owner may not read.

export const MAX_FAVORITES = 100;

export const Favorite = z.object({
  id: z.string(),
  object: z.object({
    id: z.string(),
    /** The resource declaration's name (`product`, `helpdesk-case`, …): which page opens it. */
    resource: z.string(),
    /** Its name, subject or title when marked. */
    name: z.string(),
  }),
  /** The portal page that shows it (a path of this installation), as the user marked it. */
  route: z.string().optional(),
  /** The account the mark was made in (a user of several accounts keeps marks per account). */
  account: z.object({ id: z.string(), name: z.string() }),
  user: Actor,
  created: z.string(),
  events: Events,
});
export type Favorite = z.infer<typeof Favorite>;

export const FavoriteCreate = z.object({
  object: z.object(
    {
      id: z.string({ error: requiredError }).trim().min(1, REQUIRED).max(40, maxLength(40)),
      resource: z.string({ error: requiredError }).trim().min(1, REQUIRED).max(60, maxLength(60)),
    },
    { error: requiredError },
  ),
  route: z
    .string()
    .max(300, maxLength(300))
    .regex(/^\/(?![/\\])[^\s]*$/, 'Must be a path of this portal, starting with one /.')
    .optional(),
});
export type FavoriteCreate = z.infer<typeof FavoriteCreate>;

export const favoriteResource = defineResource({
  name: 'favorite',
  title: 'Favorite',
  path: '/favorites',
  // the caller's own marks: no module grants or withholds them
  module: '',
  schema: Favorite,
  create: FavoriteCreate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    'object.id': { type: 'string', ops: TEXT_OPS },
    'object.resource': { type: 'string', ops: ENUM_OPS },
    created: { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['created', 'object.name'],
  defaultOrdering: '-created',
  search: ['object.name', 'object.id'],
  visibleTo: ['vendor', 'provider'],
  fields: {
    'object.name': { label: 'Name', kind: 'text' },
    'object.id': { label: 'ID', kind: 'id' },
    created: { label: 'Marked', kind: 'date' },
  },
  list: { columns: ['object.name', 'object.id', 'created'], phone: ['object.name'] },
});
