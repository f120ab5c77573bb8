import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.ts';

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await testApp();
  const res = await t.app.inject({ method: 'GET', url: '/public/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

/** Every "#/components/..." reference in the document. */
function refs(node: any, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

describe('OpenAPI document', () => {
  it('is served without authentication as OpenAPI 3.1 with the ApiKey scheme and the error body', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/public/v1' }]);
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    expect(doc.components.schemas.Error.required).toEqual(['error_code', 'errors']);
    // The same document on the alias, built once.
    const again = await t.app.inject({ method: 'GET', url: '/rest/v1/openapi.json' });
    expect(again.json()).toEqual(doc);
  });

  it('describes engine resources: RQL filters with their operators, paging, Content-Range, bodies', () => {
    const list = doc.paths['/accounts'].get;
    const name = list.parameters.find((p: any) => p.name === 'name');
    expect(name).toMatchObject({ in: 'query', 'x-rql-operators': expect.arrayContaining(['eq', 'like', 'in']) });
    expect(name.description).toContain('ilike');
    expect(list.parameters.find((p: any) => p.name === 'limit').schema).toMatchObject({ default: 100, maximum: 1000 });
    expect(list.responses['200'].headers['Content-Range']).toBeDefined();
    expect(list.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Account' },
    });
    expect(list.responses['400'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');

    const put = doc.paths['/accounts/{id}'].put;
    expect(put.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    const body = doc.components.schemas[put.requestBody.content['application/json'].schema.$ref.split('/').pop()];
    expect(body.properties.name.type).toBe('string');
    expect(body.properties.external_id).toBeDefined();
    // Accounts are opened only with an account invitation's code (sign-up, public), and never deleted here.
    const signUp = doc.paths['/accounts'].post;
    expect(signUp.security).toEqual([]);
    expect(signUp.summary).toContain('account invitation code');
    expect(doc.paths['/accounts/{id}'].delete).toBeUndefined();

    const audit = doc.paths['/audit/records'].get;
    expect(audit.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['object.id', 'object.type', 'action', 'actor.id', 'events.created.at']),
    );
    expect(doc.paths['/audit/records'].post).toBeUndefined();
  });

  it('lists every hand-written route, public ones without security, known ones with their body', () => {
    const login = doc.paths['/auth/login'].post;
    expect(login.security).toEqual([]);
    const loginBody =
      doc.components.schemas[login.requestBody.content['application/json'].schema.$ref.split('/').pop()];
    expect(loginBody.required).toEqual(['email', 'password']);
    expect(doc.paths['/auth/context'].get.security).toBeUndefined();
    expect(doc.paths['/accounts/{account}/statistics'].post.parameters[0]).toMatchObject({
      name: 'account',
      in: 'path',
    });
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);
    // Each documented operation is a real route of the app, and each operation id is unique.
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const url = `/public/v1${path.replace(/\{(\w+)\}/g, ':$1')}`;
        expect(t.app.hasRoute({ method: method.toUpperCase() as any, url }), `${method} ${path}`).toBe(true);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
      }
    }
  });

  it('has no dangling $ref', () => {
    for (const ref of refs(doc)) {
      expect(ref.startsWith('#/components/schemas/'), ref).toBe(true);
      expect(doc.components.schemas[ref.split('/').pop()!], ref).toBeDefined();
    }
  });
});

describe('/docs', () => {
  it('renders Swagger UI from local files only (works offline, strict CSP kept)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const urls = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) {
      expect(url.startsWith('/docs/'), url).toBe(true);
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.rawPayload.length, url).toBeGreaterThan(20);
    }
    expect(page.body).not.toMatch(/<script>[^<]/); // no inline script
    const init = await t.app.inject({ method: 'GET', url: '/docs/init.js' });
    expect(init.body).toContain('/public/v1/openapi.json');
  });
});
