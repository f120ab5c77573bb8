import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { DEMO_PASSWORD } from './demo.ts';

const API = '/public/v1';

/**
 * Demo Vendor's leads: an active lead form (the default template) on the Secure Mail Suite listing in Demo Provider
 * Europe, and leads visitors sent through its public form — two new (the vendor's `leads` counter), one qualified,
 * one invalid. Sent through the public embed, as visitors do, from documentation addresses (so no real client's
 * throttle budget is spent); where the installation checks reCAPTCHA (no robot can answer it) the vendor records
 * them instead.
 */
export async function seedDemoLeads(app: FastifyInstance, config: Config) {
  const login = await app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    payload: { email: 'vendor@demo.trellis', password: DEMO_PASSWORD },
  });
  const headers = {
    cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-session-id': login.json().session_id,
  };
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, anonymous = false) => {
    const res = await app.inject({
      method,
      url: `${API}${url}`,
      ...(anonymous ? { remoteAddress: '192.0.2.80' } : { headers }),
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`demo leads: ${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const [listing] = await call('GET', '/listings?product.name=Secure%20Mail%20Suite&status=listed&limit=1');
  if (!listing) throw new Error('demo leads: the Secure Mail Suite listing is missing (seeded by demo-fulfillment.ts)');
  const form = await call('POST', '/leads/forms', { name: 'Secure Mail Suite enquiries', template: 'default' });
  await call('POST', `/leads/forms/${form.id}/activate`, {});
  await call('PUT', `/leads/listings/${listing.id}/form`, { id: form.id });

  const send = async (data: Record<string, unknown>) => {
    if (config.recaptchaSecret)
      return call('POST', '/leads/records', { name: String(data.name), listing: { id: listing.id }, data });
    const { id } = await call('POST', `/embed/leads/listings/${listing.id}/leads`, { data }, true);
    return { id };
  };
  await send({
    name: 'Sofia Lindqvist',
    email: 'sofia.lindqvist@nordhavn-shipping.example',
    company: 'Nordhavn Shipping',
    message: 'We run 120 mailboxes on premises and want to move them before the summer. Do you migrate archives?',
  });
  await send({
    name: 'Marco Bianchi',
    email: 'm.bianchi@studio-bianchi.example',
    company: 'Studio Bianchi Architetti',
    phone: '+390212345678',
    message: 'Pricing for 8 seats with the archive add-on, please.',
  });
  const qualified = await send({
    name: 'Claire Dubois',
    email: 'claire.dubois@boulangeries-dubois.example',
    company: 'Boulangeries Dubois',
    message: 'Our 35 shops need shared mailboxes. Could someone call me this week?',
  });
  await call('POST', `/leads/records/${qualified.id}/qualify`, { note: 'Call booked for Thursday; 35 seats.' });
  const spam = await send({
    name: 'Best SEO offer',
    email: 'seo@cheap-links.example',
    message: 'Buy backlinks now!!!',
  });
  await call('POST', `/leads/records/${spam.id}/invalidate`, { note: 'Spam.' });
  await app.inject({ method: 'POST', url: `${API}/auth/logout`, headers });
}
