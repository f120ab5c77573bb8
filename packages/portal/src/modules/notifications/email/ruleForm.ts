import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import {
  CONTACT_KINDS,
  NotificationRuleCreate,
  type ContactKind,
  type NotificationRule,
} from '@trellis/domain/notifications/rule';
import { ApiError, errorMessage } from '../../../api/errors.ts';

// The add / edit form of a notification rule. It mirrors the POST / PUT body (domain notifications/rule.ts), except
// that users and groups keep their names for the pickers; the domain's schema checks it, so the form shows the
// server's messages ('All E-mails must be valid', 'Name at least one recipient.').

export interface Named {
  id: string;
  name?: string | null;
}

export interface RuleForm {
  name: string;
  condition: string;
  enabled: boolean;
  subject: string;
  body: string;
  users: Named[];
  groups: Named[];
  emails: string[];
  assignee: boolean;
  contacts: ContactKind[];
}

export const newRuleValues = (): RuleForm => ({
  name: '',
  condition: '',
  enabled: true,
  subject: '',
  body: '',
  users: [],
  groups: [],
  emails: [],
  assignee: false,
  contacts: [],
});

export const ruleValues = (r: NotificationRule): RuleForm => ({
  name: r.name,
  condition: r.condition,
  enabled: r.enabled,
  subject: r.template.subject,
  body: r.template.body,
  users: r.recipients.users.map((u) => ({ id: u.id, name: u.name ?? u.email ?? null })),
  groups: r.recipients.groups.map((g) => ({ id: g.id, name: g.name })),
  emails: r.recipients.emails,
  assignee: r.recipients.assignee,
  contacts: r.recipients.contacts,
});

/** The POST / PUT body (a PUT replaces what it gives: the whole rule). */
export function ruleBody(v: RuleForm) {
  return {
    name: v.name.trim(),
    condition: v.condition.trim(),
    enabled: v.enabled,
    template: { subject: v.subject, body: v.body },
    recipients: {
      users: v.users.map((u) => ({ id: u.id })),
      groups: v.groups.map((g) => ({ id: g.id })),
      emails: v.emails.map((e) => e.trim()).filter(Boolean),
      assignee: v.assignee,
      contacts: v.contacts,
    },
  };
}
export type RuleBody = ReturnType<typeof ruleBody>;

/** Where a body issue shows in the form. */
export function formField(path: readonly PropertyKey[]): keyof RuleForm | 'recipients' | null {
  const [head, key] = path.map(String);
  if (head === 'template') return key === 'subject' || key === 'body' ? key : null;
  if (head === 'recipients') return key === 'emails' || key === 'users' || key === 'groups' ? key : 'recipients';
  return head === 'name' || head === 'condition' || head === 'enabled' ? head : null;
}

const named = z.object({ id: z.string(), name: z.string().nullable().optional() });

export const ruleFormSchema = z
  .object({
    name: z.string(),
    condition: z.string(),
    enabled: z.boolean(),
    subject: z.string(),
    body: z.string(),
    users: z.array(named),
    groups: z.array(named),
    emails: z.array(z.string()),
    assignee: z.boolean(),
    contacts: z.array(z.enum(CONTACT_KINDS)),
  })
  .superRefine((v, ctx) => {
    const parsed = NotificationRuleCreate.safeParse(ruleBody(v));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = formField(issue.path);
      // the form has one place per field: the first message wins
      if (field)
        ctx.addIssue({
          code: 'custom',
          path: field === 'recipients' ? ['root', field] : [field],
          message: issue.message,
        });
    }
  });

/** The template as the preview sends it, when both parts say something (the API refuses an empty one). */
export const previewTemplate = (subject: string, body: string) =>
  subject.trim() && body ? { subject, body } : undefined;

/**
 * Puts the messages of a 400 on the fields they name (`template.body`, `recipients.users`, ...); returns the message
 * to show above the form for the rest, or null when every one found its field.
 */
export function placeRuleErrors(err: unknown, setError: UseFormSetError<RuleForm>): string | null {
  const byField = err instanceof ApiError ? err.fieldErrors : {};
  let unplaced = Object.keys(byField).length === 0;
  for (const [key, messages] of Object.entries(byField)) {
    const field = formField(key.split('.'));
    if (field && field !== 'recipients' && messages[0]) setError(field, { type: 'server', message: messages[0] });
    else if (field === 'recipients' && messages[0]) setError('root.recipients', { message: messages[0] });
    else unplaced = true;
  }
  return unplaced ? errorMessage(err) : null;
}
