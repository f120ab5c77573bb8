import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from './demo.ts';

type Contact = {
  first_name: string;
  last_name: string;
  email: string;
  phone: [country: string, area: string, number: string];
};

/** One tier account body in the reference shape (contact inside contact_info). */
function account(
  name: string,
  uid: string,
  address: [line1: string, city: string, state: string, postal: string, country: string],
  c: Contact,
  extra: object = {},
) {
  const [address_line1, city, state, postal_code, country] = address;
  const [country_code, area_code, phone_number] = c.phone;
  return {
    name,
    external_uid: uid,
    external_id: uid.toUpperCase(),
    contact_info: {
      address_line1,
      city,
      state,
      postal_code,
      country,
      contact: {
        first_name: c.first_name,
        last_name: c.last_name,
        email: c.email,
        phone_number: { country_code, area_code, phone_number },
      },
    },
    ...extra,
  };
}

/**
 * Demo Provider's customers, made through the public API as the provider would: a T1 reseller and a few
 * customers, two of them served through that reseller, and one address change (so versions show history).
 */
export async function seedDemoTiers(app: FastifyInstance) {
  const login = await app.inject({
    method: 'POST',
    url: '/public/v1/auth/login',
    payload: { email: 'provider@demo.trellis', password: DEMO_PASSWORD },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const headers = { cookie, 'x-session-id': login.json().session_id };
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url: `/public/v1${url}`, headers, payload });
    if (res.statusCode >= 300) throw new Error(`demo tier accounts: ${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const reseller = await call(
    'POST',
    '/tier/accounts',
    account(
      'Alpine IT Partners',
      'alpine-it',
      ['Bahnhofstrasse 12', 'Zürich', 'Zürich', '8001', 'CH'],
      {
        first_name: 'Lukas',
        last_name: 'Meier',
        email: 'lukas.meier@alpine-it.example',
        phone: ['+41', '44', '2345678'],
      },
      { type: 'reseller', tax_id: 'CHE-123.456.789' },
    ),
  );

  await call(
    'POST',
    '/tier/accounts',
    account(
      'Bergmann Logistik GmbH',
      'bergmann-logistik',
      ['Hafenstraße 7', 'Hamburg', 'Hamburg', '20457', 'DE'],
      {
        first_name: 'Anna',
        last_name: 'Bergmann',
        email: 'anna.bergmann@bergmann-logistik.example',
        phone: ['+49', '40', '12345678'],
      },
      { tax_id: 'DE811907980', parent: { id: reseller.id } },
    ),
  );

  await call(
    'POST',
    '/tier/accounts',
    account(
      'Lakeside Dental Clinic',
      'lakeside-dental',
      ['Seefeldstrasse 45', 'Zürich', 'Zürich', '8008', 'CH'],
      {
        first_name: 'Sofia',
        last_name: 'Keller',
        email: 'office@lakeside-dental.example',
        phone: ['+41', '44', '3456789'],
      },
      { parent: { id: reseller.id } },
    ),
  );

  const bakery = await call(
    'POST',
    '/tier/accounts',
    account('Harbor Street Bakery', 'harbor-bakery', ['118 Harbor Street', 'Boston', 'MA', '02110', 'US'], {
      first_name: 'Michael',
      last_name: 'Reed',
      email: 'mike@harborbakery.example',
      phone: ['+1', '617', '4567890'],
    }),
  );
  // The bakery moved: the change makes version 2 and keeps version 1.
  await call('PUT', `/tier/accounts/${bakery.id}`, {
    contact_info: { ...bakery.contact_info, address_line1: '250 Atlantic Avenue', postal_code: '02110' },
  });

  await app.inject({ method: 'POST', url: '/public/v1/auth/logout', headers });
}
