/**
 * Parameter vocabulary shared by the catalogue declarations, the value validator and the portal.
 * Isomorphic: no Node or DOM imports.
 */

export const PARAMETER_TYPES = [
  'text',
  'dropdown',
  'password',
  'email',
  'checkbox',
  'subdomain',
  'domain',
  'address',
  'phone',
  'object',
  'url',
  'choice',
  'heading',
  'content',
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** Display-only types: they carry no value and are never validated. */
export const DISPLAY_TYPES: readonly ParameterType[] = ['heading', 'content'];
/** Types whose value is one (or, for checkbox, several) of the declared choices. */
export const CHOICE_TYPES: readonly ParameterType[] = ['choice', 'dropdown', 'checkbox'];
/** Types a dependency may point at: their values are choices. */
export const DEPENDENCY_SOURCE_TYPES: readonly ParameterType[] = ['checkbox', 'choice', 'dropdown'];
/** Types whose value is a string that min_length / max_length apply to. */
export const LENGTH_TYPES: readonly ParameterType[] = ['text', 'email', 'domain', 'url', 'password', 'subdomain'];

export const PARAMETER_PHASES = ['ordering', 'fulfillment', 'configuration'] as const;
export type ParameterPhase = (typeof PARAMETER_PHASES)[number];

export const PARAMETER_SCOPES = [
  'asset',
  'tier1',
  'tier2',
  'product',
  'item',
  'marketplace',
  'item_marketplace',
] as const;
export type ParameterScope = (typeof PARAMETER_SCOPES)[number];

/** How each parameter type reads on screen. */
export const PARAMETER_TYPE_LABELS: Record<ParameterType, string> = {
  text: 'Text',
  email: 'E-mail',
  domain: 'Domain',
  url: 'URL',
  subdomain: 'Subdomain',
  object: 'Object (JSON)',
  password: 'Password',
  phone: 'Phone',
  address: 'Address',
  checkbox: 'Checkbox',
  choice: 'Choice',
  dropdown: 'Dropdown',
  heading: 'Heading',
  content: 'Content',
};

export const PARAMETER_PHASE_LABELS: Record<ParameterPhase, string> = {
  ordering: 'Ordering',
  fulfillment: 'Fulfillment',
  configuration: 'Configuration',
};

/** Request scopes read as the tier labels of spec §1 (asset parameters are the customer's). */
export const PARAMETER_SCOPE_LABELS: Record<ParameterScope, string> = {
  asset: 'Customer',
  tier1: 'T1',
  tier2: 'T2',
  product: 'Product',
  item: 'Item',
  marketplace: 'Marketplace',
  item_marketplace: 'Item and marketplace',
};

/** Which scopes each phase allows: requests carry asset/tier parameters, configuration data the rest. */
export const SCOPES_BY_PHASE: Record<ParameterPhase, readonly ParameterScope[]> = {
  ordering: ['asset', 'tier1', 'tier2'],
  fulfillment: ['asset', 'tier1', 'tier2'],
  configuration: ['product', 'item', 'marketplace', 'item_marketplace'],
};

export interface ParamChoice {
  value: string;
  label: string;
  default?: boolean;
}

export interface ParameterDependency {
  /** The controlling checkbox / choice / dropdown parameter, by name (or id). */
  parameter: { id?: string | null; name?: string | null };
  /** Values of the controlling parameter that meet the dependency; empty = any value (any option checked). */
  values?: readonly string[] | null;
  /** Hide the parameter while the dependency is unmet (default true); false keeps it shown but optional. */
  hidden?: boolean | null;
  /** Constraints applied while the dependency is met (override the parameter's own). */
  required?: boolean | null;
  readonly?: boolean | null;
}

export interface ParameterConstraints {
  required?: boolean | null;
  hidden?: boolean | null;
  readonly?: boolean | null;
  unique?: boolean | null;
  reconciliation?: boolean | null;
  shared?: string | null;
  choices?: readonly ParamChoice[] | null;
  min_length?: number | null;
  max_length?: number | null;
  meta?: { choices?: readonly ParamChoice[] | null; [k: string]: unknown } | null;
  dependency?: ParameterDependency | null;
  level?: string | null;
  display_content?: string | null;
}

/** The part of a parameter definition the validator needs (a full catalogue Parameter fits). */
export interface ParameterLike {
  id?: string;
  name: string;
  type?: ParameterType | string | null;
  position?: number | null;
  constraints?: ParameterConstraints | null;
  /** Initial value: a string or a structured value. */
  default?: unknown;
  /** Phone parameters: ISO country used when the value names none. */
  default_country?: string | null;
}

/** A parameter's value as requests and configuration data carry it. */
export interface ParamValue {
  value?: string | null;
  structured_value?: unknown;
}

/** Values keyed by parameter name, or a request-style list of { id | name, value, structured_value }. */
export type ParamValues =
  | Record<string, ParamValue | null | undefined>
  | ReadonlyArray<ParamValue & { id?: string | null; name?: string | null }>;

export interface ParamError {
  /** The message to show on the field (the first problem found). */
  value_error?: string;
  /** Per-part messages of structured values (address fields, phone parts, subdomain choice/value, checkbox options). */
  structured_error?: Record<string, string>;
}

export interface ValidationResult {
  valid: boolean;
  errors: Record<string, ParamError>;
}

export interface AddressValue {
  address_line1?: string | null;
  address_line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}
export const ADDRESS_FIELDS = ['address_line1', 'address_line2', 'city', 'state', 'postal_code', 'country'] as const;
export const ADDRESS_REQUIRED_FIELDS = ['address_line1', 'city', 'state', 'postal_code', 'country'] as const;
