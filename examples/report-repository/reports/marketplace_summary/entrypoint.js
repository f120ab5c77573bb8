import { statusFilter } from '../../shared/filters.js';

// One row per marketplace and product: how many of the subscriptions you can see are in each status.
export default {
  columns: [
    { key: 'marketplace', title: 'Marketplace' },
    { key: 'product', title: 'Product' },
    { key: 'processing', title: 'Processing' },
    { key: 'active', title: 'Active' },
    { key: 'suspended', title: 'Suspended' },
    { key: 'terminated', title: 'Terminated' },
    { key: 'total', title: 'Total' },
  ],
  async *rows(source) {
    const counts = new Map();
    for await (const asset of source.list('/subscriptions/assets', statusFilter(source.parameters.status))) {
      const key = `${asset.marketplace?.name ?? '—'}\u0000${asset.product?.name ?? asset.product?.id}`;
      const row = counts.get(key) ?? {
        marketplace: asset.marketplace?.name ?? '—',
        product: asset.product?.name ?? asset.product?.id,
        processing: 0,
        active: 0,
        suspended: 0,
        terminated: 0,
        total: 0,
      };
      if (asset.status in row) row[asset.status] += 1;
      row.total += 1;
      counts.set(key, row);
    }
    const sorted = [...counts.values()].sort(
      (a, b) => a.marketplace.localeCompare(b.marketplace) || a.product.localeCompare(b.product),
    );
    yield* sorted;
  },
};
