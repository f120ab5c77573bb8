import { and, defineReport, manyFilter } from '../definition.ts';

// Subscriptions (assets) by status and product: one row per subscription the requester reads.
export default defineReport({
  columns: [
    { key: 'id', title: 'Subscription ID' },
    { key: 'external_id', title: 'External ID' },
    { key: 'status', title: 'Status' },
    { key: 'product_id', title: 'Product ID' },
    { key: 'product_name', title: 'Product' },
    { key: 'marketplace', title: 'Marketplace' },
    { key: 'customer', title: 'Customer' },
    { key: 'vendor', title: 'Vendor' },
    { key: 'provider', title: 'Provider' },
    { key: 'created', title: 'Created' },
  ],
  async *rows(src) {
    const p = src.parameters;
    const rql = and(manyFilter(p.status, 'status'), manyFilter(p.product, 'product.id'), 'ordering(id)');
    for await (const a of src.list('subscription-asset', rql)) {
      yield {
        id: a.id,
        external_id: a.external_id ?? null,
        status: a.status,
        product_id: a.product?.id ?? null,
        product_name: a.product?.name ?? null,
        marketplace: a.marketplace?.name ?? null,
        customer: a.tiers?.customer?.name ?? null,
        vendor: a.connection?.vendor?.name ?? null,
        provider: a.connection?.provider?.name ?? null,
        created: a.events?.created?.at ?? a.created ?? null,
      };
    }
  },
});
