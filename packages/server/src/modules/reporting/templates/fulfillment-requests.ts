import { and, defineReport, manyFilter, rangeFilter } from '../definition.ts';

// Fulfillment requests created in a period, by outcome (status): one row per request the requester reads.
export default defineReport({
  columns: [
    { key: 'id', title: 'Request ID' },
    { key: 'type', title: 'Type' },
    { key: 'status', title: 'Status' },
    { key: 'created', title: 'Created' },
    { key: 'updated', title: 'Updated' },
    { key: 'asset_id', title: 'Subscription ID' },
    { key: 'product_id', title: 'Product ID' },
    { key: 'product_name', title: 'Product' },
    { key: 'marketplace', title: 'Marketplace' },
    { key: 'reason', title: 'Reason' },
  ],
  async *rows(src) {
    const p = src.parameters;
    const rql = and(
      rangeFilter(p.period, 'created'),
      manyFilter(p.status, 'status'),
      manyFilter(p.product, 'asset.product.id'),
      'ordering(created)',
    );
    for await (const r of src.list('request', rql)) {
      yield {
        id: r.id,
        type: r.type,
        status: r.status,
        created: r.created,
        updated: r.updated,
        asset_id: r.asset?.id ?? null,
        product_id: r.asset?.product?.id ?? null,
        product_name: r.asset?.product?.name ?? null,
        marketplace: r.marketplace?.name ?? null,
        reason: r.reason || null,
      };
    }
  },
});
