import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getSessionId } from './api/session-id.ts';
import { isStartPage, preloadApp, Start } from './app/Start.tsx';
import { fetchBrand } from './app/branding/brand.ts';
import { BrandGate } from './app/branding/BrandGate.tsx';
import { loadVersions } from './app/versions.ts';
import { loadContext } from './app/session/session.ts';

// The brand, the versions file (spec §7) and the session's context (which the pages behind the login wait for) are
// asked for at once, before React renders anything.
const brand = fetchBrand();
brand.catch(() => {}); // BrandGate shows a failure
void loadVersions();
const context = loadContext();
context.catch(() => {}); // the session provider shows a failure
// Any other page than the start's own needs React Router: fetched now, beside those calls (with the signed-in shell
// when a session is kept), not once React has rendered.
if (!isStartPage(window.location.pathname)) preloadApp(!!getSessionId());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The brand (theme, title) is loaded before anything renders. */}
    <BrandGate initial={brand}>
      {/* a public page without React Router and the query cache, any other through them (app/Start.tsx) */}
      <Start context={context} />
    </BrandGate>
  </StrictMode>,
);
