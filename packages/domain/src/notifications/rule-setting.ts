import { z } from 'zod';

// Each user's say over the rules of the account it works in (reference /notifications/subscriptions/-/rules/-/settings):
// one setting per rule, `id` the rule's id, `value` `enabled` (the default: the user gets the rule's mails) or
// `disabled` (opted out). Fixed addresses and contacts are not users and cannot opt out here.

export const RULE_SETTING_VALUES = ['enabled', 'disabled'] as const;
export type RuleSettingValue = (typeof RULE_SETTING_VALUES)[number];

export const RuleSetting = z.object({
  id: z.string(),
  value: z.enum(RULE_SETTING_VALUES),
  rule: z.object({ id: z.string(), name: z.string() }),
  event: z.object({ id: z.string(), name: z.string() }),
  /**
   * How the rule names the user (Trellis): among its `user`s, through a `group`, by `email` address, or as the
   * request's `assignee`; empty when it does not mail the user at all.
   */
  reaches: z.array(z.enum(['user', 'group', 'email', 'assignee'])),
});
export type RuleSetting = z.infer<typeof RuleSetting>;

const value = z.enum(RULE_SETTING_VALUES, { error: () => `Choose one of ${RULE_SETTING_VALUES.join(', ')}.` });
export const RuleSettingUpdate = z.object({ value });
export const RuleSettingsBulk = z.array(z.object({ id: z.string().trim().min(1), value })).max(1000);

/** POST /notifications/email/send (reference): text to the account's own users, or a rule rendered with a context. */
export const EmailSendBody = z.union([
  z.object({
    to: z.array(z.string()).min(1),
    subject: z.string().trim().min(1).max(2000),
    content: z.string().min(1).max(100_000),
  }),
  z.object({
    to: z.array(z.string()).min(1),
    rule: z.object({ id: z.string() }),
    context: z.record(z.string(), z.unknown()),
  }),
]);
export type EmailSendBody = z.infer<typeof EmailSendBody>;
