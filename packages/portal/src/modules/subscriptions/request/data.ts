import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ProductTemplate } from '@trellis/domain/catalog/content';
import type { AuditRecord } from '@trellis/domain/identity/audit';
import type { TierConfig, TierConfigRequest } from '@trellis/domain/fulfillment/tier-config';
import type { Request } from '@trellis/domain/fulfillment/request';
import type { ApiError } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';
import { chrome } from '../../../app/chrome/store.ts';

// What the request details page reads besides the request itself. Everything sits under the 'list' key,
// so any write (which refetches lists) refreshes it too.

/** Tabs of the page; the parameter tabs carry the reference's scope names (spec §2). */
export const REQUEST_TABS = [
  { id: 'general', label: 'General' },
  { id: 'items', label: 'Items' },
  { id: 'parameters-customer', label: 'Parameters' },
  { id: 'parameters-tier1', label: 'T1 parameters' },
  { id: 'parameters-tier2', label: 'T2 parameters' },
  { id: 'tiers', label: 'Tier accounts' },
  { id: 'activation', label: 'Activation' },
  { id: 'audit', label: 'Audit' },
] as const;
export type RequestTab = (typeof REQUEST_TABS)[number]['id'];

/** The tabs this request has: tier parameter tabs only where the asset has that tier. */
export function tabsOf(r: Request | undefined): (typeof REQUEST_TABS)[number][] {
  return REQUEST_TABS.filter((t) => (t.id === 'parameters-tier1' ? !!r?.asset.tiers.tier1 : t.id === 'parameters-tier2' ? !!r?.asset.tiers.tier2 : true));
}

/** The tier config of one reseller for the request's product (holds the tier-scope parameter values). */
export function useTierConfig(accountId: string | undefined, productId: string | undefined) {
  const query = `eq(account.id,${accountId})&eq(product.id,${productId})`;
  return useQuery<TierConfig | null, ApiError>({
    queryKey: ['list', '/tier/configs', query],
    queryFn: async ({ signal }) => (await listAll<TierConfig>('/tier/configs', query, signal))[0] ?? null,
    enabled: !!accountId && !!productId,
  });
}

/** The tier config requests made for this fulfillment request (tiers setup). */
export function useTierConfigRequests(requestId: string, enabled = true) {
  const query = `eq(asset_request.id,${requestId})`;
  return useQuery<TierConfigRequest[], ApiError>({
    queryKey: ['list', '/tier/config-requests', query],
    queryFn: ({ signal }) => listAll<TierConfigRequest>('/tier/config-requests', query, signal),
    enabled,
  });
}

/** The product's templates of one scope (asset for requests), for approve and inquire. */
export function useTemplates(productId: string, scope: ProductTemplate['scope'], enabled = true) {
  const path = `/products/${encodeURIComponent(productId)}/templates`;
  return useQuery<ProductTemplate[], ApiError>({
    queryKey: ['list', path, `scope:${scope}`],
    queryFn: ({ signal }) => listAll<ProductTemplate>(path, `eq(scope,${scope})`, signal),
    enabled,
  });
}

/** Templates of the wanted type first (fulfillment for approve, inquire for inquire), then the rest. */
export function templatesFor(templates: readonly ProductTemplate[], type: NonNullable<ProductTemplate['type']>): ProductTemplate[] {
  return [...templates.filter((t) => t.type === type), ...templates.filter((t) => t.type !== type)];
}

/** What was done to the request, newest first. */
export function useAuditTrail(objectId: string) {
  const query = `eq(object.id,${objectId})&ordering(-events.created.at)`;
  return useQuery<AuditRecord[], ApiError>({
    queryKey: ['list', '/audit/records', query],
    queryFn: ({ signal }) => listAll<AuditRecord>('/audit/records', query, signal),
  });
}

/** The page-level message under the title (replaces the previous one). */
export function notify(severity: 'success' | 'error' | 'info' | 'warning', content: ReactNode) {
  chrome.set({ alert: { severity, content } });
}
