import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_SECRET_MIN } from '@trellis/domain/notifications/webhook';
import { GENERATED_SECRET_LENGTH, generateSecret } from './secret.ts';

afterEach(() => vi.restoreAllMocks());

describe('generated webhook secret', () => {
  it('is 32 letters and digits from crypto.getRandomValues, long enough for the API, and new each time', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    const a = generateSecret();
    expect(spy).toHaveBeenCalled();
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(GENERATED_SECRET_LENGTH).toBeGreaterThanOrEqual(WEBHOOK_SECRET_MIN);
    expect(generateSecret()).not.toBe(a);
  });

  it('draws again rather than favour some characters (bytes 248 and above are not used)', () => {
    let call = 0;
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const bytes = array as unknown as Uint8Array;
      // the first draw is all unusable bytes, the second all zeroes ('A')
      bytes.fill(call++ === 0 ? 250 : 0);
      return array;
    });
    expect(generateSecret(4)).toBe('AAAA');
    expect(call).toBe(2);
  });
});
