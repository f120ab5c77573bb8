import {
  ITEM_TYPE_FIELDS,
  itemDefaults,
  itemRuleErrors,
  itemTypeDefaults,
  UNLIMITED_QUANTITY,
  type Item,
  type ItemPeriod,
  type ItemPrecision,
  type ItemType,
} from '@trellis/domain/catalog/item';
import { ONLY_INTEGERS, REQUIRED } from '@trellis/domain/validation/messages';
import { itemQuantity } from '@trellis/domain/validation/rules';

// The item form's values as the inputs hold them (numbers as text) and the rules between them. Kept apart from
// the dialog so the defaults (spec §3, §9) and the type switch (§5) read in one place.

export interface ItemFormValues {
  name: string;
  display_name: string;
  mpn: string;
  description: string;
  external_id: string;
  type: ItemType;
  period: ItemPeriod;
  commitment: string;
  precision: ItemPrecision;
  unit: string;
  quantity: string;
  /** '' = no group */
  group: string;
  visibility: boolean;
}

/** A new item: the domain's defaults for a reservation item (commitment 1, one month, unit 'unit', visible). */
export function newItemForm(type: ItemType = 'reservation'): ItemFormValues {
  const d = itemDefaults(type);
  return {
    name: '',
    display_name: '',
    mpn: '',
    description: d.description,
    external_id: '',
    type: d.type,
    period: d.period,
    commitment: String(d.commitment.count),
    precision: d.precision,
    unit: d.unit.id,
    quantity: String(d.quantity),
    group: '',
    visibility: d.ui.visibility,
  };
}

export function itemToForm(item: Item): ItemFormValues {
  return {
    name: item.name,
    display_name: item.display_name === item.name ? '' : item.display_name,
    mpn: item.mpn,
    description: item.description,
    external_id: item.external_id ?? '',
    type: item.type,
    period: item.period,
    commitment: String(item.commitment.count),
    precision: item.precision,
    unit: item.unit.id,
    quantity: String(item.quantity),
    group: item.group?.id ?? '',
    visibility: item.ui.visibility,
  };
}

/**
 * What changes when the type changes: the type's precision, unit and quantity defaults (pay-per-use: one decimal,
 * units × hours, quantity -1 = unlimited), and what a pay-per-use item cannot have (a one-time period, a commitment).
 */
export function typeSwitch(values: ItemFormValues, type: ItemType): Partial<ItemFormValues> {
  const d = itemTypeDefaults(type);
  const patch: Partial<ItemFormValues> = {
    type,
    precision: d.precision,
    unit: d.unit.id,
    quantity: String(d.quantity),
  };
  if (type === 'ppu') {
    if (values.period === 'onetime') patch.period = 'monthly';
    patch.commitment = '1';
  }
  return patch;
}

/** Messages per field ({} = valid): required fields, the quantity rule, and the rules between fields. */
export function itemFormErrors(v: ItemFormValues): Partial<Record<keyof ItemFormValues, string>> {
  const errors: Partial<Record<keyof ItemFormValues, string>> = {};
  if (!v.name.trim()) errors.name = REQUIRED;
  if (!v.mpn.trim()) errors.mpn = REQUIRED;
  const q = itemQuantity(v.quantity);
  if (q) errors.quantity = q;
  const count = Number(v.commitment);
  if (!/^\d+$/.test(v.commitment.trim()) || count < 1) errors.commitment = ONLY_INTEGERS;
  if (Object.keys(errors).length) return errors;
  for (const e of itemRuleErrors({
    type: v.type,
    period: v.period,
    precision: v.precision,
    quantity: Number(v.quantity),
    dynamic: false,
    commitment: { count },
  })) {
    const [field, ...rest] = e.split(': ');
    const key = (field === 'commitment.count' ? 'commitment' : field) as keyof ItemFormValues;
    errors[key] ??= rest.join(': ');
  }
  return errors;
}

/** The request body; on an item that is no longer a draft the type fields are left out (they cannot change). */
export function itemFormBody(v: ItemFormValues, editing?: Item | null) {
  const body: Record<string, unknown> = {
    name: v.name.trim(),
    display_name: v.display_name.trim() || v.name.trim(),
    mpn: v.mpn.trim(),
    description: v.description,
    external_id: v.external_id.trim() || null,
    type: v.type,
    period: v.period,
    commitment: { count: Number(v.commitment) },
    precision: v.precision,
    unit: { id: v.unit },
    quantity: v.type === 'ppu' ? UNLIMITED_QUANTITY : Number(v.quantity),
    group: v.group ? { id: v.group } : null,
    ui: { visibility: v.visibility },
  };
  if (editing && editing.status !== 'draft') for (const f of ITEM_TYPE_FIELDS) delete body[f];
  return body;
}
