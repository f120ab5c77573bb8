import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { FilterDecl, ResourceDecl } from '@trellis/domain';
import { DEFAULT_LIMIT, MAX_LIMIT, type Served } from '../resources/engine.ts';
import { servedResources } from '../resources/routes.ts';

// The OpenAPI 3.1 document, derived from the same declarations the engine serves, plus every
// hand-written route seen by Fastify's onRoute hook, so no route is left out.

export const API_BASE = '/public/v1';
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

type Json = Record<string, any>;

/** How a hand-written route is described; routes without one still appear, with the generic responses. */
export interface RouteDoc {
  summary: string;
  tag?: string;
  body?: z.ZodType;
  /** Response body of a 200/201; omitted = any JSON. */
  response?: z.ZodType;
  status?: number;
}

interface SeenRoute {
  method: string;
  path: string;
  public: boolean;
}

const seen = new Map<string, SeenRoute>();
const docs = new Map<string, RouteDoc>();
let cached: Json | null = null;

/** `/accounts/:id` → `/accounts/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Fastify onRoute hook (registered on the root app): remember each route under /public/v1. */
export function collectRoute(route: RouteOptions): void {
  const url = route.url;
  if (!url.startsWith(`${API_BASE}/`)) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const m of methods) {
    const method = m.toLowerCase();
    if (!METHODS.has(method)) continue;
    const path = openApiPath(url.slice(API_BASE.length));
    seen.set(`${method} ${path}`, { method, path, public: Boolean(route.config?.public) });
    cached = null;
  }
}

/** Describe a hand-written route (path as registered, e.g. '/auth/login'). */
export function describeRoute(method: string, path: string, doc: RouteDoc): void {
  docs.set(`${method.toLowerCase()} ${openApiPath(path)}`, doc);
  cached = null;
}

// ---------------------------------------------------------------- schemas

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

class Components {
  schemas: Json = {
    Error: {
      type: 'object',
      description: 'Every error: the HTTP status plus a machine code and human-readable messages.',
      properties: {
        error_code: { type: 'string', examples: ['VAL_001'] },
        errors: { type: 'array', items: { type: 'string' }, examples: [['name: This field is required']] },
      },
      required: ['error_code', 'errors'],
    },
  };

  /** Register a zod schema under a name and return a $ref to it; unrepresentable parts become `{}`. */
  ref(name: string, schema: z.ZodType, io: 'input' | 'output'): Json {
    if (!this.schemas[name]) this.schemas[name] = this.convert(schema, io, name);
    return { $ref: `#/components/schemas/${name}` };
  }

  private convert(schema: z.ZodType, io: 'input' | 'output', name: string): Json {
    let out: Json;
    try {
      out = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io }) as Json;
    } catch {
      return {};
    }
    delete out.$schema;
    // Nested $defs (recursive schemas) move to components, their refs rewritten to the document root.
    const defs = out.$defs as Json | undefined;
    delete out.$defs;
    if (!defs) return out;
    const rename = (k: string) => `${name}_${k}`;
    const rewrite = (node: any): any => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (!node || typeof node !== 'object') return node;
      const copy: Json = {};
      for (const [k, v] of Object.entries(node)) {
        copy[k] =
          k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
            ? `#/components/schemas/${rename(v.slice('#/$defs/'.length))}`
            : rewrite(v);
      }
      return copy;
    };
    for (const [k, v] of Object.entries(defs)) this.schemas[rename(k)] = rewrite(v);
    return rewrite(out);
  }
}

// ---------------------------------------------------------------- operations

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const ERRORS = {
  400: errorResponse('Bad request: invalid body, query or state; the messages name the problem.'),
  401: errorResponse('Not authenticated.'),
  403: errorResponse('The module is not granted to the caller.'),
  404: errorResponse('Not found, or not visible to the caller.'),
};

const json = (schema: Json) => ({ 'application/json': { schema } });

function pathParams(path: string): Json[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function tagOf(path: string): string {
  const first = path.split('/').filter(Boolean)[0] ?? 'meta';
  return first.replace(/\{.*\}/, '') || 'meta';
}

const FILTER_TYPES: Record<FilterDecl['type'], Json> = {
  string: { type: 'string' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  datetime: { type: 'string', format: 'date-time' },
};

/** One query parameter per filterable field, with the RQL operators it accepts. */
function filterParams(decl: ResourceDecl): Json[] {
  return Object.entries(decl.filters).map(([field, f]) => ({
    name: field,
    in: 'query',
    required: false,
    description:
      `RQL filter on ${field}. Operators: ${f.ops.join(', ')}. Examples: \`${field}=value\`, \`${f.ops[0]}(${field},value)\`.` +
      (f.options ? ` Values: ${f.options.join(', ')}.` : ''),
    schema: f.options ? { type: 'string', enum: [...f.options] } : FILTER_TYPES[f.type],
    'x-rql-operators': [...f.ops],
  }));
}

const PAGING = [
  {
    name: 'limit',
    in: 'query',
    required: false,
    description: `Page size (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}); 0 returns only the total in Content-Range.`,
    schema: { type: 'integer', minimum: 0, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
  },
  {
    name: 'offset',
    in: 'query',
    required: false,
    description: 'Index of the first item.',
    schema: { type: 'integer', minimum: 0, default: 0 },
  },
];

const CONTENT_RANGE = {
  'Content-Range': {
    description: 'items <first>-<last>/<total> (0-based, inclusive).',
    schema: { type: 'string', examples: ['items 0-99/2500'] },
  },
};

function addOp(paths: Json, path: string, method: string, op: Json) {
  (paths[path] ??= {})[method] = op;
}

function resourceOps(paths: Json, c: Components, res: Served<any>) {
  const { decl } = res;
  const base = openApiPath(decl.path);
  const item = `${base}/{id}`;
  const tag = tagOf(base);
  const name = pascal(decl.name);
  const obj = c.ref(name, decl.schema, 'output');
  const params = pathParams(base);
  const itemParams = pathParams(item);
  const ordering = decl.ordering.length
    ? ` Ordering: \`ordering(${decl.ordering.map((o, i) => (i === 0 ? `-${o}` : o)).join(',')})\` over ${decl.ordering.join(', ')}` +
      (decl.defaultOrdering ? ` (default ${decl.defaultOrdering}).` : '.')
    : '';
  const search = decl.search.length ? ` \`search=term\` matches ${decl.search.join(', ')}.` : '';

  addOp(paths, base, 'get', {
    operationId: `${decl.name}_list`,
    tags: [tag],
    summary: `List ${decl.title.toLowerCase()}s`,
    description: `RQL query in the query string, e.g. \`and(eq(a,1),ne(b,2))\`; \`select(-field)\` leaves fields out.${ordering}${search}`,
    'x-module': decl.module,
    parameters: [
      ...params,
      ...filterParams(decl),
      ...PAGING,
      ...(decl.search.length ? [{ name: 'search', in: 'query', required: false, schema: { type: 'string' } }] : []),
    ],
    'x-rql': { filters: decl.filters, ordering: decl.ordering, search: decl.search },
    responses: {
      200: { description: 'A page of objects.', headers: CONTENT_RANGE, content: json({ type: 'array', items: obj }) },
      ...ERRORS,
    },
  });
  addOp(paths, item, 'get', {
    operationId: `${decl.name}_get`,
    tags: [tag],
    summary: `Get a ${decl.title.toLowerCase()}`,
    'x-module': decl.module,
    parameters: itemParams,
    responses: { 200: { description: decl.title, content: json(obj) }, ...ERRORS },
  });
  if (decl.create && res.create) {
    addOp(paths, base, 'post', {
      operationId: `${decl.name}_create`,
      tags: [tag],
      summary: `Create a ${decl.title.toLowerCase()}`,
      'x-module': decl.module,
      parameters: params,
      requestBody: { required: true, content: json(c.ref(`${name}Create`, decl.create, 'input')) },
      responses: { 201: { description: 'Created.', content: json(obj) }, ...ERRORS },
    });
  }
  if (decl.update && res.update) {
    addOp(paths, item, 'put', {
      operationId: `${decl.name}_update`,
      tags: [tag],
      summary: `Update a ${decl.title.toLowerCase()}`,
      'x-module': decl.module,
      parameters: itemParams,
      requestBody: { required: true, content: json(c.ref(`${name}Update`, decl.update, 'input')) },
      responses: { 200: { description: 'Updated.', content: json(obj) }, ...ERRORS },
    });
  }
  if (decl.remove) {
    addOp(paths, item, 'delete', {
      operationId: `${decl.name}_delete`,
      tags: [tag],
      summary: `Delete a ${decl.title.toLowerCase()}`,
      'x-module': decl.module,
      parameters: itemParams,
      responses: { 204: { description: 'Deleted.' }, ...ERRORS },
    });
  }
  for (const [action, a] of Object.entries(decl.machine?.actions ?? {})) {
    const from = a.from ? ` Allowed from status ${a.from.join(', ')}` + (a.to ? `; leads to ${a.to}.` : '.') : '';
    addOp(paths, `${item}/${action}`, 'post', {
      operationId: `${decl.name}_${action}`,
      tags: [tag],
      summary: a.label ?? `${action} a ${decl.title.toLowerCase()}`,
      description: `State-machine action.${from}`,
      'x-module': decl.module,
      parameters: itemParams,
      ...(a.body
        ? { requestBody: { required: true, content: json(c.ref(`${name}${pascal(action)}`, a.body, 'input')) } }
        : {}),
      responses: { 200: { description: 'The object after the action.', content: json(obj) }, ...ERRORS },
    });
  }
}

function handWrittenOp(c: Components, route: SeenRoute): Json {
  const doc = docs.get(`${route.method} ${route.path}`);
  const key = `${route.method}_${route.path}`
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/_$/, '');
  const status = doc?.status ?? 200;
  const ok = doc?.response ? c.ref(pascal(`${key}_response`), doc.response, 'output') : {};
  return {
    operationId: key,
    tags: [doc?.tag ?? tagOf(route.path)],
    summary: doc?.summary ?? `${route.method.toUpperCase()} ${route.path}`,
    parameters: pathParams(route.path),
    ...(doc?.body
      ? { requestBody: { required: true, content: json(c.ref(pascal(`${key}_body`), doc.body, 'input')) } }
      : {}),
    ...(route.public ? { security: [] } : {}),
    responses: { [status]: { description: 'Success.', content: json(ok) }, ...ERRORS },
  };
}

function build(): Json {
  const c = new Components();
  const paths: Json = {};
  for (const res of servedResources) resourceOps(paths, c, res);
  for (const route of seen.values()) {
    if (paths[route.path]?.[route.method]) continue;
    addOp(paths, route.path, route.method, handWrittenOp(c, route));
  }
  const sorted = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((p) => [p, paths[p]]),
  );
  const tags = [
    ...new Set(Object.values(sorted).flatMap((ops: any) => Object.values(ops).flatMap((o: any) => o.tags))),
  ].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trellis API',
      version: '1',
      description:
        'Lists take RQL queries and return a JSON array with a Content-Range header. ' +
        'Errors are {"error_code", "errors"}. The same API is served under /rest/v1.',
    },
    servers: [{ url: API_BASE }],
    security: [{ ApiKey: [] }, { Session: [], SessionHeader: [] }],
    tags: tags.map((name) => ({ name })),
    paths: sorted,
    components: {
      schemas: c.schemas,
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'API token: `ApiKey SU-XXX-XXX-XXX:<secret>`.',
        },
        Session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'trellis_session',
          description: 'Portal session cookie set by POST /auth/login.',
        },
        SessionHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'x-session-id',
          description: 'The session id returned by /auth/login; required with the cookie on writes.',
        },
      },
    },
  };
}

/** The document, built once after the routes are registered; rebuilt only if routes are added later. */
export function openApiDocument(): Json {
  cached ??= build();
  return cached;
}

/** Every route under /public/v1 the app registered, as `{ method, path }` with `{param}` segments (for contract tests). */
export function knownRoutes(): { method: string; path: string }[] {
  return [...seen.values()].map(({ method, path }) => ({ method, path }));
}
