import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** What a statement wrote: its table, and the columns an update set (null: every column, or not known). */
export interface Write {
  table: string;
  op: 'insert' | 'update' | 'delete';
  columns: string[] | null;
}

const RAW_WRITE = /^\s*(update|insert\s+into|delete\s+from)\s+"?([a-z_][a-z0-9_]*)/i;
const RAW_WRITE_START = /^\s*(update|insert|delete)\b/i;

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  const n = node as any;
  if (n.kind === 'TableNode') return n.table.identifier.name;
  if (n.kind === 'AliasNode') return tableName(n.node);
  // sql.table(name) inside a sql`` template: a raw node around the table
  if (n.kind === 'RawNode' && n.parameters?.length === 1 && (n.sqlFragments as string[]).every((f) => !f.trim()))
    return tableName(n.parameters[0]);
  return null;
}

function writeOf(node: RootOperationNode): Write | null {
  const n = node as any;
  switch (n.kind) {
    case 'InsertQueryNode':
      return { table: tableName(n.into) ?? '', op: 'insert', columns: null };
    case 'UpdateQueryNode':
      return {
        table: tableName(n.table) ?? '',
        op: 'update',
        columns: (n.updates ?? []).map((u: any) => u.column?.column?.name ?? ''),
      };
    case 'DeleteQueryNode':
      return { table: tableName(n.from?.froms?.[0]) ?? '', op: 'delete', columns: null };
    case 'RawNode': {
      // sql`update ${sql.table(name)} …` (the engine's writes): the table is a parameter node
      const fragments = n.sqlFragments as string[];
      // most statements are reads: told apart by their first word, before the text is put together
      if (fragments[0]?.trim() && !RAW_WRITE_START.test(fragments[0])) return null;
      const text = fragments
        .map((f, i) => f + (tableName(n.parameters?.[i]) ?? (i < fragments.length - 1 ? '?' : '')))
        .join('');
      const m = RAW_WRITE.exec(text);
      if (!m) return null;
      const op = m[1].slice(0, 6).toLowerCase() as 'insert' | 'update' | 'delete';
      return { table: m[2].toLowerCase(), op, columns: null };
    }
    default:
      return null;
  }
}

/**
 * Tells this process of its own writes, statement by statement, as they run (before their transaction commits).
 * The database tells every process of a commit (a NOTIFY from a trigger), but that reaches the writer's own
 * listener a moment after the commit's answer; a cache that must never answer from what its own process just
 * changed drops it here too (http/caller-cache.ts).
 */
export class WriteWatch implements KyselyPlugin {
  private readonly seen = new WeakMap<object, Write>();
  private readonly listeners = new Set<(w: Write) => void>();

  on(fn: (w: Write) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size) {
      const w = writeOf(args.node);
      if (w?.table) this.seen.set(args.queryId, w);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const w = this.seen.get(args.queryId);
    if (w) for (const fn of this.listeners) fn(w);
    return args.result;
  }
}
