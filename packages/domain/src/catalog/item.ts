import { z } from 'zod';
import {
  DATE_OPS,
  ENUM_OPS,
  TEXT_OPS,
  defineResource,
  defineMachine,
  filterOf,
  roteFilters,
  statusTones,
  type Fields,
  type Refusal,
  type Viewer,
} from '../resource/index.ts';
import { formatQuantity } from '../format/display.ts';
import { Events } from '../identity/common.ts';
import * as m from '../validation/messages.ts';
import { requiredError, zItemQuantity } from '../validation/zod.ts';

// Items, item groups and units of a product (spec §3 "Item summary", "Item group summary", "Unit"; §4 Items;
// §5 quantity rules; §9 defaults). Enumerations are written in lower case on the wire (`reservation`, `ppu`,
// `monthly`, `onetime`, `decimal(1)`); input is accepted in any case, so the reference's `Reservation`, `PPU`,
// `Monthly`, `OneTime` and `Decimal(1)` work too. `item_type` repeats the type in the reference's spelling.

export const ITEM_STATUSES = ['draft', 'published', 'endofsale'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const ITEM_TYPES = ['reservation', 'ppu'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
/** The type in the reference's spelling (the `item_type` field and filter). */
export const ITEM_TYPE_REFERENCE = { reservation: 'Reservation', ppu: 'PPU' } as const satisfies Record<
  ItemType,
  string
>;
export const ITEM_TYPE_LABELS: Record<ItemType, string> = { reservation: 'Reservation', ppu: 'Pay-as-you-go' };

export const ITEM_PERIODS = [
  'monthly',
  'yearly',
  'years_2',
  'years_3',
  'years_4',
  'years_5',
  'years_6',
  'onetime',
  'days_7_trial',
  'days_14_trial',
  'days_30_trial',
  'monthly_trial',
] as const;
export type ItemPeriod = (typeof ITEM_PERIODS)[number];
export const ITEM_PERIOD_LABELS: Record<ItemPeriod, string> = {
  monthly: '1 month',
  yearly: '1 year',
  years_2: '2 years',
  years_3: '3 years',
  years_4: '4 years',
  years_5: '5 years',
  years_6: '6 years',
  onetime: 'One-time',
  days_7_trial: '7 days trial',
  days_14_trial: '14 days trial',
  days_30_trial: '30 days trial',
  monthly_trial: '1 month trial',
};

export const ITEM_PRECISIONS = ['integer', 'decimal(1)', 'decimal(2)', 'decimal(4)', 'decimal(8)'] as const;
export type ItemPrecision = (typeof ITEM_PRECISIONS)[number];
export const ITEM_PRECISION_LABELS: Record<ItemPrecision, string> = {
  integer: 'Integer',
  'decimal(1)': '1 decimal',
  'decimal(2)': '2 decimals',
  'decimal(4)': '4 decimals',
  'decimal(8)': '8 decimals',
};

export const ITEM_APPLICABILITY = ['cb', 'im'] as const;

/** Default empty-unit ids (spec §3): plain units for reservation items, units × hours for pay-per-use. */
export const DEFAULT_UNIT_ID = 'unit';
export const DEFAULT_PPU_UNIT_ID = 'unith';
/** Quantity meaning "no limit" (spec §5). */
export const UNLIMITED_QUANTITY = -1;

// ---------------------------------------------------------------- defaults and labels

/** Defaults that depend on the item type: switching the type re-applies them. */
export function itemTypeDefaults(type: ItemType) {
  return type === 'ppu'
    ? { precision: 'decimal(1)' as ItemPrecision, unit: { id: DEFAULT_PPU_UNIT_ID }, quantity: UNLIMITED_QUANTITY }
    : { precision: 'integer' as ItemPrecision, unit: { id: DEFAULT_UNIT_ID }, quantity: UNLIMITED_QUANTITY };
}

/** Form defaults (spec §3, §9, DESIGN §13): the portal pre-fills them and the API applies them when a create omits a field. */
export function itemDefaults(type: ItemType = 'reservation') {
  return {
    type,
    description: '',
    period: 'monthly' as ItemPeriod,
    commitment: { count: 1 },
    dynamic: false,
    frozen: false,
    ui: { visibility: true },
    group: null,
    parent: null,
    external_id: null,
    applicability: null,
    ...itemTypeDefaults(type),
  };
}

export const isRecurring = (period: string | null | undefined) => !!period && period !== 'onetime';
/** Spec §3: the period is recurring or one-time, shown as Recurring or Perpetual. */
export const periodLabel = (period: string | null | undefined) => (isRecurring(period) ? 'Recurring' : 'Perpetual');
/** Spec §3: a commitment is shown as 'N commitment', or blank when there is none (count 1). */
export const commitmentLabel = (count: number | null | undefined) => (count && count > 1 ? `${count} commitment` : '');
/** Spec §3: a quantity of -1 shows as unlimited. */
export const quantityLabel = (quantity: number | string | null | undefined) =>
  Number(quantity) === UNLIMITED_QUANTITY
    ? 'Unlimited'
    : quantity === null || quantity === undefined
      ? ''
      : String(quantity);
export const itemTypeLabel = (type: string) => ITEM_TYPE_LABELS[type as ItemType] ?? type;
export const precisionLabel = (p: string) => ITEM_PRECISION_LABELS[p as ItemPrecision] ?? p;

/** How each period reads in the item summary (spec §3): recurring or one-time ("Perpetual"). */
export const ITEM_RECURRENCE_LABELS = Object.fromEntries(ITEM_PERIODS.map((p) => [p, periodLabel(p)])) as Record<
  ItemPeriod,
  string
>;

/** 'Pay-as-you-go · Recurring · Unlimited': one item in one line, wherever an item is summed up. */
export const itemSummary = (i: { type: string; period: string | null; quantity: number | string | null }) =>
  [itemTypeLabel(i.type), periodLabel(i.type === 'ppu' ? 'monthly' : i.period), formatQuantity(i.quantity)]
    .filter(Boolean)
    .join(' · ');

/** Which item fields define its type: editable only while the item is a draft (workflow "items"). */
export const ITEM_TYPE_FIELDS = ['type', 'period', 'commitment', 'precision', 'unit', 'quantity'] as const;

export interface ItemRuleInput {
  type: ItemType;
  period: ItemPeriod;
  precision: ItemPrecision;
  quantity: number;
  dynamic: boolean;
  commitment: { count: number };
}

/** Rules between an item's fields, as "field: message" strings (shared by the API and the item form). */
export function itemRuleErrors(i: ItemRuleInput): string[] {
  const errors: string[] = [];
  const trialOrOnce = i.period === 'onetime' || i.period.endsWith('_trial');
  if (i.type === 'ppu') {
    if (i.quantity !== UNLIMITED_QUANTITY)
      errors.push(`quantity: A pay-per-use item's quantity is unlimited (${UNLIMITED_QUANTITY}).`);
    if (i.period === 'onetime') errors.push('period: A pay-per-use item needs a recurring period.');
    if (i.commitment.count !== 1) errors.push('commitment.count: A pay-per-use item cannot have a commitment.');
  } else {
    if (i.precision !== 'integer') errors.push("precision: A reservation item's precision must be integer.");
    if (i.dynamic) errors.push('dynamic: Only pay-per-use items can be dynamic.');
  }
  if (trialOrOnce && i.commitment.count !== 1 && i.type !== 'ppu')
    errors.push('commitment.count: A one-time or trial item cannot have a commitment.');
  return errors;
}

// ---------------------------------------------------------------- schemas

/** An enumeration accepted in any case (the reference writes `Reservation`, `PPU`, `OneTime`, `Decimal(1)`). */
function ciEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(values, {
      error: (iss) =>
        iss.input === undefined || iss.input === null ? m.REQUIRED : `Must be one of: ${values.join(', ')}`,
    }),
  );
}

const text = (max: number) => z.string().max(max, m.maxLength(max));
const requiredText = (max: number) =>
  z.string({ error: requiredError }).trim().min(1, m.REQUIRED).max(max, m.maxLength(max));
const IdRef = z.object({ id: z.string({ error: requiredError }).trim().min(1, m.REQUIRED) });
const commitmentInput = z.object({
  count: z
    .number({ error: requiredError })
    .int(m.ONLY_INTEGERS)
    .min(1, 'Must be at least 1')
    .max(120, 'Must be at most 120'),
});
const quantityInput = zItemQuantity().transform((v) => Number(v));

export const Unit = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  unit: z.string(),
  mpn: z.string().nullable(),
  /** The vendor that defined it; null for the shared units everyone can use. */
  owner: z.object({ id: z.string(), name: z.string().optional() }).nullable(),
  events: Events,
});
export type Unit = z.infer<typeof Unit>;

const UnitRef = z.object({ id: z.string(), name: z.string(), title: z.string(), unit: z.string() });
const GroupRef = z.object({ id: z.string(), name: z.string().nullable(), mpn: z.string() });
const ItemRef = z.object({ id: z.string(), name: z.string(), status: z.enum(ITEM_STATUSES) });

export const Item = z.object({
  id: z.string(),
  /** Position of the item in its product (the 0001 of PRD-276-377-545-0001). */
  local_id: z.string(),
  name: z.string(),
  display_name: z.string(),
  description: z.string(),
  mpn: z.string(),
  external_id: z.string().nullable(),
  type: z.enum(ITEM_TYPES),
  item_type: z.enum(['Reservation', 'PPU']),
  dynamic: z.boolean(),
  frozen: z.boolean(),
  period: z.enum(ITEM_PERIODS),
  commitment: z.object({ count: z.number().int() }),
  precision: z.enum(ITEM_PRECISIONS),
  unit: UnitRef,
  /** Maximum quantity a subscription may hold; -1 = unlimited (always for pay-per-use). */
  quantity: z.number().int(),
  status: z.enum(ITEM_STATUSES),
  position: z.number().int(),
  group: GroupRef.nullable(),
  parent: ItemRef.nullable(),
  depth: z.number().int(),
  applicability: z.enum(ITEM_APPLICABILITY).nullable(),
  ui: z.object({ visibility: z.boolean() }),
  replacement: ItemRef.nullable(),
  end_of_sale_notes: z.string().nullable(),
  product: z.object({ id: z.string(), name: z.string().optional() }),
  events: Events,
});
export type Item = z.infer<typeof Item>;

const itemFields = {
  name: requiredText(255),
  mpn: requiredText(255),
  display_name: text(255).optional(),
  description: text(4096).optional(),
  external_id: text(128).nullable().optional(),
  type: ciEnum(ITEM_TYPES),
  period: ciEnum(ITEM_PERIODS).optional(),
  commitment: commitmentInput.optional(),
  precision: ciEnum(ITEM_PRECISIONS).optional(),
  unit: IdRef.optional(),
  quantity: quantityInput.optional(),
  dynamic: z.boolean().optional(),
  frozen: z.boolean().optional(),
  group: IdRef.nullable().optional(),
  parent: IdRef.nullable().optional(),
  applicability: ciEnum(ITEM_APPLICABILITY).nullable().optional(),
  ui: z.object({ visibility: z.boolean({ error: requiredError }) }).optional(),
  position: z
    .number()
    .int(m.ONLY_INTEGERS)
    .min(0, 'Must be at least 0')
    .max(999_999, 'Must be at most 999999')
    .optional(),
};

/** Create: name, mpn and type are required; every other field falls back to itemDefaults(type). */
export const ItemCreate = z.object(itemFields);
export type ItemCreate = z.infer<typeof ItemCreate>;
/** Update: any subset. Type fields (ITEM_TYPE_FIELDS) change only while the item is a draft. */
export const ItemUpdate = z.object({ ...itemFields, type: itemFields.type.optional() }).partial();
export type ItemUpdate = z.infer<typeof ItemUpdate>;

export const ItemEndSale = z.object({
  end_of_sale_notes: text(1024)
    .optional()
    .meta({ title: 'Notes', description: 'Why the sale ends, shown to customers.', multiline: true }),
  replacement: IdRef.nullable().optional(),
});

/** Item statuses read as the product's (spec §4): 'endofsale' is "End of sale". */
const CATALOG_STATUSES = statusTones(ITEM_STATUSES, {
  draft: 'default',
  endofsale: { tone: 'default', label: 'End of sale' },
});

/** Items: end of sale and back, the dynamic flag of pay-per-use items; only drafts are deleted (workflow "items"). */
export const itemMachine = defineMachine<Item>({
  statuses: CATALOG_STATUSES,
  actions: {
    endsale: {
      label: 'End of sale',
      from: ['published'],
      to: 'endofsale',
      by: ['vendor'],
      body: ItemEndSale,
      event: 'saleended',
      intro: () =>
        'Customers can no longer buy this item; existing subscriptions keep it. You can resume the sale later.',
      done: (i) => `End of sale: ${i.name} (${i.id}).`,
    },
    resumesale: {
      label: 'Resume sale',
      from: ['endofsale'],
      to: 'published',
      by: ['vendor'],
      done: (i) => `Resume sale: ${i.name} (${i.id}).`,
    },
    /** Set the dynamic flag (pay-per-use items only): usage may add it to a subscription on the fly. */
    dynamic: {
      label: 'Make dynamic',
      by: ['vendor'],
      shown: (i) => i.type === 'ppu' && !i.dynamic,
      guard: (i) => (i.type === 'ppu' ? null : 'dynamic: Only pay-per-use items can be dynamic.'),
      done: (i) => `${i.name} is dynamic: usage may add it to a subscription.`,
    },
    /** Unset the dynamic flag. */
    undynamic: {
      label: 'Make static',
      by: ['vendor'],
      shown: (i) => i.dynamic,
      done: (i) => `${i.name} is no longer dynamic.`,
    },
  },
  deletable: (i) =>
    i.status === 'draft'
      ? null
      : { kind: 'guard', message: `Only a draft item can be deleted; this one is ${i.status}.` },
});

/** An item's own page inside its product (`routeParams` of a reference to another item of the product). */
const itemRoute = (path: string) => ({
  route: 'product.items.details',
  routeParams: { id: 'product.id', itemId: `${path}.id` },
});

const ITEM_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  display_name: { label: 'Display name', kind: 'text' },
  description: { label: 'Description', kind: 'multiline' },
  mpn: { label: 'MPN', kind: 'text' },
  type: { label: 'Type', kind: 'enum', labels: ITEM_TYPE_LABELS },
  period: { label: 'Period', kind: 'enum', labels: ITEM_RECURRENCE_LABELS },
  'commitment.count': { label: 'Commitment', kind: 'number' },
  quantity: { label: 'Quantity', kind: 'quantity' },
  unit: { label: 'Unit', kind: 'ref', sort: 'unit.title' },
  precision: { label: 'Precision', kind: 'enum', labels: ITEM_PRECISION_LABELS },
  status: { label: 'Status', kind: 'status' },
  dynamic: { label: 'Dynamic', kind: 'bool' },
  'ui.visibility': { label: 'Visible to customers', kind: 'bool' },
  external_id: { label: 'External ID', kind: 'text' },
  end_of_sale_notes: { label: 'End of sale notes', kind: 'multiline' },
  group: {
    label: 'Group',
    kind: 'ref',
    route: 'product.items.groups.details',
    routeParams: { id: 'product.id', groupId: 'group.id' },
  },
  parent: { label: 'Parent item', kind: 'ref', ...itemRoute('parent') },
  replacement: { label: 'Replacement', kind: 'ref', ...itemRoute('replacement') },
  'events.created.at': { label: 'Created', kind: 'date' },
  'events.updated.at': { label: 'Updated', kind: 'date' },
};

/** Items of a product. Vendors edit their own; providers read those of products they are linked to. */
export const itemResource = defineResource({
  name: 'item',
  title: 'Item',
  path: '/products/:productId/items',
  module: 'MD-0002',
  schema: Item,
  create: ItemCreate,
  update: ItemUpdate,
  remove: true,
  filters: {
    ...roteFilters(Item, ['unit', 'group', 'parent', 'replacement']),
    type: filterOf(Item, 'type', [...ENUM_OPS, 'like', 'ilike']),
    local_id: filterOf(Item, 'local_id'),
    display_name: filterOf(Item, 'display_name'),
    mpn: filterOf(Item, 'mpn'),
    item_type: filterOf(Item, 'item_type', [...ENUM_OPS, 'like', 'ilike']),
    period: filterOf(Item, 'period', [...ENUM_OPS, 'like', 'ilike']),
    precision: filterOf(Item, 'precision'),
    dynamic: filterOf(Item, 'dynamic'),
    frozen: filterOf(Item, 'frozen'),
    'commitment.count': filterOf(Item, 'commitment.count'),
    quantity: filterOf(Item, 'quantity'),
    position: filterOf(Item, 'position'),
    'group.mpn': filterOf(Item, 'group.mpn', TEXT_OPS),
    'unit.title': filterOf(Item, 'unit.title', TEXT_OPS),
    applicability: { ...filterOf(Item, 'applicability'), ops: TEXT_OPS },
    'ui.visibility': filterOf(Item, 'ui.visibility'),
    'events.saleended.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: [
    'position',
    'id',
    'name',
    'display_name',
    'mpn',
    'status',
    'type',
    'period',
    'events.created.at',
    'events.updated.at',
  ],
  defaultOrdering: 'position',
  search: ['id', 'name', 'display_name', 'mpn', 'external_id'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  machine: itemMachine,
  removal: {
    label: 'Delete',
    title: () => 'Delete item',
    confirm: (i: Item) => `Delete the draft item ${i.name} (${i.id})?`,
    done: (i: Item) => `Item ${i.name} was deleted.`,
  },
  fields: ITEM_FIELDS,
  list: {
    columns: [
      'name',
      'id',
      'display_name',
      'type',
      'period',
      'commitment.count',
      'quantity',
      'unit',
      'precision',
      'status',
    ],
    phone: ['name', 'status'],
    filters: ['status', 'type'],
  },
  detail: {
    fields: [
      'id',
      'name',
      'display_name',
      'description',
      'mpn',
      'type',
      'period',
      'commitment.count',
      'quantity',
      'unit',
      'precision',
      'dynamic',
      'ui.visibility',
      'external_id',
      'end_of_sale_notes',
      'group',
      'parent',
      'replacement',
    ],
  },
});

// ---------------------------------------------------------------- item groups

export const ItemGroup = z.object({
  id: z.string(),
  name: z.string().nullable(),
  mpn: z.string(),
  description: z.string(),
  product: z.object({ id: z.string(), name: z.string().optional() }),
  /** How many items of the product are in the group. */
  stats: z.object({ items: z.number().int() }),
  events: Events,
});
export type ItemGroup = z.infer<typeof ItemGroup>;

export const ItemGroupCreate = z.object({
  name: requiredText(255),
  mpn: requiredText(768),
  description: text(4096).optional(),
});
export const ItemGroupUpdate = ItemGroupCreate.partial();

export const itemGroupResource = defineResource({
  name: 'item-group',
  title: 'Item group',
  path: '/products/:productId/item-groups',
  module: 'MD-0002',
  schema: ItemGroup,
  create: ItemGroupCreate,
  update: ItemGroupUpdate,
  remove: true,
  filters: {
    id: filterOf(ItemGroup, 'id'),
    name: filterOf(ItemGroup, 'name'),
    mpn: filterOf(ItemGroup, 'mpn'),
    created_at: { type: 'datetime', ops: DATE_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['name', 'mpn', 'created_at', 'events.created.at'],
  defaultOrdering: 'name',
  search: ['id', 'name', 'mpn'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  removal: {
    label: 'Delete',
    title: () => 'Delete item group',
    confirm: (g: ItemGroup) => `Delete the item group ${g.name} (${g.id})? Only a group without items can be deleted.`,
    done: (g: ItemGroup) => `Item group ${g.name} was deleted.`,
  },
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    mpn: { label: 'MPN', kind: 'text' },
    description: { label: 'Description', kind: 'multiline' },
    'stats.items': { label: 'Items', kind: 'number' },
    'events.created.at': { label: 'Created', kind: 'date', sort: 'events.created.at' },
    'events.created.by': { label: 'Created by', kind: 'user' },
  },
  list: {
    columns: ['name', 'id', 'mpn', 'stats.items', 'events.created.at', 'events.created.by'],
    phone: ['name', 'stats.items'],
  },
  detail: { fields: ['id', 'name', 'mpn', 'description', 'stats.items'] },
});

// ---------------------------------------------------------------- units

const UNIT_ID_RE = /^[a-z0-9][a-z0-9_-]*$/i;

export const UnitCreate = z.object({
  /** Optional readable id (letters, digits, '-' and '_'); generated when omitted. */
  id: z.string().trim().max(64, m.maxLength(64)).regex(UNIT_ID_RE, "Use letters, digits, '-' and '_' only").optional(),
  name: requiredText(255),
  title: text(255).optional(),
  description: text(1024).optional(),
  unit: text(64).optional(),
  mpn: text(255).nullable().optional(),
});
export const UnitUpdate = UnitCreate.omit({ id: true }).partial();

/** Shared units (no owner) are read-only; a vendor changes only the units it defined. */
const ownUnit = (u: Unit, v: Viewer): Refusal | null =>
  u.owner?.id === v.accountId ? null : { kind: 'side', message: `Unit '${u.id}' is shared and cannot be changed.` };

/** Units of measure: the shared list (incl. 'unit' and 'unith') plus the ones a vendor defines for its items. */
export const unitResource = defineResource({
  name: 'unit',
  title: 'Unit',
  path: '/settings/units',
  module: 'MD-0002',
  schema: Unit,
  create: UnitCreate,
  update: UnitUpdate,
  remove: true,
  filters: {
    id: filterOf(Unit, 'id'),
    name: filterOf(Unit, 'name'),
    title: filterOf(Unit, 'title'),
    unit: filterOf(Unit, 'unit'),
    mpn: filterOf(Unit, 'mpn'),
    'owner.id': filterOf(Unit, 'owner.id'),
  },
  ordering: ['id', 'name', 'title'],
  defaultOrdering: 'name',
  search: ['id', 'name', 'title', 'unit'],
  visibleTo: ['vendor', 'provider'],
  writableBy: ['vendor'],
  machine: defineMachine<Unit>({ statuses: {}, actions: {}, editable: ownUnit, deletable: ownUnit }),
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    title: { label: 'Title', kind: 'text' },
    unit: { label: 'Symbol', kind: 'text' },
    description: { label: 'Description', kind: 'multiline' },
    owner: { label: 'Defined by', kind: 'ref', empty: 'Shared' },
  },
  list: { columns: ['name', 'id', 'title', 'unit', 'owner'] },
});
