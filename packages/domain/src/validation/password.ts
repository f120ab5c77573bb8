/** User password policy: 8–128 characters, at least one letter and one digit. */
import { z } from 'zod';
import * as m from './messages.ts';
import { isEmpty, type RuleResult } from './rules.ts';
import { requiredError, ruleCheck } from './zod.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Returns the first policy violation ('This field is required' when empty), or null. */
export function validatePassword(value: string | null | undefined): RuleResult {
  if (isEmpty(value)) return m.REQUIRED;
  const v = String(value);
  const len = Array.from(v).length;
  if (len < PASSWORD_MIN_LENGTH) return m.passwordMinLength(PASSWORD_MIN_LENGTH);
  if (len > PASSWORD_MAX_LENGTH) return m.passwordMaxLength(PASSWORD_MAX_LENGTH);
  if (!/\p{L}/u.test(v) || !/\p{Nd}/u.test(v)) return m.PASSWORD_LETTER_AND_DIGIT;
  return null;
}

/** zod schema for a user password. */
export const zPassword = () => z.string({ error: requiredError }).superRefine(ruleCheck(validatePassword));
