import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from './demo.ts';

/** A logged-in demo user calling the public API, as the portal would: demo data goes through every rule. */
export async function demoUser(app: FastifyInstance, email: string, area: string) {
  const login = await app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  const body = login.json();
  const headers = {
    cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-session-id': body.session_id,
  };
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/public/v1${url}`, headers, payload });
    if (res.statusCode >= 300) throw new Error(`demo ${area}: ${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.statusCode === 204 ? null : res.json();
  };
  /** A multipart/form-data upload of one file (and text fields), as a browser sends it. */
  const upload = async (url: string, file: { field: string; name: string; body: Buffer }, fields = {}) => {
    const boundary = '----trellis-demo-boundary';
    const parts = Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`),
    );
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const payload = Buffer.concat([...parts, Buffer.from(head), file.body, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await app.inject({
      method: 'POST',
      url: `/public/v1${url}`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (res.statusCode >= 300) throw new Error(`demo ${area}: POST ${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const logout = () => app.inject({ method: 'POST', url: '/public/v1/auth/logout', headers });
  return { accountId: body.account.id as string, call, upload, logout };
}
export type DemoUser = Awaited<ReturnType<typeof demoUser>>;
