import { registerResource } from '../../resources/routes.ts';
import type { Api } from '../types.ts';
import { products } from './products.ts';
import { productVersions } from './versions.ts';
import { contentRoutes } from './content-routes.ts';
import { itemRoutes } from './items-routes.ts';
import { localizationRoutes } from './localization-routes.ts';
import { parameterRoutes } from './parameters-routes.ts';

/** The catalogue: products, their versions and everything inside them. */
export function catalogRoutes(api: Api) {
  registerResource(api.app, api.db, products);
  registerResource(api.app, api.db, productVersions);
  itemRoutes(api);
  parameterRoutes(api);
  contentRoutes(api);
  localizationRoutes(api);
}
