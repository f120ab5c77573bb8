import { registerJob } from '../jobs/queue.ts';
import { COMPACT_JOB, compactCounts } from '../resources/kept-counts.ts';
import { FILL_JOB, fillJsonText } from '../resources/json-text.ts';
import { metaRoutes } from '../openapi/routes.ts';
import { registerResource } from '../resources/routes.ts';
import { audit } from './audit/index.ts';
import { branding } from './branding/index.ts';
import { catalog } from './catalog/index.ts';
import { customers } from './customers/index.ts';
import { registerCounter } from './dashboard/counters.ts';
import { dashboard } from './dashboard/index.ts';
import { distribution } from './distribution/index.ts';
import { fulfillment } from './fulfillment/index.ts';
import { identity } from './identity/index.ts';
import { partners } from './partners/index.ts';
import { leads } from './leads/index.ts';
import { helpdesk } from './helpdesk/index.ts';
import { usage } from './usage/index.ts';
import { newsArea } from './news/index.ts';
import { favoritesArea } from './favorites/index.ts';
import { slm } from './slm/index.ts';
import { notifications } from './notifications/index.ts';
import { reporting } from './reporting/index.ts';
import type { Api, ApiModule, Area } from './types.ts';

// Every area of the server, registered explicitly (DESIGN §2). Adding an area is one line here.
export const AREAS: readonly Area[] = [
  identity,
  audit,
  catalog,
  distribution,
  customers,
  fulfillment,
  dashboard,
  branding,
  partners,
  leads,
  usage,
  helpdesk,
  newsArea,
  favoritesArea,
  slm,
  notifications,
  reporting,
];

let connected = false;
/** Counters, jobs and cross-area hooks are process-wide: set up once, whatever number of apps starts. */
function connectAreas() {
  if (connected) return;
  connected = true;
  registerJob(COMPACT_JOB, compactCounts);
  registerJob(FILL_JOB, fillJsonText);
  for (const area of AREAS) {
    for (const [name, c] of Object.entries(area.counters ?? {})) registerCounter(name, c.visibleTo, c.count);
    for (const [kind, handler] of Object.entries(area.jobs ?? {})) registerJob(kind, handler);
    area.connect?.();
  }
}

const areaModule =
  (area: Area): ApiModule =>
  (api: Api) => {
    for (const res of area.resources ?? []) registerResource(api.app, api.db, res);
    area.routes?.(api);
  };

// Each one runs under /public/v1 and /rest/v1.
export const apiModules: ApiModule[] = [() => connectAreas(), ...AREAS.map(areaModule), metaRoutes];
