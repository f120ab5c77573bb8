import { registerResource } from '../../resources/routes.ts';
import type { Api } from '../types.ts';
import { products } from './products.ts';
import { productVersions } from './versions.ts';

/** The catalogue: products, their versions and everything inside them. */
export function catalogRoutes({ app, db }: Api) {
  registerResource(app, db, products);
  registerResource(app, db, productVersions);
}
