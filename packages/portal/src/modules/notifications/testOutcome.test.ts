import { describe, expect, it } from 'vitest';
import { deliveryFixture } from './testing.ts';
import { testOutcome } from './testOutcome.ts';

describe('test call outcome', () => {
  it('reads "Delivered (200)", or the error with the answer’s code; a call with no answer says so', () => {
    expect(testOutcome(deliveryFixture())).toEqual({ severity: 'success', text: 'Delivered (200)' });
    expect(testOutcome(deliveryFixture({ status: 'failed', status_code: 404, error: 'Not Found' }))).toEqual({
      severity: 'error',
      text: 'Not delivered (404): Not Found.',
    });
    expect(
      testOutcome(deliveryFixture({ status: 'failed', status_code: null, error: 'Connection refused.' })).text,
    ).toBe('Not delivered: Connection refused.');
    expect(testOutcome(deliveryFixture({ status: 'failed', status_code: 502, error: null })).text).toBe(
      'Not delivered (502): the receiver answered 502.',
    );
    // the API leaves null fields out: a call with no answer has no status_code at all
    const { status_code: _none, ...unanswered } = deliveryFixture({
      status: 'failed',
      error: 'No answer within 10 s.',
    });
    expect(testOutcome(unanswered as never).text).toBe('Not delivered: No answer within 10 s.');
    expect(testOutcome(deliveryFixture({ status: 'pending', status_code: null, attempts: 0 })).severity).toBe('info');
  });
});
