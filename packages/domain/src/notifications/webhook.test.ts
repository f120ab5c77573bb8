import { describe, expect, it } from 'vitest';
import { headerNameIssue, maskSecret, validatorTypeFor, webhookClassIssue } from './webhook.ts';
import { retryDelayMs } from './delivery.ts';

describe('validator webhooks', () => {
  it.each<[{ type: string; status: string }, 1 | 2 | undefined, string | null]>([
    [{ type: 'purchase', status: 'draft' }, undefined, 'validator'],
    [{ type: 'purchase', status: 'inquiring' }, undefined, 'inquiring_validator'],
    [{ type: 'change', status: 'draft' }, undefined, 'change_validator'],
    [{ type: 'transfer', status: 'inquiring' }, undefined, 'transfer_inquiring_validator'],
    [{ type: 'cancel', status: 'draft' }, undefined, null],
    [{ type: 'purchase', status: 'pending' }, undefined, null],
    [{ type: 'setup', status: 'draft' }, 1, 'draft_tcr_t1_val'],
    [{ type: 'setup', status: 'inquiring' }, 2, 'tcr_setup_t2_inq_val'],
    [{ type: 'update', status: 'draft' }, 2, 'tcr_update_t2_validator'],
    [{ type: 'update', status: 'inquiring' }, 1, 'tcr_update_t1_inq_val'],
    [{ type: 'adjustment', status: 'draft' }, 1, null],
  ])('%j at tier %s is validated by %s', (request, tier, type) => {
    expect(validatorTypeFor(request, tier)).toBe(type);
  });

  it('watch the kind of request they validate', () => {
    expect(webhookClassIssue('validator', 'fulfillment_request')).toBeNull();
    expect(webhookClassIssue('event', 'usage_file')).toBeNull();
    expect(webhookClassIssue('tcr_update_t1_inq_val', 'fulfillment_request')).toBe(
      'A tier 1 update inquiry validation webhook watches tier config requests.',
    );
  });
});

describe('webhook input', () => {
  it('masks a secret to its last four characters, and a short one entirely', () => {
    expect(maskSecret('0123456789abcdefWXYZ')).toBe('********WXYZ');
    expect(maskSecret('short')).toBe('********');
  });

  it('refuses header names that are not tokens or that Trellis sets itself', () => {
    expect(headerNameIssue('X-Tenant')).toBeNull();
    expect(headerNameIssue('Bad Name')).toBe('"Bad Name" is not a valid header name.');
    expect(headerNameIssue('trellis-signature')).toMatch(/set by Trellis/);
    expect(headerNameIssue('Content-Type')).toMatch(/set by Trellis/);
  });

  it('waits 30 s before the first retry, then doubles, with at most ±20% jitter', () => {
    expect(retryDelayMs(1, 0.5)).toBe(30_000);
    expect(retryDelayMs(2, 0.5)).toBe(60_000);
    expect(retryDelayMs(1, 0)).toBe(24_000);
    expect(retryDelayMs(1, 1)).toBe(36_000);
    expect(retryDelayMs(9, 0.5)).toBe(30_000 * 256);
  });
});
