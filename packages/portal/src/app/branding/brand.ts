import { createContext, useContext } from 'react';
import type { Brand } from '@trellis/domain/branding/brand';
import { brandFooter, DEFAULT_BRAND, normalizeHost } from '@trellis/domain/branding/constants';
import { version } from '../../../package.json';
import { apiRequest } from '../../api/client.ts';

export const PORTAL_VERSION: string = version;
/** Spec §7: the brand is asked for with a header carrying the host the portal runs on. */
export const ORIGINAL_HOST_HEADER = 'x-original-host';

/** The brand of this host (GET /branding/portal); throws ApiError on a network error or a non-2xx answer. */
export async function fetchBrand(signal?: AbortSignal): Promise<Brand> {
  const res = await apiRequest<Brand>('/branding/portal', {
    headers: { [ORIGINAL_HOST_HEADER]: window.location.host },
    signal,
  });
  return res.data;
}

/** Pages outside the gate (tests of a single page) see the installation's brand. */
export const BrandContext = createContext<Brand>(DEFAULT_BRAND);

export function useBrand(): Brand {
  return useContext(BrandContext);
}

/** Loads this host's brand again and applies it (after the theme was edited), without reloading the page. */
export const BrandReloadContext = createContext<() => Promise<void>>(async () => {});

export function useReloadBrand(): () => Promise<void> {
  return useContext(BrandReloadContext);
}

/** The brand's footer with {version} (the served version, else this portal's own) and {year} filled in. */
export function footerText(brand: Brand, now = new Date(), version = PORTAL_VERSION): string {
  return brandFooter(brand.footer, { version, year: now.getFullYear() });
}

type Place = Pick<Location, 'protocol' | 'host' | 'pathname' | 'search' | 'hash'>;

/**
 * Where a replaced host sends the visitor: the same path on the new host (spec §2), or null to stay
 * (nothing set, the current host itself, or a value that is not a host).
 */
export function replacementUrl(replacedBy: string | null | undefined, here: Place): string | null {
  if (!replacedBy?.trim()) return null;
  let protocol = here.protocol;
  let host: string | null = replacedBy.trim();
  if (/^https?:\/\//i.test(host)) {
    try {
      const url = new URL(host);
      protocol = url.protocol;
      host = url.host;
    } catch {
      return null;
    }
  }
  host = normalizeHost(host);
  if (!host || host === here.host.toLowerCase()) return null;
  return `${protocol}//${host}${here.pathname}${here.search}${here.hash}`;
}
