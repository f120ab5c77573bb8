import { describe, expect, it } from 'vitest';
import { AccountUpdate } from './account.ts';
import { MfaProof, MfaStatusChange, mfaPolicyOf, mfaSessionRule, type MfaPolicy, type MfaStatus } from './mfa.ts';

describe('the MFA session rule (spec §4)', () => {
  // policy × the user's MFA → [required, step, mandatory]
  const table: [MfaPolicy, MfaStatus, boolean, 'enrol' | 'verify' | null, boolean][] = [
    ['required', 'disabled', true, 'enrol', true],
    ['required', 'pending', true, 'enrol', true],
    ['required', 'enabled', true, 'verify', true],
    ['optional', 'disabled', true, 'enrol', false],
    ['optional', 'pending', true, 'enrol', false],
    ['optional', 'enabled', true, 'verify', true],
    ['not required', 'disabled', false, null, false],
    ['not required', 'pending', false, null, false],
    ['not required', 'enabled', true, 'verify', true],
  ];
  it.each(table)('policy %s, user MFA %s → required %s, step %s, mandatory %s', (policy, status, req, step, mand) => {
    expect(mfaSessionRule(policy, status)).toEqual({ required: req, step, mandatory: mand });
  });
});

describe('MFA policy values', () => {
  it('reads the older spelling disabled as not required and anything unknown as the default', () => {
    expect(mfaPolicyOf('disabled')).toBe('not required');
    expect(mfaPolicyOf('not required')).toBe('not required');
    expect(mfaPolicyOf('required')).toBe('required');
    expect(mfaPolicyOf(undefined)).toBe('optional');
    expect(mfaPolicyOf('sometimes')).toBe('optional');
  });

  it('accepts disabled on input and stores not required; refuses other values naming the valid ones', () => {
    const ok = AccountUpdate.parse({ name: 'Demo Vendor', settings: { mfa: { policy: 'disabled' } } });
    expect(ok.settings?.mfa?.policy).toBe('not required');
    const bad = AccountUpdate.safeParse({ name: 'Demo Vendor', settings: { mfa: { policy: 'sometimes' } } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('policy must be one of required, optional, not required');
  });
});

describe('MFA proofs', () => {
  it('takes a 6-digit code (spaces ignored) or a recovery code (dashes and case ignored), exactly one', () => {
    expect(MfaProof.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(MfaProof.parse({ recovery_code: 'AB1CD-EF2GH' })).toEqual({ recovery_code: 'ab1cdef2gh' });
    expect(MfaProof.safeParse({}).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['code', 'This field is required'],
    ]);
    expect(MfaProof.safeParse({ code: '12345' }).error?.issues[0].message).toBe(
      'Enter the 6-digit code from your authenticator app',
    );
    expect(MfaProof.safeParse({ code: '123456', recovery_code: 'x' }).success).toBe(false);
  });

  it('turns MFA off only with status disabled and a proof', () => {
    expect(MfaStatusChange.parse({ status: 'disabled', code: '000000' })).toEqual({
      status: 'disabled',
      code: '000000',
    });
    expect(MfaStatusChange.safeParse({ status: 'enabled', code: '000000' }).error?.issues[0].message).toBe(
      'status must be disabled',
    );
    expect(MfaStatusChange.safeParse({ status: 'disabled' }).success).toBe(false);
  });
});
