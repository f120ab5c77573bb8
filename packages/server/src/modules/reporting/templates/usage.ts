import { and, defineReport, manyFilter, rangeFilter } from '../definition.ts';

// Usage by product and period: one row per subscription item and month (the usage aggregates billing uses), for the
// months that start in the period, as the requester reads them (a vendor its products', a provider its own).
export default defineReport({
  columns: [
    { key: 'month', title: 'Month' },
    { key: 'product_id', title: 'Product ID' },
    { key: 'asset_id', title: 'Subscription ID' },
    { key: 'asset_external_id', title: 'Subscription external ID' },
    { key: 'item_mpn', title: 'Item MPN' },
    { key: 'item_name', title: 'Item' },
    { key: 'unit', title: 'Unit' },
    { key: 'reported', title: 'Reported' },
    { key: 'accepted', title: 'Accepted' },
    { key: 'amount', title: 'Amount' },
    { key: 'currency', title: 'Currency' },
    { key: 'records', title: 'Records' },
  ],
  async *rows(src) {
    const p = src.parameters;
    const rql = and(
      rangeFilter(p.period, 'period.from'),
      manyFilter(p.product, 'product.id'),
      'ordering(period.from,item.name)',
    );
    for await (const a of src.list('usage-aggregate', rql)) {
      yield {
        month: String(a.period?.from ?? '').slice(0, 7) || null,
        product_id: a.product?.id ?? null,
        asset_id: a.asset?.id ?? null,
        asset_external_id: a.asset?.external_id ?? null,
        item_mpn: a.item?.mpn ?? null,
        item_name: a.item?.name ?? null,
        unit: a.item?.unit ?? null,
        reported: a.consumed ?? null,
        accepted: a.accepted ?? null,
        amount: a.amount ?? null,
        currency: a.currency ?? null,
        records: a.records ?? null,
      };
    }
  },
});
