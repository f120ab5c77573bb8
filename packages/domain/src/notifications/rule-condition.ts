import type { RqlNode } from '../rql/ast.ts';
import { parseRql } from '../rql/parse.ts';

// A notification rule's condition (reference ns.NotificationRule `condition`): an RQL filter over the event's object
// as the rule's account reads it, e.g. `and(eq(asset.product.id,PRD-123-456-789),eq(status,pending))`. Empty: always.

/** The value at a dotted path; an array is searched by its members' id or name, then by index. */
export function valueAt(obj: unknown, path: string): unknown {
  let node: unknown = obj;
  for (const part of path.split('.')) {
    if (node === null || node === undefined) return undefined;
    if (Array.isArray(node))
      node = node.find((e) => e && typeof e === 'object' && (e.id === part || e.name === part)) ?? node[Number(part)];
    else if (typeof node === 'object') node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return node;
}

const text = (v: unknown) =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);

function compare(a: unknown, b: string | null): number {
  const x = text(a);
  if (x === null || b === null) return Number.NaN;
  const [n, m] = [Number(x), Number(b)];
  if (x.trim() !== '' && b.trim() !== '' && !Number.isNaN(n) && !Number.isNaN(m)) return n - m;
  return x < b ? -1 : x > b ? 1 : 0;
}

const likeRe = (pattern: string, flags: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`, flags);

/** Whether the object matches the RQL node. */
export function matchesNode(node: RqlNode, obj: unknown): boolean {
  switch (node.type) {
    case 'and':
      return node.args.every((n) => matchesNode(n, obj));
    case 'or':
      return node.args.some((n) => matchesNode(n, obj));
    case 'not':
      return !matchesNode(node.arg, obj);
    case 'null': {
      const v = valueAt(obj, node.field);
      return (v === null || v === undefined) === node.isNull;
    }
    case 'list': {
      const v = text(valueAt(obj, node.field));
      const found = node.values.includes(v);
      return node.op === 'in' ? found : !found;
    }
    case 'range': {
      const v = valueAt(obj, node.field);
      return compare(v, node.from) >= 0 && compare(v, node.to) <= 0;
    }
    case 'compare': {
      const v = valueAt(obj, node.field);
      if (node.op === 'like' || node.op === 'ilike')
        return node.value !== null && likeRe(node.value, node.op === 'ilike' ? 'i' : '').test(text(v) ?? '');
      if (node.op === 'eq') return text(v) === node.value;
      if (node.op === 'ne') return text(v) !== node.value;
      const c = compare(v, node.value);
      if (Number.isNaN(c)) return false;
      return { gt: c > 0, ge: c >= 0, lt: c < 0, le: c <= 0 }[node.op];
    }
  }
}

/** Why a condition is not a filter a rule can use, or null. */
export function conditionIssue(condition: string): string | null {
  if (!condition.trim()) return null;
  try {
    const q = parseRql(condition);
    if (q.select || q.ordering.length || q.limit !== null || q.offset !== null || q.search !== null)
      return 'A condition is a filter only (no select, ordering, limit or search).';
    return null;
  } catch (e) {
    return `Not a valid RQL filter: ${(e as Error).message}`;
  }
}

/** Whether the object meets the condition (an empty condition always holds; an invalid one never). */
export function conditionHolds(condition: string, obj: unknown): boolean {
  if (!condition.trim()) return true;
  try {
    const { filter } = parseRql(condition);
    return filter ? matchesNode(filter, obj) : true;
  } catch {
    return false;
  }
}
