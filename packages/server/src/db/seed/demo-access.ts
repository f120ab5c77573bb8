import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { readOutbox } from '../../mail/outbox.ts';
import type { DB } from '../schema.ts';
import { DEMO_PASSWORD } from './demo.ts';

/** The demo's managed account: a reseller signed up through Demo Provider's invitation. */
export const DEMO_RESELLER = { email: 'reseller@demo.trellis', name: 'Rita Reseller', account: 'Demo Reseller' };

/**
 * Demo Provider invites a reseller, who opens its account with the e-mailed code, as a real one would (issue 14): the
 * provider manages it, so its admins can log in as Rita Reseller. A second, still pending invitation shows in the list.
 */
export async function seedDemoAccess(app: FastifyInstance, db: Kysely<DB>) {
  const login = await app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email: 'provider@demo.trellis', password: DEMO_PASSWORD },
  });
  const headers = {
    cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-session-id': login.json().session_id,
  };
  const providerId = login.json().account.id as string;
  const call = async (url: string, payload: object, auth: Record<string, string> | null = headers) => {
    const res = await app.inject({ method: 'POST', url: `/public/v1${url}`, headers: auth ?? {}, payload });
    if (res.statusCode >= 300) throw new Error(`demo access: POST ${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };

  await call(`/accounts/${providerId}/invitations`, {
    email: DEMO_RESELLER.email,
    type: 'provider',
    role: 'reseller',
    message: 'Welcome to our reseller programme.',
  });
  const [mail] = await readOutbox(db, { to: DEMO_RESELLER.email, limit: 1 });
  const code = /\/signup\?code=([^\s&]+)/.exec(mail?.body_text ?? '')?.[1];
  if (!code) throw new Error('demo access: no invitation code was mailed');
  const account = await call(
    `/accounts?code=${code}`,
    { name: DEMO_RESELLER.account, user: { name: DEMO_RESELLER.name, password: DEMO_PASSWORD } },
    null,
  );
  await call(`/accounts/${providerId}/invitations`, { email: 'newcomer@reseller.example', type: 'provider' });
  return { reseller: account as { id: string; name: string } };
}
