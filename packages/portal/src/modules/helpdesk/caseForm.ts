import { z } from 'zod';
import {
  CASE_PRIORITIES,
  CASE_PRIORITY_LABELS,
  CASE_TYPES,
  CASE_TYPE_LABELS,
  CaseCreate,
  type Case,
  type CaseUpdate,
} from '@trellis/domain/helpdesk/case';
import { REQUIRED } from '@trellis/domain/validation/messages';

// The new-case form: the domain's rules for what is sent (subject, type, description, with the server's messages),
// the receiver and product picked by id, the priority picked by its label.

export const NewCaseForm = z.object({
  receiver: z.string().trim().min(1, REQUIRED),
  subject: CaseCreate.shape.subject,
  type: CaseCreate.shape.type,
  priority: z.string(),
  product: z.string(),
  description: CaseCreate.shape.description,
});
export type NewCaseForm = z.infer<typeof NewCaseForm>;
/** The form's fields, in the order a server message is matched to them (`receiver.account.id` → receiver). */
export const NEW_CASE_FIELDS = ['receiver', 'subject', 'type', 'priority', 'product', 'description'] as const;

/** A fresh form: a technical question of medium priority (the server's default priority). */
export const newCaseDefaults = (receiver = ''): NewCaseForm => ({
  receiver,
  subject: '',
  type: 'technical',
  priority: '1',
  product: '',
  description: '',
});

/** What POST /helpdesk/cases takes from the form: the product only when one was chosen. */
export const newCaseBody = (v: NewCaseForm): CaseCreate => ({
  subject: v.subject,
  description: v.description,
  type: v.type,
  priority: Number(v.priority),
  receiver: { account: { id: v.receiver } },
  ...(v.product && { product: { id: v.product } }),
});

export const TYPE_CHOICES = CASE_TYPES.map((t) => ({ value: t, label: CASE_TYPE_LABELS[t] }));
export const PRIORITY_CHOICES = CASE_PRIORITIES.map((p) => ({ value: String(p), label: CASE_PRIORITY_LABELS[p] }));

export const TYPE_HELP = 'Technical: the product or its set-up; business: terms, prices, invoices.';

/** Markdown help under the description box. */
export const DESCRIPTION_HELP =
  'What happened and what you expected: headings (#), lists (-), **bold**, > quotes (3 levels at most) and links.';

/** Changing a case: the issuer writes the subject, type and description; either party the priority. */
export const EditCaseForm = NewCaseForm.pick({ subject: true, type: true, priority: true, description: true });
export type EditCaseForm = z.infer<typeof EditCaseForm>;
export const EDIT_CASE_FIELDS = ['subject', 'type', 'priority', 'description'] as const;

export const editCaseValues = (c: Case): EditCaseForm => ({
  subject: c.subject,
  type: c.type,
  priority: String(c.priority),
  description: c.description,
});

/** What PUT /helpdesk/cases/{id} takes from this side: the receiver sends the priority only. */
export const editCaseBody = (v: EditCaseForm, side: 'issuer' | 'receiver'): CaseUpdate =>
  side === 'issuer'
    ? { subject: v.subject, type: v.type, priority: Number(v.priority), description: v.description }
    : { priority: Number(v.priority) };
