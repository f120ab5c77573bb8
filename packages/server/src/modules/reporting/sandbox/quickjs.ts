import { posix } from 'node:path';
import { getQuickJS, type QuickJSContext, type QuickJSHandle } from 'quickjs-emscripten';
import type { ReportDefinition, ReportRow, ReportSource } from '../definition.ts';
import { PAGE } from '../protocol.ts';

// An uploaded report run inside QuickJS (a JavaScript interpreter compiled to WebAssembly): the code has no file
// system, network, process or timers, only the modules of its own archive and the `source` it is given, whose reads
// the server answers as the requester. Its memory is capped (capMemory: over it, the code fails with OutOfMemory);
// its time is capped by the server, which kills this process. Handles are not disposed: the process ends with the
// run.

export class OutOfMemory extends Error {}

const DRIVER = 'trellis:driver';
const MB = 1024 * 1024;
const WASM_PAGE = 64 * 1024;

/**
 * Let the QuickJS module's WebAssembly memory grow by `mb` at most from what it holds now. QuickJS's own memory limit
 * counts next to nothing in this build: it sizes each block with malloc_usable_size, which its emscripten build
 * lacks, so a 1 MB ArrayBuffer added 8 bytes to the count and a report could take far more than its limit. A refused growth makes
 * QuickJS's allocation fail, and the code gets QuickJS's "out of memory" at once.
 */
function capMemory(memory: WebAssembly.Memory, mb: number) {
  const cap = memory.buffer.byteLength + mb * MB;
  const grow = WebAssembly.Memory.prototype.grow;
  Object.defineProperty(memory, 'grow', {
    configurable: true,
    value(pages: number) {
      if (memory.buffer.byteLength + pages * WASM_PAGE > cap) throw new RangeError('over the report memory limit');
      return grow.call(memory, pages);
    },
  });
}

/** The driver module: imports the entrypoint, checks its shape, and feeds its rows to the host one by one. */
const driverOf = (entrypoint: string) => `
import report from ${JSON.stringify(`./${entrypoint}`)};
const host = globalThis.__host;
delete globalThis.__host;
if (!report || typeof report.rows !== 'function' || !Array.isArray(report.columns))
  throw new TypeError('${entrypoint} must export default { columns: [...], rows(source) }.');
const columns = report.columns.map((c) =>
  typeof c === 'string' ? { key: c, title: c } : { key: String(c.key), title: String(c.title ?? c.key) });
export const columnsJson = JSON.stringify(columns);
export async function run(account, parameters) {
  const source = {
    account: JSON.parse(account),
    parameters: JSON.parse(parameters),
    progress: (value, max) => host.progress(Number(value), Number(max)),
    async *list(resource, rql = '', params = {}) {
      const id = host.open(String(resource), String(rql), JSON.stringify(params));
      for (;;) {
        const batch = JSON.parse(await host.next(id));
        yield* batch.items;
        if (batch.done) return;
      }
    },
  };
  for await (const row of report.rows(source)) {
    host.row(JSON.stringify(Array.isArray(row) ? Object.fromEntries(columns.map((c, i) => [c.key, row[i]])) : row));
  }
}
`;

/**
 * A module name as the archive's path, relative to the importing module. An import from outside the archive
 * normalises to a name no file has ('?' first), which the loader refuses saying why (an error thrown here would be
 * reported as a module without a name).
 */
function normalize(base: string, requested: string): string {
  if (!requested.startsWith('./') && !requested.startsWith('../')) return `?${requested}`;
  const path = posix.normalize(posix.join(base === DRIVER ? '' : posix.dirname(base), requested));
  return path.startsWith('..') ? `?${requested}` : path;
}

function load(files: Record<string, string>, name: string) {
  if (name.startsWith('?'))
    return { error: new Error(`Cannot import '${name.slice(1)}': a report imports only files of its own archive.`) };
  return files[name] ?? { error: new Error(`Cannot find module '${name}' in the archive.`) };
}

function failureOf(vm: QuickJSContext, handle: QuickJSHandle): Error {
  const e = vm.dump(handle) as { name?: string; message?: string; stack?: string } | string;
  const message = typeof e === 'object' && e ? `${e.name ?? 'Error'}: ${e.message ?? ''}` : String(e);
  if (/out of memory/i.test(message)) return new OutOfMemory(message);
  const where = typeof e === 'object' && e?.stack ? `\n${e.stack.trim().split('\n').slice(0, 5).join('\n')}` : '';
  return new Error(`${message}${where}`);
}

/** A cell as a renderer writes it: strings, numbers, booleans and null as they are; anything else as JSON. */
const cellOf = (v: unknown) =>
  v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v) ? (v ?? null) : JSON.stringify(v);

export async function sandboxedReport(
  files: Record<string, string>,
  entrypoint: string,
  memoryMb: number,
): Promise<ReportDefinition> {
  const QuickJS = await getQuickJS();
  capMemory(QuickJS.getWasmMemory(), memoryMb);
  const runtime = QuickJS.newRuntime({ memoryLimitBytes: memoryMb * MB, maxStackSizeBytes: MB });
  runtime.setModuleLoader((name) => load(files, name), normalize);
  const vm = runtime.newContext();
  const settle = () => runtime.executePendingJobs();

  // what the host does for the code, set while its rows are read
  let host: {
    open(resource: string, rql: string, params: string): number;
    next(id: number): Promise<string>;
    row(json: string): void;
    progress(value: number, max: number): void;
  } | null = null;
  const hostObject = vm.newObject();
  const fn = (name: string, impl: (...args: QuickJSHandle[]) => QuickJSHandle | undefined) =>
    vm.setProp(hostObject, name, vm.newFunction(name, impl));
  fn('open', (r, q, p) => vm.newNumber(host!.open(vm.getString(r), vm.getString(q), vm.getString(p))));
  fn('next', (id) => {
    const deferred = vm.newPromise();
    host!.next(vm.getNumber(id)).then(
      (json) => deferred.resolve(vm.newString(json)),
      (e: Error) => deferred.reject(vm.newError(e.message)),
    );
    void deferred.settled.then(settle);
    return deferred.handle;
  });
  fn('row', (json) => void host!.row(vm.getString(json)));
  fn('progress', (v, m) => void host!.progress(vm.getNumber(v), vm.getNumber(m)));
  vm.setProp(vm.global, '__host', hostObject);

  const loaded = vm.evalCode(driverOf(entrypoint), DRIVER, { type: 'module' });
  if (loaded.error) throw failureOf(vm, loaded.error);
  // the module's promise settles once QuickJS runs its jobs, which resolvePromise's callbacks are among
  const exported = vm.resolvePromise(loaded.value);
  settle();
  const exports = await exported;
  if (exports.error) throw failureOf(vm, exports.error);
  const ns = exports.value;
  const columns = JSON.parse(vm.getString(vm.getProp(ns, 'columnsJson'))) as ReportDefinition['columns'];
  const runFn = vm.getProp(ns, 'run');

  return {
    columns,
    async *rows(source: ReportSource): AsyncIterable<ReportRow> {
      const buffered: ReportRow[] = [];
      const lists = new Map<number, AsyncIterator<unknown>>();
      let wake: (() => void) | null = null;
      const poke = () => {
        wake?.();
        wake = null;
      };
      host = {
        open(resource, rql, params) {
          lists.set(lists.size, source.list(resource, rql, JSON.parse(params))[Symbol.asyncIterator]());
          return lists.size - 1;
        },
        async next(id) {
          const it = lists.get(id);
          if (!it) throw new Error('No such list.');
          const items: unknown[] = [];
          while (items.length < PAGE) {
            const r = await it.next();
            if (r.done) return JSON.stringify({ items, done: true });
            items.push(r.value);
          }
          return JSON.stringify({ items, done: false });
        },
        row(json) {
          const row = JSON.parse(json) as Record<string, unknown>;
          buffered.push(Object.fromEntries(columns.map((c) => [c.key, cellOf(row[c.key])])) as ReportRow);
          poke();
        },
        progress: (value, max) => source.progress(value, max),
      };
      const started = vm.callFunction(
        runFn,
        vm.undefined,
        vm.newString(JSON.stringify(source.account)),
        vm.newString(JSON.stringify(source.parameters)),
      );
      if (started.error) throw failureOf(vm, started.error);
      let outcome: { failure?: Error } | null = null;
      void vm.resolvePromise(started.value).then((r) => {
        outcome = r.error ? { failure: failureOf(vm, r.error) } : {};
        poke();
      });
      settle();
      for (;;) {
        while (buffered.length) yield buffered.shift()!;
        if (outcome) break;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const { failure } = outcome as { failure?: Error };
      if (failure) throw failure;
    },
  };
}
