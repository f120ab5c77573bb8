import { describe, expect, it } from 'vitest';
import { NotificationRuleCreate } from './rule.ts';
import { conditionHolds, conditionIssue } from './rule-condition.ts';

const request = {
  id: 'PR-1',
  status: 'pending',
  asset: { product: { id: 'PRD-1', name: 'Mail' }, params: [{ id: 'seats', value: '12' }] },
  assignee: null,
};

describe('rule conditions (RQL over the object)', () => {
  it('matches eq, ne, in, out, like, comparisons, null and their combinations', () => {
    expect(conditionHolds('', request)).toBe(true);
    expect(conditionHolds('eq(asset.product.id,PRD-1)', request)).toBe(true);
    expect(conditionHolds('and(eq(status,pending),ne(asset.product.id,PRD-2))', request)).toBe(true);
    expect(conditionHolds('in(status,(approved,failed))', request)).toBe(false);
    expect(conditionHolds('out(status,(approved,failed))', request)).toBe(true);
    expect(conditionHolds('ilike(asset.product.name,*MAI*)', request)).toBe(true);
    expect(conditionHolds('gt(asset.params.seats.value,9)', request)).toBe(true);
    expect(conditionHolds('lt(asset.params.seats.value,9)', request)).toBe(false);
    expect(conditionHolds('eq(assignee,null())', request)).toBe(true);
    expect(conditionHolds('or(eq(status,approved),not(eq(status,pending)))', request)).toBe(false);
    expect(conditionHolds('eq(status', request)).toBe(false);
  });

  it('refuses what is not a filter', () => {
    expect(conditionIssue('eq(status,pending)')).toBeNull();
    expect(conditionIssue('eq(status')).toMatch(/^Not a valid RQL filter/);
    expect(conditionIssue('ordering(-id)')).toMatch(/filter only/);
  });

  it("checks the fixed addresses with the spec's message", () => {
    const parsed = NotificationRuleCreate.safeParse({
      name: 'x',
      template: { subject: 's', body: 'b' },
      recipients: { emails: ['ok@example.com', 'nope'] },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['recipients.emails', 'All E-mails must be valid'],
    ]);
  });
});
