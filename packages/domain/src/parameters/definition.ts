/**
 * Checks of a parameter DEFINITION (not of a value): choices for choice types, min ≤ max, the scope
 * allowed for the phase, a dependency on an existing checkbox/choice/dropdown of the same product.
 * Used by the server on create/update and by the portal's parameter editor. Issues carry the field path.
 */
import { isSupportedCountry } from 'libphonenumber-js/max';
import * as m from '../validation/messages.ts';
import { choicesOf } from './dependencies.ts';
import {
  CHOICE_TYPES,
  DEPENDENCY_SOURCE_TYPES,
  DISPLAY_TYPES,
  LENGTH_TYPES,
  SCOPES_BY_PHASE,
  type ParameterConstraints,
  type ParameterPhase,
  type ParameterType,
} from './types.ts';

export interface ParameterDefinition {
  id?: string;
  name: string;
  type: ParameterType;
  phase: ParameterPhase;
  scope: string;
  constraints: ParameterConstraints;
  default?: unknown;
  default_country?: string | null;
}

export interface DefinitionIssue {
  path: string;
  message: string;
}

const list = (xs: readonly string[]) => xs.join(', ');

/**
 * Problems of a definition; `siblings` are the product's other parameters (for dependency checks). `within` names
 * what holds them in messages (a custom form's fields are checked with the same rules).
 */
export function parameterDefinitionIssues(
  def: ParameterDefinition,
  siblings: readonly ParameterDefinition[] = [],
  within = 'product',
): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const c = def.constraints ?? {};

  const allowed = SCOPES_BY_PHASE[def.phase];
  if (allowed && !allowed.includes(def.scope as never)) {
    add('scope', `Scope '${def.scope}' is not allowed in the ${def.phase} phase; use one of: ${list(allowed)}.`);
  }

  const choices = choicesOf(def);
  if (CHOICE_TYPES.includes(def.type) && choices.length === 0) {
    add('constraints.choices', `At least one choice is required for a ${def.type} parameter.`);
  }
  const seen = new Set<string>();
  choices.forEach((ch, i) => {
    if (seen.has(ch.value))
      add(`constraints.choices.${i}.value`, `Choice values must be unique; '${ch.value}' is repeated.`);
    seen.add(ch.value);
  });
  if ((def.type === 'choice' || def.type === 'dropdown') && choices.filter((ch) => ch.default).length > 1) {
    add('constraints.choices', 'Only one choice can be the default.');
  }

  const { min_length: min, max_length: max } = c;
  const hasLength = typeof min === 'number' || typeof max === 'number';
  if (hasLength && !LENGTH_TYPES.includes(def.type)) {
    add('constraints.min_length', `Minimum and maximum length apply only to ${list(LENGTH_TYPES)} parameters.`);
  } else if (typeof min === 'number' && typeof max === 'number' && min > max) {
    add('constraints.min_length', `Minimum length (${min}) must not exceed maximum length (${max}).`);
  }

  if (DISPLAY_TYPES.includes(def.type) && (c.required || c.unique)) {
    add('constraints.required', `A ${def.type} parameter carries no value and cannot be required or unique.`);
  }

  if (
    (def.type === 'choice' || def.type === 'dropdown') &&
    typeof def.default === 'string' &&
    def.default !== '' &&
    !choices.some((ch) => ch.value === def.default)
  ) {
    add('default', `Default '${def.default}' is not one of the choices.`);
  }

  if (def.default_country && !isSupportedCountry(def.default_country.toUpperCase())) {
    add('default_country', `Unknown country '${def.default_country}'; use an ISO 3166 two-letter code such as US.`);
  }

  if (c.dependency) dependencyIssues(def, siblings, add, within);
  return issues;
}

function dependencyIssues(
  def: ParameterDefinition,
  siblings: readonly ParameterDefinition[],
  add: (p: string, m: string) => void,
  within: string,
) {
  const dep = c(def).dependency!;
  const ref = dep.parameter ?? {};
  if (!ref.name && !ref.id) return add('constraints.dependency.parameter.name', m.REQUIRED);
  const label = ref.name ?? ref.id!;
  if ((ref.name && ref.name === def.name) || (ref.id && ref.id === def.id)) {
    return add('constraints.dependency.parameter', 'A parameter cannot depend on itself.');
  }
  const others = siblings.filter((s) => s.name !== def.name);
  const source = others.find((s) => (ref.name ? s.name === ref.name : s.id === ref.id));
  if (!source) return add('constraints.dependency.parameter', `Parameter '${label}' does not exist in this ${within}.`);
  if (!DEPENDENCY_SOURCE_TYPES.includes(source.type)) {
    return add(
      'constraints.dependency.parameter',
      `Parameter '${source.name}' is a ${source.type} parameter; a dependency must name a ${list(DEPENDENCY_SOURCE_TYPES)} parameter.`,
    );
  }
  if (source.phase !== def.phase) {
    return add(
      'constraints.dependency.parameter',
      `Parameter '${source.name}' belongs to the ${source.phase} phase; a dependency must be in the same phase (${def.phase}).`,
    );
  }
  const known = new Set(choicesOf(source).map((ch) => ch.value));
  (dep.values ?? []).forEach((v, i) => {
    if (!known.has(v))
      add(`constraints.dependency.values.${i}`, `'${v}' is not a choice of parameter '${source.name}'.`);
  });
  // Follow the chain from the source: reaching this parameter again would be a cycle.
  const byName = new Map(others.map((s) => [s.name, s]));
  const path = [def.name, source.name];
  let cur: ParameterDefinition | undefined = source;
  while (cur?.constraints?.dependency) {
    const next: string | null | undefined =
      cur.constraints.dependency.parameter?.name ??
      others.find((s) => s.id === cur!.constraints.dependency!.parameter?.id)?.name;
    if (!next) break;
    path.push(next);
    if (next === def.name)
      return add('constraints.dependency.parameter', `Dependencies form a cycle: ${path.join(' → ')}.`);
    if (path.length > others.length + 2) break;
    cur = byName.get(next);
  }
}

const c = (def: ParameterDefinition) => def.constraints ?? {};
