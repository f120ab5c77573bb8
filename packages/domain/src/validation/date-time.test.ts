import { describe, expect, it } from 'vitest';
import { ScheduleBody, ApproveBody } from '../fulfillment/request.ts';

describe('request date-times', () => {
  it('takes the reference format with a space and an offset, and ISO with Z', () => {
    expect(ApproveBody.parse({ effective_date: '2023-04-28 11:36:38.814429+00:00' }).effective_date).toBe(
      '2023-04-28T11:36:38.814429+00:00',
    );
    expect(ApproveBody.parse({ effective_date: '2030-01-02T03:04:05Z' }).effective_date).toBe('2030-01-02T03:04:05Z');
  });

  it("refuses what is not a date-time, and a planned date in the past, with the field's message", () => {
    const bad = ApproveBody.safeParse({ effective_date: 'soon' });
    expect(bad.success ? null : bad.error.issues[0].message).toBe('must be an ISO 8601 date-time.');
    const past = ScheduleBody.safeParse({ planned_date: '2001-01-01T00:00:00Z' });
    expect(past.success ? null : past.error.issues[0].message).toBe('must be in the future.');
    const missing = ScheduleBody.safeParse({});
    expect(missing.success ? null : missing.error.issues[0].message).toBe('This field is required');
  });
});
