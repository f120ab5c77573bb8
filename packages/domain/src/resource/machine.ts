import type { z } from 'zod';

// State machines (DESIGN §6): statuses with a display tone, actions {from, to, by, body, event, guard} and the side
// rules "who may edit / delete this now". The server enforces them; the portal calls the same functions to decide
// which buttons to show and why one is disabled.

export type Side = 'vendor' | 'provider';

/** Who looks at an object: the account's side, and (for a user session) the user. */
export interface Viewer {
  side: Side;
  accountId: string;
  userId?: string;
}

/** How a status reads on screen: a chip colour. */
export type Tone = 'default' | 'info' | 'success' | 'warning' | 'error';

export interface StatusDecl {
  tone: Tone;
  /** Display label; default: the status with its first letter capitalised and `_` as spaces. */
  label?: string;
}

/**
 * Why something is refused: `status` (not now: 400 naming the action and status), `side` (not for this side or
 * user: 403) or `guard` (a condition the user can fix: 400). Null when allowed.
 */
export interface Refusal {
  kind: 'status' | 'side' | 'guard';
  message: string;
}
export type Rule<T> = (obj: T, viewer: Viewer) => Refusal | null;

export interface ActionDecl<T = any> {
  /** Button label. */
  label: string;
  /** Statuses the action may start from; omitted = any. */
  from?: readonly string[];
  /** Status after the action (the engine sets it unless the handler chose another one). */
  to?: string;
  /** Sides that may run it; omitted = whoever may write the resource. */
  by?: readonly Side[];
  /**
   * Who may run it on this object, beyond `by` (e.g. only the translation's owner): checked right after the side, so
   * the server refuses with it (403 for `side`) and the portal does not offer the action.
   */
  rule?: Rule<T>;
  /** Request body; the portal builds the action's dialog from it. */
  body?: z.ZodType;
  /** Event stamped as `events.<event>` (at, by) when the action runs. */
  event?: string;
  /** Refuses with a message the user reads (400); the portal shows the button disabled with `hint` (or it). */
  guard?: (obj: T, viewer: Viewer) => string | null;
  /** What the portal says on a button its guard disables. */
  hint?: string;
  /** The sentence above the action's dialog (what will happen). */
  intro?: (obj: T) => string;
  /** What the portal asks before running: default the body's fields; false sends `{}` with no dialog. */
  form?: z.ZodType | false;
  /** Whether the portal offers the action to this viewer at all (e.g. "Assign to me" unless already assigned). */
  shown?: (obj: T, viewer: Viewer) => boolean;
  /** Ask before running: the question, and whether the action destroys something. */
  confirm?: {
    /** Ask only when this holds (default always). */
    when?: (obj: T, viewer: Viewer) => boolean;
    title?: string;
    text: (obj: T, viewer: Viewer) => string;
    destructive?: boolean;
    /** The buttons (default: the action's label, and "Cancel"; rename the latter when the action is itself a cancel). */
    confirmLabel?: string;
    dismissLabel?: string;
    /** Body sent once confirmed (e.g. `force: true`). */
    body?: Record<string, unknown>;
  };
  /** What the portal tells the user after the action succeeded (it gets the answer). */
  done?: (obj: T) => string;
  /** Kept off the action bar (run from elsewhere on the page, or by clients only). */
  hidden?: boolean;
}

export interface MachineDecl<T = any> {
  statuses: Record<string, StatusDecl>;
  /** The property holding the status (default `status`; the reference's helpdesk cases call it `state`). */
  field?: string;
  actions: Record<string, ActionDecl<T>>;
  /** Who may update the object now; the engine refuses others before the body is read. */
  editable?: Rule<T>;
  /** Who may delete the object now. */
  deletable?: Rule<T>;
  /** RQL field holding the assignee's id, for "assigned to me" (assignable trait). */
  assigneeField?: string;
}

export function defineMachine<T>(m: MachineDecl<T>): MachineDecl<T> {
  for (const [name, a] of Object.entries(m.actions)) {
    for (const s of [...(a.from ?? []), ...(a.to ? [a.to] : [])]) {
      if (!(s in m.statuses)) throw new Error(`Machine action ${name} names the unknown status ${s}`);
    }
  }
  return m;
}

/** The object's current status, read from the machine's field. */
export const stateOf = (m: Pick<MachineDecl, 'field'> | undefined, obj: object): string | undefined => {
  const v = (obj as Record<string, unknown>)[m?.field ?? 'status'];
  return v === undefined || v === null ? undefined : String(v);
};

/** The object moved to `status`, in the machine's field. */
export const withState = <T extends object>(m: Pick<MachineDecl, 'field'>, obj: T, status: string): T => ({
  ...obj,
  [m.field ?? 'status']: status,
});

export const statusLabel = (m: MachineDecl | undefined, status: string): string =>
  m?.statuses[status]?.label ?? humanize(status);

/** 'tiers_setup' → 'Tiers setup'. */
export function humanize(value: string): string {
  const s = value.replace(/[_-]+/g, ' ').trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** Why this viewer may not run `action` on `obj` now (not allowed from its status, wrong side, guard), or null. */
export function refusal<T extends object>(m: MachineDecl<T>, action: string, obj: T, viewer: Viewer): Refusal | null {
  const a = m.actions[action];
  if (!a) return { kind: 'status', message: `Unknown action ${action}.` };
  if (a.by && !a.by.includes(viewer.side))
    return { kind: 'side', message: `Only a ${a.by.join(' or ')} account can ${action} this object.` };
  const ruled = a.rule?.(obj, viewer);
  if (ruled) return ruled;
  const status = String(stateOf(m, obj));
  if (a.from && !a.from.includes(status)) return { kind: 'status', message: transitionMessage(action, status) };
  const g = a.guard?.(obj, viewer);
  return g ? { kind: 'guard', message: g } : null;
}

/** The refusal of an action from a status, naming both (DESIGN §6). */
export const transitionMessage = (action: string, status: string) =>
  `Action '${action}' is not allowed in status '${status}'.`;

export interface OfferedAction {
  name: string;
  label: string;
  /** Set when the button shows but cannot be used now. */
  disabled?: string;
}

/** The actions the action bar offers this viewer: allowed by status and side, shown, guards as disabled hints. */
export function offeredActions<T extends object>(
  m: MachineDecl<T> | undefined,
  obj: T,
  viewer: Viewer,
): OfferedAction[] {
  if (!m) return [];
  const out: OfferedAction[] = [];
  for (const [name, a] of Object.entries(m.actions)) {
    if (a.hidden) continue;
    const r = refusal(m, name, obj, viewer);
    if (r && r.kind !== 'guard') continue;
    if (a.shown && !a.shown(obj, viewer)) continue;
    out.push({ name, label: a.label, ...(r ? { disabled: a.hint ?? r.message } : {}) });
  }
  return out;
}

/**
 * The tone of each status name across Trellis, so one status reads the same everywhere: waiting on someone is
 * a warning, work in progress is info, a good end is success, a bad end is an error, the rest is plain.
 */
const TONES: Record<string, Tone> = {
  pending: 'warning',
  inquiring: 'warning',
  reviewing: 'warning',
  enrolling: 'info',
  tiers_setup: 'info',
  processing: 'info',
  building: 'info',
  deploying: 'info',
  scheduled: 'info',
  revoking: 'info',
  retrying: 'info',
  terminating: 'info',
  invited: 'info',
  approved: 'success',
  active: 'success',
  enabled: 'success',
  published: 'success',
  listed: 'success',
  completed: 'success',
  delivered: 'success',
  accepted: 'success',
  ready: 'success',
  failed: 'error',
  rejected: 'error',
  revoked: 'error',
  canceled: 'error',
  blocked: 'error',
  suspended: 'warning',
};

/** The shared tone of a status name (for objects without a machine, or statuses it does not list). */
export const toneOf = (status: string): Tone => TONES[status] ?? 'default';

/** A machine's statuses in the shared tones; `overrides` where a status means something else here. */
export function statusTones(
  statuses: readonly string[],
  overrides: Record<string, Tone | StatusDecl> = {},
): Record<string, StatusDecl> {
  return Object.fromEntries(
    statuses.map((s) => {
      const o = overrides[s];
      return [s, typeof o === 'string' ? { tone: o } : (o ?? { tone: TONES[s] ?? 'default' })];
    }),
  );
}

/** Actions a status allows (any side), in declaration order. */
export function allowedFrom(m: MachineDecl | undefined, status: string | undefined): string[] {
  return Object.entries(m?.actions ?? {})
    .filter(([, a]) => !a.from || (status !== undefined && a.from.includes(status)))
    .map(([name]) => name);
}
