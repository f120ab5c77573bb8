import { fileStoreFor } from '../../files/index.ts';
import { rawQuery, requireCtx, sendList } from '../../http/reply.ts';
import { getObject, listObjects, parseQuery } from '../../resources/engine.ts';
import { servedResources } from '../../resources/routes.ts';
import { defineArea, type Api } from '../types.ts';
import { productConnections, hubConnections } from './connections.ts';
import { countries } from './countries.ts';
import { asHubMarketplace, hubMarketplaces, hubs } from './hubs.ts';
import { countListingRequests, listingRequests } from './listing-requests.ts';
import { listings } from './listings.ts';
import { marketplaceIconRoutes } from './marketplace-icon.ts';
import { marketplaces } from './marketplaces.ts';
import { partnerProducts, partners } from './partners.ts';

/** Marketplaces, countries, hubs, connections, listings, listing requests, partners. */
export const distribution = defineArea({
  name: 'distribution',
  resources: [
    countries,
    marketplaces,
    hubs,
    productConnections,
    hubConnections,
    listings,
    listingRequests,
    partners,
    partnerProducts,
  ],
  routes: distributionRoutes,
  counters: { listing_requests: { visibleTo: ['vendor', 'provider'], count: countListingRequests } },
});

function distributionRoutes(api: Api) {
  const { app, db } = api;
  marketplaceIconRoutes(api, fileStoreFor(api.config));

  // The hub's marketplaces carry the external id the hub knows each by, which depends on the hub in the path.
  servedResources.add(hubMarketplaces);
  app.get('/hubs/:hubId/marketplaces', async (req, reply) => {
    const ctx = requireCtx(req);
    const params = req.params as { hubId: string };
    const { items, total, offset } = await listObjects(hubMarketplaces, ctx, params, parseQuery(rawQuery(req)), db);
    return sendList(
      reply,
      items.map((m) => asHubMarketplace(m, params.hubId)),
      offset,
      total,
    );
  });
  app.get('/hubs/:hubId/marketplaces/:id', async (req) => {
    const params = req.params as { hubId: string; id: string };
    return asHubMarketplace(await getObject(hubMarketplaces, requireCtx(req), params, params.id, db), params.hubId);
  });
}
