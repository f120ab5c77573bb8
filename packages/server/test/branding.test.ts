import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, DEFAULT_HELP_URL, DEFAULT_TOS_URL } from '@trellis/domain';
import { testApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  // A vendor's brand served on two hosts; one host has moved elsewhere.
  const now = new Date().toISOString();
  const acme = {
    title: 'Acme Cloud',
    type: 'vendor',
    theme: { primary: '#2e7d32', navText: '#fffde7' },
    urls: { help: 'https://help.acme.test/' },
    footer: 'Acme {year}',
    analytics_key: 'UA-1',
  };
  await t.db
    .insertInto('brands')
    .values({
      id: 'BR-001',
      account_id: t.demo.vendor.id,
      title: 'Acme Cloud',
      type: 'vendor',
      replaced_by: null,
      created_at: now,
      updated_at: now,
      data: JSON.stringify(acme),
    })
    .execute();
  await t.db
    .insertInto('brand_portals')
    .values([
      {
        id: 'PO-001',
        brand_id: 'BR-001',
        account_id: t.demo.vendor.id,
        domain: 'portal.acme.test',
        type: 'vendor',
        replaced_by: null,
        created_at: now,
        updated_at: now,
        data: '{}',
      },
      {
        id: 'PO-002',
        brand_id: 'BR-001',
        account_id: t.demo.vendor.id,
        domain: 'old.acme.test:8443',
        type: 'vendor',
        replaced_by: 'portal.acme.test',
        created_at: now,
        updated_at: now,
        data: '{}',
      },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const portal = (headers: Record<string, string>, prefix = '/public/v1') =>
  t.app.inject({ method: 'GET', url: `${prefix}/branding/portal`, headers });

describe('GET /branding/portal', () => {
  it('answers an unknown host, without a session, with the installation brand and its defaults', async () => {
    const res = await portal({ 'x-original-host': 'unknown.example.com:5173' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 'BR-000',
      title: 'Trellis',
      type: 'universal',
      theme: { primary: '#1565c0', navText: '#ffffff', accent: '#1565c0' },
      // absent values (logo, signUp, analytics_key, replaced_by, owner, portal) are omitted
      urls: { help: DEFAULT_HELP_URL, tos: DEFAULT_TOS_URL, favicons: {} },
      footer: 'Trellis {version} · © {year}',
    });
    expect(res.json().urls.help).toMatch(/^https:\/\//);
  });

  it('maps a portal host (any case) to its brand, over the default theme and links', async () => {
    const res = await portal({ 'x-original-host': 'Portal.ACME.test' });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({
      id: 'BR-001',
      title: 'Acme Cloud',
      type: 'vendor',
      footer: 'Acme {year}',
      analytics_key: 'UA-1',
      owner: { id: t.demo.vendor.id, name: 'Demo Vendor' },
      portal: { domain: 'portal.acme.test', type: 'vendor' },
    });
    expect(b).not.toHaveProperty('replaced_by');
    // accent and tos were not set: the defaults fill them.
    expect(b.theme).toEqual({ primary: '#2e7d32', navText: '#fffde7', accent: DEFAULT_BRAND.theme.accent });
    expect(b.urls).toMatchObject({ help: 'https://help.acme.test/', tos: DEFAULT_TOS_URL });
  });

  it('matches the host with a port to a portal without one, and falls back to the Host header', async () => {
    expect((await portal({ 'x-original-host': 'portal.acme.test:8080' })).json().id).toBe('BR-001');
    expect((await portal({ host: 'portal.acme.test' })).json().id).toBe('BR-001');
    expect((await portal({ host: 'portal.acme.test' }, '/rest/v1')).json().id).toBe('BR-001');
    // The header the portal sends wins over Host.
    expect((await portal({ host: 'portal.acme.test', 'x-original-host': 'elsewhere.test' })).json().id).toBe('BR-000');
  });

  it('returns replaced_by of the portal, else of its brand', async () => {
    const moved = await portal({ 'x-original-host': 'old.acme.test:8443' });
    expect(moved.json()).toMatchObject({
      id: 'BR-001',
      replaced_by: 'portal.acme.test',
      portal: { domain: 'old.acme.test:8443' },
    });

    await t.db.updateTable('brands').set({ replaced_by: 'brand-new.acme.test' }).where('id', '=', 'BR-001').execute();
    try {
      expect((await portal({ 'x-original-host': 'portal.acme.test' })).json().replaced_by).toBe('brand-new.acme.test');
      // The portal's own target still wins.
      expect((await portal({ 'x-original-host': 'old.acme.test:8443' })).json().replaced_by).toBe('portal.acme.test');
    } finally {
      await t.db.updateTable('brands').set({ replaced_by: null }).where('id', '=', 'BR-001').execute();
    }
  });

  it('refuses a header that is not a host name with a 400 naming it', async () => {
    for (const bad of [
      '',
      'evil.test/path',
      'a b',
      'http://x.test',
      'x.test:99999',
      `${'a'.repeat(60)}.`.repeat(4) + 'example.test',
    ]) {
      const res = await portal({ 'x-original-host': bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error_code).toBe('VAL_001');
      expect(res.json().errors[0]).toMatch(/^X-Original-Host: must be a host name \(at most 253 characters/);
    }
  });
});

describe('GET /branding/brand', () => {
  it('returns one brand by id with its portals, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/v1/branding/brand?id=BR-001' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'BR-001', title: 'Acme Cloud' });
    expect(res.json().portals).toEqual([
      { domain: 'old.acme.test:8443', type: 'vendor' },
      { domain: 'portal.acme.test', type: 'vendor' },
    ]);
    const installation = await t.app.inject({ method: 'GET', url: '/public/v1/branding/brand?id=BR-000' });
    expect(installation.json()).toMatchObject({ id: 'BR-000', title: 'Trellis', portals: [] });
  });

  it('answers an unknown id with a JSON 404 and a missing id with a 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/public/v1/branding/brand?id=BR-999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error_code: 'NF_001', errors: ['Brand not found.'] });
    const none = await t.app.inject({ method: 'GET', url: '/public/v1/branding/brand' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual(['id: This field is required']);
  });
});
