import type { Item } from '@trellis/domain/catalog/item';
import type { RequestParam } from '@trellis/domain/fulfillment/common';
import type { RequestCreate } from '@trellis/domain/fulfillment/request';
import type { ParamError, ParamValue, ParameterConstraints } from '@trellis/domain/parameters/types';
import type { TierAccount } from '@trellis/domain/customers/tier-account';
import { itemQuantity } from '@trellis/domain/validation/rules';
import { ApiError, errorMessage } from '../../../../api/errors.ts';
import type { FormParameter, ParamValues } from '../../../../components/ParameterForm/index.ts';

// The purchase the provider is putting together, as plain data: what each step needs filled in, the body of the
// draft request, and the parameters of the draft in the shape of the shared order form.

export interface OrderChoices {
  productId: string;
  connectionId: string;
  /** Only production connections name one (where the product is listed). */
  marketplaceId: string;
  customerId: string;
  externalId: string;
  /** Item id → quantity as typed. */
  quantities: Record<string, string>;
}

export const EMPTY_ORDER: OrderChoices = {
  productId: '',
  connectionId: '',
  marketplaceId: '',
  customerId: '',
  externalId: '',
  quantities: {},
};

export const isPayPerUse = (item: Pick<Item, 'type'>) => item.type === 'ppu';

/** T1 and T2 of a customer from its parent chain: customer → T2 → T1, or customer → T1. */
export function tierChain(customer: Pick<TierAccount, 'parent'>) {
  const parent = customer.parent;
  if (!parent) return { tier1: null, tier2: null };
  return parent.parent ? { tier1: parent.parent, tier2: parent } : { tier1: parent, tier2: null };
}

/** Message per item for quantities that are not whole numbers, and one for the order when nothing is ordered. */
export function quantityProblems(
  items: readonly Item[],
  quantities: Record<string, string>,
): { items: Record<string, string>; order: string | null } {
  const problems: Record<string, string> = {};
  let ordered = false;
  for (const item of items) {
    if (isPayPerUse(item)) continue;
    const q = quantities[item.id] ?? '0';
    const problem = itemQuantity(q);
    if (problem) problems[item.id] = problem;
    else if (Number(q) > 0) ordered = true;
  }
  return {
    items: problems,
    order: ordered || Object.keys(problems).length ? null : 'Enter a quantity above 0 for at least one item.',
  };
}

/**
 * The draft purchase (POST /requests). Reservation items go with the quantities above 0; pay-per-use items go
 * with quantity 0 (usage is billed as it comes).
 */
export function draftBody(
  o: OrderChoices,
  items: readonly Item[],
  customer: TierAccount,
  production: boolean,
): RequestCreate {
  const { tier1, tier2 } = tierChain(customer);
  const ordered = items.flatMap((item) => {
    if (isPayPerUse(item)) return [{ id: item.id, quantity: '0' }];
    const q = (o.quantities[item.id] ?? '0').trim();
    return Number(q) > 0 ? [{ id: item.id, quantity: q }] : [];
  });
  return {
    type: 'purchase',
    status: 'draft',
    asset: {
      product: { id: o.productId },
      connection: { id: o.connectionId },
      ...(o.externalId.trim() ? { external_id: o.externalId.trim() } : {}),
      items: ordered,
      tiers: {
        customer: { id: customer.id },
        ...(tier1 ? { tier1: { id: tier1.id } } : {}),
        ...(tier2 ? { tier2: { id: tier2.id } } : {}),
      },
    },
    ...(production && o.marketplaceId ? { marketplace: { id: o.marketplaceId } } : {}),
  };
}

/** Ordering-phase parameters the provider fills in (fulfillment ones are the vendor's). */
export const orderingParams = (params: readonly RequestParam[]) => params.filter((p) => p.phase === 'ordering');

/** A request parameter as the order form describes it (its id is its name). */
export const formParameter = (p: RequestParam): FormParameter => ({
  id: p.id,
  name: p.id,
  title: p.title,
  description: p.description,
  type: p.type,
  scope: p.scope,
  constraints: p.constraints as ParameterConstraints,
});

export function paramValues(params: readonly RequestParam[]): ParamValues {
  return Object.fromEntries(
    params.map((p) => [
      p.id,
      {
        value: p.value,
        ...(p.structured_value !== undefined ? { structured_value: p.structured_value } : {}),
      } satisfies ParamValue,
    ]),
  );
}

/** value_error / structured_error the request carries, per parameter. */
export function paramErrors(params: readonly RequestParam[]): Record<string, ParamError> {
  return Object.fromEntries(
    params
      .filter((p) => p.value_error || p.structured_error)
      .map((p) => [
        p.id,
        {
          value_error: p.value_error || undefined,
          ...(p.structured_error ? { structured_error: p.structured_error } : {}),
        },
      ]),
  );
}

/** The values to send: every ordering parameter the provider may change (read-only ones are refused by the server). */
export function paramInputs(params: readonly RequestParam[], values: ParamValues) {
  return orderingParams(params)
    .filter((p) => !p.constraints.readonly)
    .map((p) => {
      const v = values[p.id] ?? {};
      return {
        id: p.id,
        value: v.value ?? null,
        ...(v.structured_value !== undefined ? { structured_value: v.structured_value } : {}),
      };
    });
}

/**
 * A failed call as the parameters form shows it: a 400 whose `params` or `fields` name parameters puts each message
 * on its field; whatever names no parameter (or any other error) is the message above the form (spec §8).
 */
export function splitParamError(
  err: unknown,
  ids: readonly string[],
): { fields: Record<string, ParamError>; message: string | null } {
  const body =
    err instanceof ApiError && err.text && typeof err.text === 'object' ? (err.text as { params?: unknown }) : null;
  const fields: Record<string, ParamError> = {};
  if (Array.isArray(body?.params)) {
    for (const p of body.params as { id?: string; value_error?: string; structured_error?: Record<string, string> }[]) {
      if (p.id && ids.includes(p.id))
        fields[p.id] = { value_error: p.value_error, structured_error: p.structured_error };
    }
  }
  let unplaced = false;
  if (err instanceof ApiError) {
    for (const [key, messages] of Object.entries(err.fieldErrors)) {
      const id = ids.find((i) => key === i || key.startsWith(`${i}.`));
      if (id && !fields[id]) fields[id] = { value_error: messages[0] };
      else if (!id) unplaced = true;
    }
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, message: !placed || unplaced ? errorMessage(err) : null };
}
