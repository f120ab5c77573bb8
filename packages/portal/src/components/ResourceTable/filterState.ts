import { DEFAULT_PAGE_LIMIT } from '@trellis/domain/format/constants';

/** What a list page remembers between visits (URL `state` param and local storage). */
export interface TableState {
  search?: string;
  /** Exact id, a prefix (`PRD-123`) or a wildcard pattern (`PRD-*-0001`). */
  id?: string;
  /** Matches the id or the name. */
  idName?: string;
  /** Field filters: field → allowed values (an `in` term). */
  filters?: Record<string, string[]>;
  assignedToMe?: boolean;
  /** `name` or `-name`. */
  ordering?: string;
  limit?: number;
  offset?: number;
}

const PERSISTED: (keyof TableState)[] = ['search', 'id', 'idName', 'filters', 'assignedToMe', 'ordering', 'limit'];

/** The state without defaults and empty values, so an untouched table encodes to ''. */
export function normalizeState(s: TableState, defaults: { ordering?: string; limit?: number } = {}): TableState {
  const out: TableState = {};
  if (s.search?.trim()) out.search = s.search;
  if (s.id?.trim()) out.id = s.id.trim();
  if (s.idName?.trim()) out.idName = s.idName;
  const filters = Object.fromEntries(
    Object.entries(s.filters ?? {}).filter(([, v]) => Array.isArray(v) && v.length > 0),
  );
  if (Object.keys(filters).length) out.filters = filters;
  if (s.assignedToMe) out.assignedToMe = true;
  if (s.ordering && s.ordering !== defaults.ordering) out.ordering = s.ordering;
  if (s.limit && s.limit !== (defaults.limit ?? DEFAULT_PAGE_LIMIT)) out.limit = s.limit;
  if (s.offset) out.offset = s.offset;
  return out;
}

export function isEmptyState(s: TableState): boolean {
  return PERSISTED.every((k) => s[k] === undefined);
}

// base64url of UTF-8 JSON: safe in a query string and readable back by any client.
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** '' for an empty state (the URL then carries no `state`). */
export function encodeState(s: TableState): string {
  const persisted = Object.fromEntries(PERSISTED.filter((k) => s[k] !== undefined).map((k) => [k, s[k]]));
  return Object.keys(persisted).length ? toBase64Url(JSON.stringify(persisted)) : '';
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Reads an encoded state; anything malformed or of the wrong shape reads as null (ignored). */
export function decodeState(value: string | null | undefined): TableState | null {
  if (!value) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(fromBase64Url(value));
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const out: TableState = {};
  for (const k of ['search', 'id', 'idName', 'ordering'] as const)
    if (typeof r[k] === 'string') out[k] = r[k] as string;
  if (r.assignedToMe === true) out.assignedToMe = true;
  if (typeof r.limit === 'number' && Number.isSafeInteger(r.limit) && r.limit > 0 && r.limit <= 1000)
    out.limit = r.limit;
  if (r.filters && typeof r.filters === 'object' && !Array.isArray(r.filters)) {
    const f = Object.entries(r.filters as Record<string, unknown>).filter(([, v]) => isStrings(v)) as [
      string,
      string[],
    ][];
    if (f.length) out.filters = Object.fromEntries(f);
  }
  return out;
}

export const storageKey = (key: string) => `trellis.filters.${key}`;

export function loadStored(key: string): TableState | null {
  try {
    return decodeState(localStorage.getItem(storageKey(key)));
  } catch {
    return null;
  }
}

export function saveStored(key: string, s: TableState): void {
  try {
    const encoded = encodeState(s);
    if (encoded) localStorage.setItem(storageKey(key), encoded);
    else localStorage.removeItem(storageKey(key));
  } catch {
    /* storage full or disabled: the URL still carries the state */
  }
}

/**
 * The state a list starts with: the URL's `state` wins, then what the user left last time.
 * `restored` says whether anything came back (the page then offers RESET).
 */
export function initialState(urlValue: string | null, key: string): { state: TableState; restored: boolean } {
  const fromUrl = decodeState(urlValue);
  if (fromUrl && !isEmptyState(fromUrl)) return { state: fromUrl, restored: true };
  const stored = loadStored(key);
  if (stored && !isEmptyState(stored)) return { state: stored, restored: true };
  return { state: {}, restored: false };
}
