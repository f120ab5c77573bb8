import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Brand } from '@trellis/domain/branding/brand';
import { PageFallback } from '../PageFallback.tsx';
import { portalTheme } from '../theme.ts';
import { BrandContext, fetchBrand, replacementUrl } from './brand.ts';

const Maintenance = lazy(() => import('../Maintenance.tsx'));

type State = { status: 'loading' } | { status: 'moving' } | { status: 'failed' } | { status: 'ready'; brand: Brand };

/** Apply what the brand sets outside React: the tab title and the browser's theme colour. */
function applyToDocument(brand: Brand) {
  document.title = brand.title;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.theme.primary);
}

/**
 * Loads the host's brand before the app renders (spec §2): its theme and title wrap the app; a host
 * replaced by another moves there; a brand that cannot be loaded shows the maintenance screen.
 */
export function BrandGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    setState({ status: 'loading' });
    fetchBrand(abort.signal).then(
      (brand) => {
        if (abort.signal.aborted) return;
        const target = replacementUrl(brand.replaced_by, window.location);
        if (target) {
          setState({ status: 'moving' });
          window.location.replace(target);
          return;
        }
        // Before the pages' own effects, which refine the title.
        applyToDocument(brand);
        setState({ status: 'ready', brand });
      },
      () => {
        if (!abort.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => abort.abort();
  }, [attempt]);

  const brand = state.status === 'ready' ? state.brand : null;
  const theme = useMemo(() => portalTheme(brand?.theme), [brand]);
  let content: ReactNode;
  if (brand) content = <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
  else if (state.status === 'failed') {
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
