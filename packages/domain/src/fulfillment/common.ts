import { z } from 'zod';
import { TierContactInfo } from '../customers/tier-account.ts';
import type { Side } from '../resource/machine.ts';
import { REQUIRED } from '../validation/messages.ts';

// Shapes shared by assets, asset requests, tier configs and their requests (reference /requests, /assets, /tier/...).

export const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });
export const ProductRef = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  status: z.string(),
  /** Only with `select(asset.product.capabilities)` (reference: hidden by default). */
  capabilities: z.record(z.string(), z.unknown()).optional(),
});
export const MarketplaceRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });
export const ConnectionRef = z.object({
  id: z.string(),
  type: z.string(),
  provider: AccountRef,
  vendor: AccountRef,
  hub: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export const UserRef = z.object({ id: z.string(), name: z.string(), email: z.string().optional() });

/** A tier account as a request or asset carries it (reference `asset.tiers.customer` etc.), plus its id. */
export const TierRef = z.object({
  id: z.string(),
  name: z.string(),
  external_id: z.string().nullable(),
  external_uid: z.string(),
  tax_id: z.string().nullable(),
  contact_info: TierContactInfo,
});
export type TierRef = z.infer<typeof TierRef>;

/**
 * A parameter with its value on a request, asset or tier config. `id` is the parameter's name (the reference
 * uses the name as id); `value_error` marks a value the other side asks to be fixed (inquire, dynamic validation).
 */
export const RequestParam = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.string(),
  phase: z.string(),
  scope: z.string(),
  value: z.string().nullable(),
  structured_value: z.unknown().optional(),
  value_error: z.string(),
  structured_error: z.record(z.string(), z.string()).optional(),
  value_choices: z.array(z.string()).optional(),
  constraints: z.record(z.string(), z.unknown()),
});
export type RequestParam = z.infer<typeof RequestParam>;

/** What a client may send for a parameter: the value, and (the vendor) an error to ask for a fix. */
export const ParamInput = z.object({
  id: z.string({ error: REQUIRED }).min(1, REQUIRED),
  value: z
    .union([z.string(), z.number(), z.boolean()])
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null ? v : String(v))),
  structured_value: z.unknown().optional(),
  value_error: z.string().max(4096).nullable().optional(),
});
export type ParamInput = z.infer<typeof ParamInput>;

export const TemplateRef = z.object({ id: z.string(), name: z.string(), representation: z.string().optional() });

/**
 * Whose value a parameter is: the provider sets the ordering ones (unless read-only), the vendor the fulfillment ones
 * and marks the provider's as invalid (`value_error`) to inquire. The server refuses the rest (applyParamInput).
 */
export function setsParamValue(side: Side, p: Pick<RequestParam, 'phase' | 'constraints'>): boolean {
  return side === 'provider' ? p.phase === 'ordering' && !p.constraints.readonly : p.phase === 'fulfillment';
}
