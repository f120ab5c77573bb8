import { getSessionId } from '../api/session-id.ts';
import { preloadDashboard } from '../modules/dashboard/routes.ts';
import { fetchBrand } from './branding/brand.ts';
import { isStartPage, preloadApp } from './load-app.ts';
import { loadContext } from './session/session.ts';
import { loadVersions } from './versions.ts';

// What a page load asks the server for first. main.tsx imports this module before anything else, so it runs before
// React DOM, MUI and the rest of the entry are evaluated (~100 ms on a slow machine) and the answers arrive meanwhile.

/** The brand (theme, title), which the portal is rendered with. */
export const brand = fetchBrand();
brand.catch(() => {}); // BrandGate shows a failure

// the versions file (spec §7)
void loadVersions();

/** The session's context, which the pages behind the login wait for. */
export const context = loadContext();
context.catch(() => {}); // the session provider shows a failure

// Any other page than the start's own needs React Router: fetched now, beside those calls (with the signed-in shell
// when a session is kept), not once React has rendered.
if (!isStartPage(window.location.pathname)) preloadApp(!!getSessionId());

// The dashboard's code and counters too (modules/dashboard/routes.ts).
if (window.location.pathname === '/' && getSessionId()) preloadDashboard(context);
