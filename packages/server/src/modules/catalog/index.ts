import { itemGroupResource, itemResource, parameterResource } from '@trellis/domain';
import { defineArea, type Api } from '../types.ts';
import { actionResources, versionedActions, versionedGuidelines } from './content/actions.ts';
import { categories } from './content/categories.ts';
import { mediaResources, versionedMedia } from './content/media.ts';
import { templateResources, versionedTemplates } from './content/templates.ts';
import { contentRoutes } from './content-routes.ts';
import { itemGroups, versionedGroups } from './items/groups.ts';
import { items, versionedItems } from './items/items.ts';
import { units } from './items/units.ts';
import { autoTranslate } from './localization/auto.ts';
import {
  contexts,
  locales,
  productLocalizations,
  tasks,
  translations,
  versionedLocalizations,
  versionLocalizations,
} from './localization/served.ts';
import { attributeTable } from './localization/store.ts';
import { localizationRoutes } from './localization-routes.ts';
import { configurations } from './parameters/configurations.ts';
import { parameters, parameterSequenceTable, versionedParameters } from './parameters/parameters.ts';
import { products } from './products.ts';
import { productLinkTable } from './visibility.ts';
import {
  buildVersionJob,
  productVersionObjectTable,
  productVersions,
  versionedServed,
  type VersionedKind,
} from './versions.ts';

/** What a built version freezes, in build order (draft items are published by theirs). */
const VERSIONED: readonly VersionedKind[] = [
  versionedItems,
  versionedGroups,
  versionedParameters,
  versionedTemplates,
  versionedMedia,
  versionedActions,
  versionedGuidelines,
  versionedLocalizations,
];

/** The frozen copy of a live resource under /products/:productId/versions/:version. */
const frozen = (kind: string, decl: Parameters<typeof versionedServed>[1], part: string) =>
  versionedServed(kind, decl, `/products/:productId/versions/:version/${part}`);

/**
 * The catalogue: products, their versions and everything inside them (items, item groups, units, parameters and
 * configuration data, templates, media, actions, messages, guidelines, categories, localization).
 */
export const catalog = defineArea({
  name: 'catalog',
  resources: [
    products,
    productVersions,
    units,
    itemGroups,
    items,
    frozen('items', itemResource, 'items'),
    frozen('item-groups', itemGroupResource, 'item-groups'),
    parameters,
    frozen('parameters', parameterResource, 'parameters'),
    configurations,
    ...templateResources,
    ...mediaResources,
    ...actionResources,
    categories,
    locales,
    contexts,
    translations,
    tasks,
    productLocalizations,
    versionLocalizations,
  ],
  // written by other flows (distribution links, version builds) or registered in their own scope (attributes)
  tables: [productLinkTable, productVersionObjectTable, parameterSequenceTable, attributeTable],
  routes: (api: Api) => {
    contentRoutes(api);
    localizationRoutes(api);
  },
  jobs: {
    'catalog.build-version': buildVersionJob(VERSIONED),
    'localization.auto-translate': (db, payload) => autoTranslate(db, payload),
  },
});
