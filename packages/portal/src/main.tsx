import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError } from './api/errors.ts';
import { createPortalRouter } from './app/router.tsx';
import { fetchBrand } from './app/branding/brand.ts';
import { BrandGate } from './app/branding/BrandGate.tsx';
import { versionsQuery } from './app/versions.ts';
import { contextQuery } from './app/session/SessionProvider.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // Client errors will not get better by asking again.
      retry: (count, err) =>
        !(err instanceof ApiError && err.status >= 400 && (err.status < 500 || err.status === 503)) && count < 2,
    },
  },
});

// The brand, the versions file (spec §7) and the session's context (which the pages behind the login wait for) are
// asked for at once, before React renders anything.
const brand = fetchBrand();
brand.catch(() => {}); // BrandGate shows a failure
void queryClient.prefetchQuery(versionsQuery);
void queryClient.prefetchQuery(contextQuery);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* The brand (theme, title) is loaded before anything renders. */}
      <BrandGate initial={brand}>
        <RouterProvider router={createPortalRouter(queryClient)} />
      </BrandGate>
    </QueryClientProvider>
  </StrictMode>,
);
