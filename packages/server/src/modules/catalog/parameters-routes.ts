import { parameterResource } from '@trellis/domain';
import { sql } from 'kysely';
import { registerResource } from '../../resources/routes.ts';
import type { Api } from '../types.ts';
import { configurations } from './parameters/configurations.ts';
import { parameters } from './parameters/parameters.ts';
import { registerVersionedKind, versionedServed } from './versions.ts';

// Versions freeze the parameter definitions as they were when built.
registerVersionedKind({
  kind: 'parameters',
  async rows(db, productId) {
    const { rows } = await sql<{ id: string; data: any }>`select id, data from product_parameters
      where product_id = ${productId} order by position, id`.execute(db);
    return rows;
  },
});

/** Registered by catalogRoutes: parameters (live and per version) and configuration data. */
export function parameterRoutes(api: Api) {
  registerResource(api.app, api.db, parameters);
  registerResource(api.app, api.db, versionedServed('parameters', parameterResource, '/products/:productId/versions/:version/parameters'));
  registerResource(api.app, api.db, configurations);
}
