import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { DEMO_PASSWORD } from './demo.ts';

/** The hosts of Demo Vendor's portals: `localhost:<port>` and `vendor.localhost:<port>` reach the same server. */
export const demoVendorHosts = (config: Pick<Config, 'port'>) => [
  `localhost:${config.port}`,
  `vendor.localhost:${config.port}`,
];

/**
 * Demo Vendor's brand, made through the API as the vendor would: its own look on two portal hosts, so opening the
 * demo at http://localhost:<port> shows the vendor's portal while http://127.0.0.1:<port> shows the installation's.
 * Demo Provider keeps the installation's brand.
 */
export async function seedDemoBranding(app: FastifyInstance, config: Pick<Config, 'port'>) {
  const login = await app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email: 'vendor@demo.trellis', password: DEMO_PASSWORD },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const headers = { cookie, 'x-session-id': login.json().session_id };
  const call = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `/public/v1${url}`, headers, payload });
    if (res.statusCode >= 300) throw new Error(`demo branding: POST ${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const brand = await call('/brands', { name: 'Demo Vendor Cloud', subdomain: 'demo-vendor' });
  const look = {
    theme: { primary: '#2e7d32', navigation: '#ffffff', accent: '#bf360c' },
    urls: { tos: 'https://demo-vendor.example.com/terms', sign_up: 'https://demo-vendor.example.com/sign-up' },
    signin: { help: 'https://demo-vendor.example.com/help' },
    footer: { content: 'Demo Vendor Cloud · Trellis {version} · © {year}' },
  };
  const [main, second] = demoVendorHosts(config);
  await call(`/brands/${brand.id}/portals`, { domains: main, title: 'Demo Vendor Cloud', ...look });
  await call(`/brands/${brand.id}/portals`, { domains: second, title: 'Demo Vendor Partners', ...look });
  return brand;
}
