/**
 * User password policy: 8–128 characters, at least one letter and one digit, and not easy to guess: the
 * zxcvbn-ts strength estimator (with its common-password and keyboard-pattern lists) must rate it at least
 * PASSWORD_MIN_SCORE, counting the user's own name and e-mail as known words. The server and the portal use
 * these rules and messages.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import * as m from './messages.ts';
import { isEmpty, type RuleResult } from './rules.ts';
import { requiredError, ruleCheck } from './zod.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn score (0–4) a password needs: 3 = "safely unguessable", about 10^10 guesses or more. */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_COMMON =
  'This password is too common: it is on the lists of passwords attackers try first. Choose another one.';
export const PASSWORD_PERSONAL = 'This password is too close to your name or e-mail address. Choose another one.';
export const PASSWORD_GUESSABLE =
  'This password is too easy to guess. Make it longer, for example with a few unrelated words.';
export const PASSWORD_SAME_AS_CURRENT = 'The new password must be different from the current one.';

// Built on first use: the lists take a moment to load, and pages without a password field never need them.
let estimator: ZxcvbnFactory | null = null;
const strength = () => (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/** Words of a name or an e-mail address that a password must not be built from ('ann.lee@acme.test' → ann, lee, acme). */
export function personalWords(...values: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const v of values) {
    if (!v) continue;
    const text = v.toLowerCase();
    const [local, domain = ''] = text.split('@');
    const squeeze = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, '');
    // the whole value, its parts, and the parts run together ('ann.lee' → 'annlee', 'acme-widgets' → 'acmewidgets')
    for (const w of [text, local, squeeze(local), squeeze(domain.split('.')[0] ?? ''), squeeze(text)])
      if (w) words.add(w);
    for (const w of text.split(/[^\p{L}\p{N}]+/u)) if (w.length >= 3) words.add(w);
  }
  return [...words];
}

/** Whether a password that passes the basic rules is too easy to guess: the message to show, or null. */
export function passwordStrength(value: string, userInputs: string[] = []): RuleResult {
  const result = strength().check(value, userInputs);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  switch (result.feedback.warning) {
    case 'userInputs':
      return PASSWORD_PERSONAL;
    case 'common':
    case 'similarToCommon':
    case 'topTen':
    case 'topHundred':
      return PASSWORD_COMMON;
    default:
      return PASSWORD_GUESSABLE;
  }
}

/** The length and character rules alone (cheap): the first violation, or null. */
export function validatePasswordRules(value: string | null | undefined): RuleResult {
  if (isEmpty(value)) return m.REQUIRED;
  const v = String(value);
  const len = Array.from(v).length;
  if (len < PASSWORD_MIN_LENGTH) return m.passwordMinLength(PASSWORD_MIN_LENGTH);
  if (len > PASSWORD_MAX_LENGTH) return m.passwordMaxLength(PASSWORD_MAX_LENGTH);
  if (!/\p{L}/u.test(v) || !/\p{Nd}/u.test(v)) return m.PASSWORD_LETTER_AND_DIGIT;
  return null;
}

/**
 * Returns the first policy violation ('This field is required' when empty), or null. `userInputs` are the
 * user's own words (personalWords of its name and e-mail), which a password must not be made of.
 */
export function validatePassword(value: string | null | undefined, userInputs: string[] = []): RuleResult {
  return validatePasswordRules(value) ?? passwordStrength(String(value), userInputs);
}

/** zod schema for a user password (every rule, strength included). */
export const zPassword = () => z.string({ error: requiredError }).superRefine(ruleCheck(validatePassword));

/** zod schema with the cheap rules only: the server checks strength after it knows whose password it is. */
export const zPasswordRules = () => z.string({ error: requiredError }).superRefine(ruleCheck(validatePasswordRules));
