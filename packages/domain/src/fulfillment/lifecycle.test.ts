import { describe, expect, it } from 'vitest';
import {
  ASSET_STATUSES_FOR,
  assetStatusOnApprove,
  assetStatusOnFail,
  assetStatusWhileOpen,
  requestIdFor,
  tiersSetupTarget,
} from './lifecycle.ts';
import { REQUEST_TYPES } from './request.ts';

describe('request effects on the asset', () => {
  it('a purchase makes a draft or processing asset that approval activates and failure terminates', () => {
    expect(assetStatusWhileOpen('purchase', true, 'draft')).toBe('draft');
    expect(assetStatusWhileOpen('purchase', false, 'draft')).toBe('processing');
    expect(assetStatusOnApprove('purchase', 'processing')).toBe('active');
    expect(assetStatusOnFail('purchase', 'processing')).toBe('terminated');
  });

  it('cancel terminates through terminating, and a failed cancel leaves the asset as it was', () => {
    expect(assetStatusWhileOpen('cancel', false, 'active')).toBe('terminating');
    expect(assetStatusOnApprove('cancel', 'terminating')).toBe('terminated');
    expect(assetStatusOnFail('cancel', 'active')).toBe('active');
  });

  it('suspend and resume toggle; change, adjustment and transfer keep the status', () => {
    expect(assetStatusOnApprove('suspend', 'active')).toBe('suspended');
    expect(assetStatusOnApprove('resume', 'suspended')).toBe('active');
    for (const t of ['change', 'adjustment', 'transfer'] as const) {
      expect(assetStatusWhileOpen(t, false, 'active')).toBe('active');
      expect(assetStatusOnApprove(t, 'active')).toBe('active');
    }
  });

  it('names, for every type, the asset statuses it may start from', () => {
    expect(Object.keys(ASSET_STATUSES_FOR).sort()).toEqual([...REQUEST_TYPES].sort());
    expect(ASSET_STATUSES_FOR.resume).toEqual(['suspended']);
    expect(ASSET_STATUSES_FOR.purchase).toEqual([]);
  });
});

describe('ids and tiers setup links', () => {
  it('numbers requests after their asset', () => {
    expect(requestIdFor('AS-1234-5678-9012', 1)).toBe('PR-1234-5678-9012-001');
    expect(requestIdFor('AS-1234-5678-9012', 12)).toBe('PR-1234-5678-9012-012');
  });

  it('links to tier1 unless tier1 itself waits in tiers_setup, then to tier2', () => {
    const t1 = (status: string) => ({ id: 'T1', status, configuration: { tier_level: 1 } });
    const t2 = { id: 'T2', status: 'pending', configuration: { tier_level: 2 } };
    expect(tiersSetupTarget([t1('pending'), t2])?.id).toBe('T1');
    expect(tiersSetupTarget([t1('tiers_setup'), t2])?.id).toBe('T2');
    expect(tiersSetupTarget([t2])?.id).toBe('T2');
    expect(tiersSetupTarget([t1('tiers_setup')])?.id).toBe('T1');
    expect(tiersSetupTarget([])).toBeUndefined();
  });
});
