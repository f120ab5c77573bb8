import { itemGroupResource, itemResource } from '@trellis/domain';
import { registerResource } from '../../resources/routes.ts';
import type { Api } from '../types.ts';
import { itemGroups } from './items/groups.ts';
import { items } from './items/items.ts';
import { units } from './items/units.ts';
import { versionedServed } from './versions.ts';

/**
 * Items (with actions endsale, resumesale, dynamic, undynamic), item groups and units, plus the frozen
 * copies of items and groups inside built versions. Registered by catalogRoutes.
 */
export function itemRoutes({ app, db }: Api) {
  registerResource(app, db, units);
  registerResource(app, db, itemGroups);
  registerResource(app, db, items);
  registerResource(app, db, versionedServed('items', itemResource, '/products/:productId/versions/:version/items'));
  registerResource(app, db, versionedServed('item-groups', itemGroupResource, '/products/:productId/versions/:version/item-groups'));
}
