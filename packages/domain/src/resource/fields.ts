// Display metadata: what a screen needs to show a field of a resource. Lists, details, the events and references
// blocks are rendered from it (portal components/display); a screen overrides a field only where it needs more.

export type FieldKind =
  /** An object id (monospace, copyable). */
  | 'id'
  /** Plain text; long text is truncated in lists (spec §9). */
  | 'text'
  /** Text kept with its line breaks. */
  | 'multiline'
  | 'markdown'
  | 'number'
  /** The object's status: a chip in the machine's tone. */
  | 'status'
  /** A value from a fixed set, shown with `labels`. */
  | 'enum'
  /** A list of values (strings, or objects with id/name), each shown with `labels`. */
  | 'list'
  /** A date and time (spec §9: 'L LT', 12 or 24 hours as the user chose). */
  | 'date'
  /** An amount; `currency` names the path of its currency code. */
  | 'money'
  | 'bytes'
  | 'percent'
  /** Seconds, shown as days, hours, minutes or seconds. */
  | 'duration'
  | 'bool'
  /** A service level indicator `{zone, days, until}`: a zone chip with the time left (slm). */
  | 'sli'
  /** Another object `{id, name}`, linked to `route`. */
  | 'ref'
  /** The other side of a deal: the provider to a vendor, the vendor to a provider (`party`). */
  | 'party'
  /** A user `{id, name, email}`. */
  | 'user'
  /** An ISO 3166 country code, shown by its name. */
  | 'country'
  /** A phone number `{country_code, area_code, phone_number, extension}`. */
  | 'phone'
  /** An item quantity: a number, or unlimited (-1). */
  | 'quantity'
  /** A postal address `{address_line1, address_line2, postal_code, city, state, country}`, on lines. */
  | 'address'
  /** A contact person `{first_name, last_name, email, phone_number}`. */
  | 'contact'
  | 'email'
  | 'url';

export interface FieldDisplay {
  label: string;
  kind: FieldKind;
  /** enum / list: how each value reads. */
  labels?: Readonly<Record<string, string>>;
  /** ref: the named portal route that opens the object; its `id` parameter is the reference's id. */
  route?: string;
  /** ref: further route parameters, as object paths (e.g. `{ productId: 'product.id' }`). */
  routeParams?: Readonly<Record<string, string>>;
  /** party: the paths of the vendor and of the provider. */
  party?: { vendor: string; provider: string };
  /** money: the path of the currency code. */
  currency?: string;
  /** What shows when the value is missing (default a dash). */
  empty?: string;
  /** Details leave the field out while it holds nothing (a reason nobody gave yet, a T2 there is not). */
  hideEmpty?: boolean;
  /** The RQL field a list sorts this column by, when it is not the field itself (a ref sorts by its name). */
  sort?: string;
}

export type Fields = Readonly<Record<string, FieldDisplay>>;

/** The list page of a resource: its columns, which stay at phone width, and the choice filters offered. */
export interface ListDecl {
  columns: readonly string[];
  /** Columns kept on a phone (under 600 px); default: the first two and the status. */
  phone?: readonly string[];
  /** Fields offered as choice filters (enums with options); default: status and type when filterable. */
  filters?: readonly string[];
}

/** The details tab of a resource: its fields, in order (refs go to the references block, events to theirs). */
export interface DetailDecl {
  fields: readonly string[];
}

/** A dotted path's value: `get(o, 'asset.product.name')`. */
export function getPath(obj: unknown, path: string): unknown {
  let node: any = obj;
  for (const part of path.split('.')) {
    if (node === null || node === undefined) return undefined;
    node = node[part];
  }
  return node;
}
