import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

// How a receiver knows a call is from Trellis (README "Webhooks"): the reference's `Authorization: Bearer <JWT>`,
// HS256 with the webhook's jwt_secret; and `Trellis-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>">` with the same secret, for receivers that check the body itself.

export const SIGNATURE_HEADER = 'trellis-signature';

/** The Bearer token: who called (the webhook), which delivery, and a short life against replays. */
export async function bearerToken(
  secret: string,
  claims: { webhook: string; delivery: string; event: string; object: string | null },
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ webhook_id: claims.webhook, event_type: claims.event, object_id: claims.object })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('trellis')
    .setAudience(claims.webhook)
    .setJti(claims.delivery)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .sign(new TextEncoder().encode(secret));
}

export function signatureHeader(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The receiver's check, as the README documents it (tests verify deliveries with it). */
export function verifySignature(secret: string, header: string, body: string, toleranceSec = 300, now = new Date()) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || Math.abs(now.getTime() / 1000 - t) > toleranceSec || !parts.v1) return false;
  const expected = Buffer.from(hmac(secret, `${t}.${body}`), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
