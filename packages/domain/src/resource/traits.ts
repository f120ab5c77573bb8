import { z } from 'zod';
import type { ActionDecl, Refusal, Side, Viewer } from './machine.ts';
import { transitionMessage } from './machine.ts';

// Traits: families of objects share actions and rules. Spread them into a machine's `actions` (and rules).
// The server side of each trait (who the assignee is, what "force" means) lives in the engine's traits.

// ---------------------------------------------------------------- assignable

/** Reference body of assign: a user of the caller's account by id or e-mail; none = the caller. */
export const AssignBody = z.object({ id: z.string().optional(), email: z.string().optional() });
/** Someone else's assignment is taken away only with `force: true`. */
export const UnassignBody = z.object({ force: z.boolean().optional() });

interface Assigned {
  assignee: { id: string; name?: string } | null;
}

/** assign / unassign, for the side that works on the object; "assigned to me" filters on `assignee.id`. */
export function assignable<T extends Assigned>(opts: {
  from: readonly string[];
  by: readonly Side[];
  body?: z.ZodType;
}): Record<'assign' | 'unassign', ActionDecl<T>> {
  return {
    assign: {
      label: 'Assign to me',
      from: opts.from,
      by: opts.by,
      body: opts.body ?? AssignBody,
      form: false,
      shown: (o, v) => !!v.userId && o.assignee?.id !== v.userId,
      done: () => 'Assigned to you.',
    },
    unassign: {
      label: 'Unassign',
      from: opts.from,
      by: opts.by,
      body: UnassignBody,
      form: false,
      shown: (o) => !!o.assignee,
      confirm: {
        when: (o, v) => !!o.assignee && o.assignee.id !== v.userId,
        title: 'Unassign',
        text: (o) => `${o.assignee?.name ?? o.assignee?.id} works on this. Unassign them anyway?`,
        body: { force: true },
      },
      done: () => 'No longer assigned.',
    },
  };
}

export const ASSIGNEE_FIELD = 'assignee.id';

// ---------------------------------------------------------------- inquirable

interface Marked {
  value_error?: string | null;
}

export const INQUIRE_NEEDS_MARK = 'Inquire requires at least one parameter marked with value_error.';
export const INQUIRE_HINT = 'Mark the parameters the provider has to fix in the Parameters tab first.';

/** Body of inquire: an optional inquiring template (its text goes to the provider). */
export const InquireBody = z.object({
  template_id: z.string().optional(),
  template: z.object({ id: z.string() }).optional(),
  activation_tile: z.string().optional(),
});

/**
 * inquire (the vendor asks the provider to fix the parameters it marked with `value_error`) and pend (back to
 * pending: the provider's answer, or the vendor taking it back).
 */
export function inquirable<T>(opts: {
  params: (obj: T) => readonly Marked[];
}): Record<'inquire' | 'pend', ActionDecl<T>> {
  return {
    inquire: {
      label: 'Inquire',
      from: ['pending'],
      to: 'inquiring',
      by: ['vendor'],
      body: InquireBody,
      event: 'inquired',
      guard: (o) => (opts.params(o).some((p) => !!p.value_error) ? null : INQUIRE_NEEDS_MARK),
      hint: INQUIRE_HINT,
      done: () => 'Inquiring: the provider is asked to fix the marked parameters.',
    },
    pend: {
      label: 'Send to pending',
      from: ['inquiring'],
      to: 'pending',
      event: 'pended',
      form: false,
      done: () => 'The request is pending again.',
    },
  };
}

// ---------------------------------------------------------------- draftable

/**
 * A draft is submitted by the side that made it and deleted only by that side while it is a draft
 * (reference workflows: "Draft → Deleted").
 */
export function draftable<T extends { status: string }>(opts: {
  to: string;
  maker: (obj: T) => Side;
  /** Sides that may submit; default the maker. */
  by?: readonly Side[];
  done?: (obj: T) => string;
}): { actions: Record<'submit', ActionDecl<T>>; deletable: (obj: T, viewer: Viewer) => Refusal | null } {
  return {
    actions: {
      submit: {
        label: 'Submit',
        from: ['draft'],
        to: opts.to,
        by: opts.by,
        guard: opts.by ? undefined : (o, v) => (v.side === opts.maker(o) ? null : onlyMaker(opts.maker(o))),
        form: false,
        done: opts.done,
      },
    },
    deletable: (o, v) => {
      if (o.status !== 'draft') return { kind: 'status', message: transitionMessage('delete', o.status) };
      const maker = opts.maker(o);
      return v.side === maker
        ? null
        : { kind: 'side', message: `Only the ${maker} that made this draft can delete it.` };
    },
  };
}

const onlyMaker = (side: Side) => `Only the ${side} that made this draft can submit it.`;
