/**
 * Helpers to use the rules of rules.ts inside zod 4 schemas, so the server and the portal
 * issue the same (spec §5) messages.
 */
import { z } from 'zod';
import * as m from './messages.ts';
import * as rules from './rules.ts';
import type { Rule } from './rules.ts';

type Ctx = z.RefinementCtx;

/** A superRefine callback that reports `rule`'s message (if any) as a custom issue. */
export function ruleCheck<T>(rule: Rule<T>, path?: PropertyKey[]): (value: T, ctx: Ctx) => void {
  return (value, ctx) => {
    const message = rule(value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value, ...(path ? { path } : {}) });
  };
}

/** Adds a rule to any schema: `withRule(z.string(), rules.email)`. */
export function withRule<S extends z.ZodType>(schema: S, rule: Rule<z.output<S>>): S {
  return schema.superRefine(ruleCheck(rule)) as S;
}

/** zod error map: a missing (undefined / null) value reads 'This field is required'; other type errors keep zod's wording. */
export const requiredError = (issue: { input?: unknown }): string | undefined =>
  issue.input === undefined || issue.input === null ? m.REQUIRED : undefined;

/** A required string, then the given rules in order (first failing message only). */
export function zRequiredString(...extra: ReadonlyArray<Rule<string>>) {
  return z
    .string({ error: requiredError })
    .superRefine(ruleCheck((v: string) => rules.firstError(v, rules.required, ...extra)));
}

/** An optional string (undefined / null / '' allowed) checked by the given rules when present. */
export function zOptionalString(...extra: ReadonlyArray<Rule<string>>) {
  return z
    .string()
    .nullish()
    .superRefine(
      ruleCheck((v: string | null | undefined) => (rules.isEmpty(v) ? null : rules.firstError(v as string, ...extra))),
    );
}

/** A required string field validated by one composite rule that also handles emptiness (e.g. `rules.accountName`). */
export function zStringRule(rule: Rule<string>) {
  return z.string({ error: requiredError }).superRefine(ruleCheck(rule));
}

export const zEmail = (opts: { required?: boolean } = {}) =>
  opts.required === false ? zOptionalString(rules.email) : zRequiredString(rules.email);
export const zEmails = () => zOptionalString(rules.emails);
export const zDomain = () => zRequiredString(rules.domain);
export const zSubdomain = () => zRequiredString(rules.subdomain);
export const zUrl = () => zRequiredString(rules.url);
export const zHttpsUrl = () => zRequiredString(rules.httpsUrl);
export const zIp = () => zRequiredString(rules.ip);
export const zIpOrRange = () => zRequiredString(rules.ipOrRange);
export const zCron = () => zRequiredString(rules.cron);
export const zUuid = () => zRequiredString(rules.uuid);
export const zHexColor = () => zRequiredString(rules.hexColor);
export const zPackageId = () => zRequiredString(rules.packageId);
export const zAccountName = () => zStringRule(rules.accountName);
export const zJson = () => zStringRule(rules.requiredJson);
export const zItemQuantity = () =>
  z.union([z.string(), z.number()], { error: requiredError }).superRefine(ruleCheck(rules.itemQuantity));

/** Structured phone value checked by country; issues are placed on the part at fault. */
export function zPhone(opts: { required?: boolean; numberKey?: 'phone_number' | 'phone' } = {}) {
  const numberKey = opts.numberKey ?? 'phone_number';
  return z
    .object({
      country_code: z.string().nullish(),
      area_code: z.string().nullish(),
      phone_number: z.string().nullish(),
      phone: z.string().nullish(),
      extension: z.string().nullish(),
    })
    .superRefine(phoneCheck(numberKey, opts.required ?? true));
}

/** superRefine callback for a structured phone object (used by zPhone and the account form). */
export function phoneCheck(numberKey: 'phone_number' | 'phone', isRequired: boolean) {
  return (value: rules.PhoneValue, ctx: Ctx): void => {
    const number = numberKey === 'phone' ? value.phone : value.phone_number;
    if (rules.isEmpty(number)) {
      if (isRequired) ctx.addIssue({ code: 'custom', message: m.REQUIRED, path: [numberKey], input: number });
      return;
    }
    const issue = rules.validatePhone({ ...value, phone_number: number });
    if (!issue) return;
    const key = !issue.field || issue.field === 'phone_number' ? numberKey : issue.field;
    ctx.addIssue({ code: 'custom', message: issue.message, path: [key], input: value });
  };
}

/**
 * An ISO 8601 date-time (zod's check). `local` also takes one without a zone, and a space instead of the `T`
 * (the reference's `2023-04-28 11:36:38.814429+00:00`). `future` refuses a moment that has passed.
 */
export function zDateTime(opts: { message: string; local?: boolean; future?: string }) {
  const iso = z.iso.datetime({ offset: true, local: opts.local ?? false, error: opts.message });
  const base = opts.local
    ? z
        .string({ error: m.REQUIRED })
        .transform((v) => v.trim().replace(' ', 'T'))
        .pipe(iso)
    : iso;
  return opts.future ? base.refine((v) => new Date(v).getTime() > Date.now(), { message: opts.future }) : base;
}
