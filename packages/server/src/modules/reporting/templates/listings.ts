import { and, defineReport, manyFilter } from '../definition.ts';

// Listings and listing requests: each listing, then each listing request, one row each.
export default defineReport({
  columns: [
    { key: 'kind', title: 'Object' },
    { key: 'id', title: 'ID' },
    { key: 'type', title: 'Type' },
    { key: 'status', title: 'Status' },
    { key: 'product_id', title: 'Product ID' },
    { key: 'product_name', title: 'Product' },
    { key: 'marketplace', title: 'Marketplace' },
    { key: 'vendor', title: 'Vendor' },
    { key: 'provider', title: 'Provider' },
    { key: 'created', title: 'Created' },
  ],
  async *rows(src) {
    const p = src.parameters;
    const filter = and(manyFilter(p.product, 'product.id'), manyFilter(p.marketplace, 'marketplace.id'));
    const row = (kind: string, o: any) => ({
      kind,
      id: o.id,
      type: o.type ?? null,
      status: o.status,
      product_id: o.product?.id ?? null,
      product_name: o.product?.name ?? null,
      marketplace: o.marketplace?.name ?? null,
      vendor: o.vendor?.name ?? null,
      provider: o.provider?.name ?? null,
      created: o.created ?? o.events?.created?.at ?? null,
    });
    for await (const l of src.list('listing', and(filter, 'ordering(id)'))) yield row('Listing', l);
    for await (const r of src.list('listing-request', and(filter, 'ordering(id)'))) yield row('Listing request', r);
  },
});
