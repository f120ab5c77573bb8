#!/usr/bin/env node
// Extracts what the conformance suite needs from the reference OpenAPI document (Connect public API v37): for every
// GET operation, whether it answers a list, its 200 response schema and the filters it documents (name, lookups,
// ordering, type), plus the component schemas those responses reach. The result is committed
// (packages/server/test/conformance/reference.json) so CI needs no copy of the 2 MB reference. The documented filters
// of every list also go to packages/server/src/resources/reference-filters.json: the engine accepts each of them on
// the Trellis list of the same path (engine querySpec).
//
//   node scripts/extract-reference.mjs [path/to/connect-openapi-v37.yml]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = resolve(process.argv[2] ?? resolve(root, '../shared/reference/connect-openapi-v37.yml'));
const out = resolve(root, 'packages/server/test/conformance/reference.json');
const filtersOut = resolve(root, 'packages/server/src/resources/reference-filters.json');
const doc = parse(readFileSync(source, 'utf8'), { maxAliasCount: -1 });

const deref = (node) => {
  if (node?.$ref?.startsWith('#/components/')) {
    const [, , kind, name] = node.$ref.split('/');
    return deref(doc.components[kind][name]);
  }
  return node;
};

/** `**lookups:** eq, ne, in` and `**ordering:** true` from a filter's description. */
const described = (text, key) => new RegExp(`\\*\\*${key}:\\*\\*\\s*([^\\n]+)`).exec(text ?? '')?.[1]?.trim();

const operations = {};
const reached = new Set();
const reach = (node) => {
  if (!node || typeof node !== 'object') return;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
    const name = node.$ref.slice('#/components/schemas/'.length);
    if (reached.has(name)) return;
    reached.add(name);
    reach(doc.components.schemas[name]);
    return;
  }
  for (const v of Object.values(node)) reach(v);
};

for (const [path, item] of Object.entries(doc.paths)) {
  const get = item.get;
  if (!get) continue;
  const ok = deref(get.responses?.['200']);
  const schema = ok?.content?.['application/json']?.schema;
  if (!schema) continue;
  const list = schema.type === 'array';
  const filters = {};
  for (const p of [...(item.parameters ?? []), ...(get.parameters ?? [])].map(deref)) {
    // filters say so in their description; other query parameters (limit, select, hidden extras) are not filters
    if (p?.in !== 'query' || !/Filter for:/.test(p.description ?? '')) continue;
    const s = deref(p.schema) ?? {};
    filters[p.name] = {
      lookups: (described(p.description, 'lookups') ?? 'eq')
        .split(',')
        .map((l) => l.trim())
        .filter((l) => /^[a-z_]+$/.test(l)),
      ordering: described(p.description, 'ordering') === 'true',
      type: s.type ?? 'string',
      ...(s.format ? { format: s.format } : {}),
      ...(s.enum ? { enum: s.enum } : {}),
    };
  }
  const body = list ? schema.items : schema;
  reach(body);
  operations[path] = { list, schema: body, filters };
}

const schemas = Object.fromEntries([...reached].sort().map((n) => [n, doc.components.schemas[n]]));
writeFileSync(out, `${JSON.stringify({ source: 'connect-openapi-v37.yml', operations, schemas })}\n`);
// per list, keyed by the path's shape (`/products/{}/items`): name -> [type, ordering, ...lookups]
const kind = (f) =>
  f.type === 'integer' || f.type === 'number'
    ? 'number'
    : f.type === 'boolean'
      ? 'boolean'
      : f.format === 'date-time' || f.format === 'date'
        ? 'datetime'
        : 'string';
const lists = {};
for (const [path, op] of Object.entries(operations)) {
  if (!op.list || !Object.keys(op.filters).length) continue;
  lists[path.replace(/\{[^}]+\}/g, '{}')] = Object.fromEntries(
    Object.entries(op.filters).map(([name, f]) => [name, { type: kind(f), ordering: f.ordering, ops: f.lookups }]),
  );
}
writeFileSync(filtersOut, `${JSON.stringify(lists, null, 1)}\n`);
console.log(`${Object.keys(operations).length} GET operations, ${reached.size} schemas -> ${out}`);
