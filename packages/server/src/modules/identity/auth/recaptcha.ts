import { ErrorCode } from '@trellis/domain';
import type { Config } from '../../../config.ts';
import { ApiError } from '../../../http/errors.ts';

/** Checks a reCAPTCHA answer with Google when a secret is configured; without one verification is off. */
export async function verifyRecaptcha(config: Config, answer: string | undefined, ip: string): Promise<void> {
  if (!config.recaptchaSecret) return;
  if (!answer) throw new ApiError(400, ErrorCode.validation, ['recaptcha: This field is required']);
  const res = await fetch(config.recaptchaVerifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret: config.recaptchaSecret, response: answer, remoteip: ip }),
  }).catch(() => null);
  const result = res?.ok ? ((await res.json()) as { success?: boolean }) : null;
  if (!result?.success)
    throw new ApiError(400, ErrorCode.validation, ['recaptcha: The reCAPTCHA answer was not accepted.']);
}

/**
 * Where the browser loads the reCAPTCHA widget from: the host the answers are checked at (www.google.com, or
 * www.recaptcha.net where google.com is out of reach), plus gstatic for its scripts. The Content-Security-Policy lets
 * these in only when reCAPTCHA is on.
 */
export function recaptchaOrigins(config: Pick<Config, 'recaptchaSecret' | 'recaptchaVerifyUrl'>): string[] {
  if (!config.recaptchaSecret) return [];
  let origin = 'https://www.google.com';
  try {
    origin = new URL(config.recaptchaVerifyUrl).origin;
  } catch {
    // a malformed URL fails every check anyway; the widget comes from Google
  }
  return [origin, 'https://www.gstatic.com'];
}

/** The widget's script (explicit rendering: the portal puts it where the form wants it). */
export const recaptchaScript = (config: Pick<Config, 'recaptchaSecret' | 'recaptchaVerifyUrl'>) =>
  `${recaptchaOrigins({ ...config, recaptchaSecret: 'x' })[0]}/recaptcha/api.js`;
