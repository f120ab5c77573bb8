import type { RequestParam } from '@trellis/domain/fulfillment/common';
import { actionsAllowedFrom, type ResourceDecl } from '@trellis/domain/resource/define';

// The header buttons of a request (fulfillment or tier config): what its state machine lets this side do.

export interface RequestAction {
  /** The action name; posted to `<request>/{endpoint}`. */
  name: string;
  endpoint: string;
  label: string;
  disabled?: boolean;
  /** Why it is disabled. */
  hint?: string;
}

export interface Viewer {
  /** vendor or provider */
  type: string;
  userId: string | undefined;
  /** Holds the module of the request. */
  canWrite: boolean;
}

export const INQUIRE_HINT = 'Mark the parameters the provider has to fix in the Parameters tab first.';

/**
 * The actions the declaration allows from this status for this side (`from` + `by`), as the user reads them:
 * Assign to me unless it is already, Unassign only when someone is assigned, and Inquire (disabled, with a hint)
 * until some parameter is marked invalid.
 */
export function stateActions(
  decl: ResourceDecl, r: { status: string; assignee: { id: string } | null }, params: readonly RequestParam[], viewer: Viewer,
): RequestAction[] {
  if (!viewer.canWrite) return [];
  const declared = (decl.actions ?? {}) as Record<string, { label?: string; by?: readonly string[] }>;
  const out: RequestAction[] = [];
  for (const name of actionsAllowedFrom(decl, r.status)) {
    const { label = name, by } = declared[name] ?? {};
    if (by && !by.includes(viewer.type)) continue;
    if (name === 'assign') {
      if (r.assignee?.id !== viewer.userId) out.push({ name, endpoint: name, label: 'Assign to me' });
    } else if (name === 'unassign') {
      if (r.assignee) out.push({ name, endpoint: name, label });
    } else if (name === 'inquire') {
      const marked = params.some((p) => !!p.value_error);
      out.push({ name, endpoint: name, label, ...(marked ? {} : { disabled: true, hint: INQUIRE_HINT }) });
    } else {
      out.push({ name, endpoint: name, label });
    }
  }
  return out;
}
