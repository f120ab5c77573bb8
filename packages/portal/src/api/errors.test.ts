import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, extractMessage } from './errors.ts';

describe('message extraction (spec §8 order)', () => {
  it('prefers message, then errors, then text.message, text.errors, text.error', () => {
    const all = { message: 'm', errors: ['e'], text: { message: 'tm', errors: ['te'], error: 'tx' } };
    expect(extractMessage(all)).toBe('m');
    expect(extractMessage({ ...all, message: undefined })).toBe('e');
    expect(extractMessage({ text: all.text })).toBe('tm');
    expect(extractMessage({ text: { errors: ['te'], error: 'tx' } })).toBe('te');
    expect(extractMessage({ text: { error: 'tx' } })).toBe('tx');
  });

  it('reads a JSON text body and joins several errors one per line', () => {
    expect(extractMessage({ text: '{"errors":["name: This field is required","email: E-mail must be valid"]}' })).toBe(
      'name: This field is required\nemail: E-mail must be valid',
    );
  });

  it("falls back to 'Something went wrong', and to 'Server error' for 5xx", () => {
    expect(extractMessage({ text: {} }, 400)).toBe('Something went wrong');
    expect(extractMessage({ text: 'not json' }, 404)).toBe('Something went wrong');
    expect(extractMessage({ text: '<html>Bad gateway</html>' }, 502)).toBe('Server error');
    expect(extractMessage(null)).toBe('Something went wrong');
    expect(extractMessage({ message: '  ', errors: [] }, 500)).toBe('Server error');
  });

  it('ApiError carries status, body, code and field errors', () => {
    const err = new ApiError(400, {
      error_code: 'VAL_001',
      errors: ['name: This field is required', 'Something else'],
    });
    expect(err.message).toBe('name: This field is required\nSomething else');
    expect(err.status).toBe(400);
    expect(err.code).toBe('VAL_001');
    expect(err.fieldErrors).toEqual({ name: ['This field is required'] });
    const withFields = new ApiError(400, { error_code: 'VAL_001', errors: ['x'], fields: { password: ['Too short'] } });
    expect(withFields.fieldErrors).toEqual({ password: ['Too short'] });
    expect(errorMessage(new ApiError(401, { error_code: 'AUTH_001', errors: ['Invalid e-mail or password.'] }))).toBe(
      'Invalid e-mail or password.',
    );
    expect(errorMessage(new ApiError(503, null))).toBe('Server error');
  });
});
