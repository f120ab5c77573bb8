import { Suspense } from 'react';
import { PageFallback } from './PageFallback.tsx';
import type { RouteDef } from './route-def.ts';

/**
 * A public page (or the not-found page): no access or detail-id check to make (RoutePage does those for the others),
 * just its chunk.
 */
export function PublicPage({ route }: { route: RouteDef }) {
  const Page = route.component;
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}
