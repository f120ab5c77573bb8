import {
  CHOICE_TYPES,
  LENGTH_TYPES,
  type ParamChoice,
  type ParameterConstraints,
  type ParameterType,
} from '@trellis/domain/parameters/types';

// The parameter editor's state, shared by the catalogue's parameter dialog and the custom-form builder: the fields
// as the user edits them, the constraints they make, and where a "path: message" problem is shown.

/** The editor's fields, as the user edits them (numbers as typed). */
export interface ParameterDraft {
  name: string;
  title: string;
  description: string;
  hint: string;
  placeholder: string;
  type: ParameterType;
  /** The catalogue's scope; unused by custom forms. */
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

/** Fields of the editor a message can be put on; anything else shows above the form. */
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

/** The constraint switches the editor offers (custom forms have no unique or reconciliation). */
export type DraftFlag = 'required' | 'hidden' | 'readonly' | 'unique' | 'reconciliation';

/** Types whose value is chosen from a list (subdomains choose their parent domain). */
export const usesChoices = (t: ParameterType) => CHOICE_TYPES.includes(t) || t === 'subdomain';
export const usesLength = (t: ParameterType) => LENGTH_TYPES.includes(t);

export function emptyDraft(scope = ''): ParameterDraft {
  return {
    name: '',
    title: '',
    description: '',
    hint: '',
    placeholder: '',
    type: 'text',
    scope,
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

/** What the editor reads of a definition (a catalogue parameter, a form field). */
export interface DefinitionLike {
  name: string;
  title: string;
  description?: string | null;
  hint?: string | null;
  placeholder?: string | null;
  type: ParameterType;
  scope?: string;
  constraints?: ParameterConstraints | Record<string, unknown> | null;
  default_country?: string | null;
}

export function draftOf(p: DefinitionLike): ParameterDraft {
  const c = (p.constraints ?? {}) as ParameterConstraints;
  const dep = c.dependency;
  return {
    name: p.name,
    title: p.title,
    description: p.description ?? '',
    hint: p.hint ?? '',
    placeholder: p.placeholder ?? '',
    type: p.type,
    scope: p.scope ?? '',
    required: !!c.required,
    hidden: !!c.hidden,
    readonly: !!c.readonly,
    unique: !!c.unique,
    reconciliation: !!c.reconciliation,
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

/** A typed number, or what was typed (so the schema names it), or null when empty. */
const num = (s: string): number | null | string => {
  const t = s.trim();
  if (!t) return null;
  return /^\d+$/.test(t) ? Number(t) : t;
};

/** The constraints of a draft; those that do not apply to its type are cleared. */
export function draftConstraints(d: ParameterDraft): Record<string, unknown> {
  const length = usesLength(d.type);
  return {
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

/** The editor field a "path: message" belongs to, or null. */
export function fieldOfPath(path: string): DraftField | null {
  return FIELD_OF.find(([re]) => re.test(path))?.[1] ?? null;
}

export interface DraftProblems {
  fields: Partial<Record<DraftField, string>>;
  other: string[];
}

export const NO_PROBLEMS: DraftProblems = { fields: {}, other: [] };

/** Puts "path: message" pairs on the editor's fields (first message per field wins). */
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

export const hasProblems = (p: DraftProblems) => Object.keys(p.fields).length > 0 || p.other.length > 0;
