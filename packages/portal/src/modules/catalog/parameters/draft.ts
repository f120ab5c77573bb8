import { ParameterCreate, ParameterUpdate, type Parameter } from '@trellis/domain/catalog/parameter';
import { parameterDefinitionIssues, type ParameterDefinition } from '@trellis/domain/parameters/definition';
import { SCOPES_BY_PHASE, type ParameterPhase } from '@trellis/domain/parameters/types';
import {
  draftConstraints,
  emptyDraft as blankDraft,
  placeProblems,
  type DraftProblems,
  type ParameterDraft,
} from '../../../components/ParameterEditor/draft.ts';

// A catalogue parameter in the shared parameter editor: its phase and scope, and its body for the products API.

export { draftOf } from '../../../components/ParameterEditor/draft.ts';

/** A new parameter of the phase, in the phase's first scope. */
export const emptyDraft = (phase: ParameterPhase): ParameterDraft => blankDraft(SCOPES_BY_PHASE[phase][0]);

/** The request body of a create (with name) or an update (without). Constraints that do not apply to the type are cleared. */
export function draftBody(d: ParameterDraft, phase: ParameterPhase, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: d.title.trim(),
    description: d.description,
    hint: d.hint,
    placeholder: d.placeholder,
    type: d.type,
    phase,
    scope: d.scope,
    constraints: draftConstraints(d),
    default_country: d.type === 'phone' && d.default_country ? d.default_country : null,
  };
  if (creating) body.name = d.name.trim();
  return body;
}

/**
 * What is wrong with the draft before anything is sent: the create/update schema (same messages as the
 * server), then the shared definition checks (choices, lengths, scope, dependency) against the siblings.
 */
export function draftProblems(
  d: ParameterDraft,
  phase: ParameterPhase,
  creating: boolean,
  siblings: readonly Parameter[],
  id?: string,
): DraftProblems {
  const body = draftBody(d, phase, creating);
  const parsed = (creating ? ParameterCreate : ParameterUpdate).safeParse(body);
  const list: { path: string; message: string }[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  // Both sets at once, so one round of fixes is enough; the schema's message wins on a shared field.
  const def = { ...(body as object), id, name: creating ? d.name.trim() : d.name } as unknown as ParameterDefinition;
  const others = siblings.filter((s) => s.id !== id).map((s) => s as unknown as ParameterDefinition);
  list.push(...parameterDefinitionIssues(def, [...others, def]));
  return placeProblems(list);
}
