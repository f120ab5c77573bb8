import { ParameterCreate, ParameterUpdate, type Parameter } from '@trellis/domain/catalog/parameter';
import { parameterDefinitionIssues, type ParameterDefinition } from '@trellis/domain/parameters/definition';
import {
  CHOICE_TYPES,
  LENGTH_TYPES,
  SCOPES_BY_PHASE,
  type ParamChoice,
  type ParameterPhase,
  type ParameterType,
} from '@trellis/domain/parameters/types';

/** The parameter dialog's fields, as the user edits them (numbers as typed). */
export interface ParameterDraft {
  name: string;
  title: string;
  description: string;
  hint: string;
  placeholder: string;
  type: ParameterType;
  scope: string;
  required: boolean;
  hidden: boolean;
  readonly: boolean;
  unique: boolean;
  reconciliation: boolean;
  choices: ParamChoice[];
  min_length: string;
  max_length: string;
  /** Name of the controlling parameter; '' = no dependency. */
  depends_on: string;
  depends_values: string[];
  /** Hide the parameter while the dependency is unmet (default) or keep it shown and optional. */
  depends_hidden: boolean;
  default_country: string;
  display_content: string;
}

/** Fields of the dialog a message can be put on; anything else shows above the form. */
export type DraftField =
  | 'name'
  | 'title'
  | 'description'
  | 'hint'
  | 'placeholder'
  | 'type'
  | 'scope'
  | 'required'
  | 'choices'
  | 'min_length'
  | 'max_length'
  | 'dependency'
  | 'default_country'
  | 'display_content';

/** Types whose value is chosen from a list (subdomains choose their parent domain). */
export const usesChoices = (t: ParameterType) => CHOICE_TYPES.includes(t) || t === 'subdomain';
export const usesLength = (t: ParameterType) => LENGTH_TYPES.includes(t);

export function emptyDraft(phase: ParameterPhase): ParameterDraft {
  return {
    name: '',
    title: '',
    description: '',
    hint: '',
    placeholder: '',
    type: 'text',
    scope: SCOPES_BY_PHASE[phase][0],
    required: false,
    hidden: false,
    readonly: false,
    unique: false,
    reconciliation: false,
    choices: [],
    min_length: '',
    max_length: '',
    depends_on: '',
    depends_values: [],
    depends_hidden: true,
    default_country: '',
    display_content: '',
  };
}

export function draftOf(p: Parameter): ParameterDraft {
  const c = p.constraints;
  const dep = c.dependency;
  return {
    name: p.name,
    title: p.title,
    description: p.description ?? '',
    hint: p.hint ?? '',
    placeholder: p.placeholder ?? '',
    type: p.type,
    scope: p.scope,
    required: c.required,
    hidden: c.hidden,
    readonly: c.readonly,
    unique: c.unique,
    reconciliation: c.reconciliation,
    choices: (c.choices?.length ? c.choices : ((c.meta?.choices as ParamChoice[] | undefined) ?? [])).map((x) => ({
      ...x,
    })),
    min_length: c.min_length == null ? '' : String(c.min_length),
    max_length: c.max_length == null ? '' : String(c.max_length),
    depends_on: dep?.parameter?.name ?? '',
    depends_values: [...(dep?.values ?? [])],
    depends_hidden: dep?.hidden !== false,
    default_country: p.default_country ?? '',
    display_content: c.display_content ?? '',
  };
}

const num = (s: string): number | null | string => {
  const t = s.trim();
  if (!t) return null;
  return /^\d+$/.test(t) ? Number(t) : t;
};

/** The request body of a create (with name) or an update (without). Constraints that do not apply to the type are cleared. */
export function draftBody(d: ParameterDraft, phase: ParameterPhase, creating: boolean): Record<string, unknown> {
  const length = usesLength(d.type);
  const constraints: Record<string, unknown> = {
    required: d.required,
    hidden: d.hidden,
    readonly: d.readonly,
    unique: d.unique,
    reconciliation: d.reconciliation,
    choices: usesChoices(d.type)
      ? d.choices.map((c) => ({
          value: c.value.trim(),
          label: c.label.trim(),
          ...(c.default ? { default: true } : {}),
        }))
      : [],
    min_length: length ? num(d.min_length) : null,
    max_length: length ? num(d.max_length) : null,
    dependency: d.depends_on
      ? { parameter: { name: d.depends_on }, values: d.depends_values, hidden: d.depends_hidden }
      : null,
    display_content: d.type === 'content' ? d.display_content : null,
  };
  const body: Record<string, unknown> = {
    title: d.title.trim(),
    description: d.description,
    hint: d.hint,
    placeholder: d.placeholder,
    type: d.type,
    phase,
    scope: d.scope,
    constraints,
    default_country: d.type === 'phone' && d.default_country ? d.default_country : null,
  };
  if (creating) body.name = d.name.trim();
  return body;
}

const FIELD_OF: [RegExp, DraftField][] = [
  [/^name/, 'name'],
  [/^title/, 'title'],
  [/^description/, 'description'],
  [/^hint/, 'hint'],
  [/^placeholder/, 'placeholder'],
  [/^type/, 'type'],
  [/^scope/, 'scope'],
  [/^constraints\.choices/, 'choices'],
  [/^default$/, 'choices'],
  [/^constraints\.min_length/, 'min_length'],
  [/^constraints\.max_length/, 'max_length'],
  [/^constraints\.dependency/, 'dependency'],
  [/^constraints\.(required|unique)/, 'required'],
  [/^default_country/, 'default_country'],
  [/^constraints\.display_content/, 'display_content'],
];

/** The dialog field a "path: message" belongs to, or null. */
export function fieldOfPath(path: string): DraftField | null {
  return FIELD_OF.find(([re]) => re.test(path))?.[1] ?? null;
}

export interface DraftProblems {
  fields: Partial<Record<DraftField, string>>;
  other: string[];
}

/** Puts "path: message" pairs on the dialog's fields (first message per field wins). */
export function placeProblems(list: { path: string; message: string }[]): DraftProblems {
  const out: DraftProblems = { fields: {}, other: [] };
  for (const { path, message } of list) {
    const f = fieldOfPath(path);
    const row = /^constraints\.choices\.(\d+)\.(\w+)/.exec(path);
    const text = row ? `Choice ${Number(row[1]) + 1}, ${row[2]}: ${message}` : message;
    if (f && !out.fields[f]) out.fields[f] = text;
    else if (!f) out.other.push(path ? `${path}: ${message}` : message);
  }
  return out;
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
