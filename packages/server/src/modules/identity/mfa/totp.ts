import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_S } from '@trellis/domain';

// RFC 6238 TOTP (SHA-1, 6 digits, 30 s: what every authenticator app reads from an otpauth:// URI) through otpauth.

/** Codes of the previous and the next time step are accepted too (clock drift, a code typed as it changed). */
export const TOTP_WINDOW = 1;

function totp(secret: string, issuer = '', label = '') {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  });
}

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as apps take it typed in. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an app scans: the installation's brand as issuer, the user's e-mail as account name. */
export const totpUri = (secret: string, issuer: string, email: string): string =>
  totp(secret, issuer, email).toString();

/** The URI as a QR code, an SVG data URL the portal shows as an image (no QR library in the browser). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step a valid code belongs to (so it can be refused when used again), or null for a wrong code. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const t = totp(secret);
  const delta = t.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : t.counter({ timestamp: now }) + delta;
}

// Recovery codes: 10 characters from an alphabet without look-alikes (0/o, 1/l/i), printed as xxxxx-xxxxx: ~50 bits.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

/** `count` new recovery codes, as shown to the user (with the dash). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let s = '';
    for (let i = 0; i < CODE_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

/** A recovery code as stored before digesting: no dashes or spaces, lower case (what zRecoveryCode hands over). */
export const normalRecoveryCode = (code: string): string => code.replace(/[\s-]+/g, '').toLowerCase();
