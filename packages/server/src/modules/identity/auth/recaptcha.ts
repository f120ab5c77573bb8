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
