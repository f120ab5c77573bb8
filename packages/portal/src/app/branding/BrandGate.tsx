import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Brand } from '@trellis/domain/branding/brand';
import { FAVICON_TYPES, type FaviconKind } from '@trellis/domain/branding/constants';
import { PageFallback } from '../PageFallback.tsx';
import { portalTheme } from '../theme.ts';
import { BrandContext, BrandReloadContext, fetchBrand, replacementUrl } from './brand.ts';

const Maintenance = lazy(() => import('../Maintenance.tsx'));

type State = { status: 'loading' } | { status: 'moving' } | { status: 'failed' } | { status: 'ready'; brand: Brand };

/** Marks the icon links the brand put in the page (index.html's own placeholder is replaced by them). */
const BRAND_ICON = 'data-brand-icon';
/** Preference when a browser picks among several: vector first, then PNG, then ICO. */
const ICON_ORDER: FaviconKind[] = ['svg', 'png', 'ico'];

/** The brand's favicons as <link rel=icon> elements, replacing the previous ones (none: an empty icon). */
function applyFavicons(favicons: Record<string, string>) {
  const head = document.head;
  for (const el of head.querySelectorAll('link[rel~="icon"]')) el.remove();
  const kinds = ICON_ORDER.filter((k) => favicons[k]);
  if (!kinds.length) {
    const empty = document.createElement('link');
    empty.rel = 'icon';
    empty.href = 'data:,';
    empty.setAttribute(BRAND_ICON, '');
    head.appendChild(empty);
    return;
  }
  for (const kind of kinds) {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.type = FAVICON_TYPES[kind];
    link.href = favicons[kind]!;
    if (kind === 'svg') link.setAttribute('sizes', 'any');
    link.setAttribute(BRAND_ICON, kind);
    head.appendChild(link);
  }
}

/** Apply what the brand sets outside React: the tab title, the browser's theme colour and the favicons. */
function applyToDocument(brand: Brand) {
  document.title = brand.title;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.theme.primary);
  applyFavicons(brand.urls.favicons ?? {});
}

/**
 * Loads the host's brand before the app renders (spec §2; `initial`: that call, already started): its theme, title, logo, favicons and footer wrap the
 * app; a host replaced by another moves there; a brand that cannot be loaded shows the maintenance screen. After
 * the theme is edited, `useReloadBrand()` applies the new one in place.
 */
export function BrandGate({ children, initial }: { children: ReactNode; initial?: Promise<Brand> }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  /** Use a loaded brand: move to its replacement host, or apply it. */
  const adopt = useCallback((brand: Brand) => {
    const target = replacementUrl(brand.replaced_by, window.location);
    if (target) {
      setState({ status: 'moving' });
      window.location.replace(target);
      return;
    }
    // Before the pages' own effects, which refine the title.
    applyToDocument(brand);
    setState({ status: 'ready', brand });
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    setState({ status: 'loading' });
    // the first attempt takes the call app/start-calls.ts started with the app (before React rendered anything)
    (attempt === 0 && initial ? initial : fetchBrand(abort.signal)).then(
      (brand) => {
        if (!abort.signal.aborted) adopt(brand);
      },
      () => {
        if (!abort.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => abort.abort();
  }, [attempt, adopt, initial]);

  // the app stays on screen while the new brand loads; a failure keeps the brand it has
  const reload = useCallback(async () => adopt(await fetchBrand()), [adopt]);

  const brand = state.status === 'ready' ? state.brand : null;
  const theme = useMemo(() => portalTheme(brand?.theme), [brand]);
  let content: ReactNode;
  if (brand) {
    content = (
      <BrandReloadContext.Provider value={reload}>
        <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>
      </BrandReloadContext.Provider>
    );
  } else if (state.status === 'failed') {
    content = (
      <Suspense fallback={<PageFallback />}>
        <Maintenance onRetry={() => setAttempt((n) => n + 1)} />
      </Suspense>
    );
  } else content = <PageFallback />;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {content}
    </ThemeProvider>
  );
}
