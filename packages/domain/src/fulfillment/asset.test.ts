import { describe, expect, it } from 'vitest';
import { ITEM_TYPE_LABELS, periodLabel, quantityLabel } from '../catalog/item.ts';
import { assetItemPeriod, assetItemQuantity, assetItemSummary, assetItemType, type AssetItem } from './asset.ts';
import { requestResource } from './request.ts';
import { tierConfigRequestResource, tierConfigResource } from './tier-config.ts';
import { assetResource } from './asset.ts';

const item = (patch: Partial<AssetItem>): AssetItem => ({
  id: 'PRD-111-222-333-0001',
  global_id: 'PRD-111-222-333-0001',
  mpn: 'X',
  display_name: 'X',
  item_type: 'Reservation',
  type: 'reservation',
  period: 'monthly',
  quantity: '5',
  ...patch,
});

describe('an item of a subscription reads as the catalogue shows it', () => {
  it('pay-as-you-go: the type, recurring and unlimited, whatever quantity the order carried', () => {
    const ppu = item({ type: 'ppu', item_type: 'PPU', period: null, quantity: '0' });
    expect(assetItemSummary(ppu)).toBe('Pay-as-you-go · Recurring · Unlimited');
    expect(assetItemType(ppu)).toBe(ITEM_TYPE_LABELS.ppu);
    expect(assetItemQuantity(ppu, ppu.quantity)).toBe(quantityLabel(-1));
  });

  it('reservation: its period as recurring or perpetual, its quantity as a number', () => {
    expect(assetItemSummary(item({ quantity: '1200' }))).toBe('Reservation · Recurring · 1,200');
    expect(assetItemPeriod(item({ period: 'onetime' }))).toBe(periodLabel('onetime'));
    expect(assetItemQuantity(item({}), '-1')).toBe('Unlimited');
    expect(assetItemQuantity(item({}), undefined)).toBe('');
  });
});

describe('declarations', () => {
  it('offer each choice filter once, under its own label', () => {
    for (const decl of [assetResource, requestResource, tierConfigResource, tierConfigRequestResource]) {
      const filters = decl.list?.filters ?? [];
      expect(new Set(filters).size).toBe(filters.length);
      const labels = filters.map((f) => decl.fields?.[f]?.label);
      expect(new Set(labels).size).toBe(labels.length);
      for (const f of filters) expect(decl.filters[f]?.ops).toContain('in');
    }
  });
});
