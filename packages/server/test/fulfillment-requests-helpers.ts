import { expect } from 'vitest';
import type { FulfillmentWorld } from './fulfillment-fixture.ts';
import type { Session } from './helpers.ts';

// Shared steps of the asset request tests: calls with expected statuses, and requests brought into a status.

export const API = '/public/v1';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function call(w: FulfillmentWorld, who: Session, method: Method, url: string, payload?: unknown) {
  return w.t.call(who, { method, url: `${API}${url}`, payload: payload as any });
}

/** Call and expect a status; the JSON body. */
export async function expectStatus(
  w: FulfillmentWorld,
  who: Session,
  method: Method,
  url: string,
  payload: unknown,
  status: number,
) {
  const res = await call(w, who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
}

/** POST /requests/{id}/{action}, expecting 200 unless told. */
export const act = (w: FulfillmentWorld, who: Session, id: string, action: string, body: unknown = {}, status = 200) =>
  expectStatus(w, who, 'POST', `/requests/${id}/${action}`, body, status);

/** Expect an error answer whose messages contain `message`. */
export async function expectError(
  w: FulfillmentWorld,
  who: Session,
  method: Method,
  url: string,
  payload: unknown,
  status: number,
  message: string,
) {
  const body = await expectStatus(w, who, method, url, payload, status);
  expect(body.errors.join('\n')).toContain(message);
  return body;
}

/** A purchase body with some asset fields replaced. */
export function purchaseWith(w: FulfillmentWorld, asset: Record<string, unknown>, top: Record<string, unknown> = {}) {
  const body = w.purchaseBody(top) as any;
  return { ...body, asset: { ...body.asset, ...asset } };
}

export async function templateOf(w: FulfillmentWorld, type = 'fulfillment') {
  const list = await expectStatus(w, w.vendor, 'GET', `/products/${w.product.id}/templates`, undefined, 200);
  return list.find((t: any) => t.type === type && t.scope === 'asset');
}

/** The vendor fills the fulfillment parameter. */
export const fillActivation = (w: FulfillmentWorld, id: string, code = 'ACT-123') =>
  expectStatus(
    w,
    w.vendor,
    'PUT',
    `/requests/${id}`,
    { asset: { params: [{ id: 'activation_code', value: code }] } },
    200,
  );

/** A purchase approved with the Welcome template; returns the request. */
export async function approvedPurchase(w: FulfillmentWorld, code = 'ACT-123') {
  const r = await w.purchase();
  await fillActivation(w, r.id, code);
  return act(w, w.vendor, r.id, 'approve', { template_id: (await templateOf(w)).id });
}

export const future = (ms = 3_600_000) => new Date(Date.now() + ms).toISOString();

/** A purchase request brought into `status` through the API (pending ones have their activation code filled). */
export async function purchaseIn(w: FulfillmentWorld, status: string): Promise<any> {
  if (status === 'draft') return w.purchase({ status: 'draft' });
  const r = await w.purchase();
  await fillActivation(w, r.id);
  switch (status) {
    case 'pending':
      return r;
    case 'inquiring':
      await expectStatus(
        w,
        w.vendor,
        'PUT',
        `/requests/${r.id}`,
        { asset: { params: [{ id: 'admin_email', value_error: 'Unknown domain' }] } },
        200,
      );
      return act(w, w.vendor, r.id, 'inquire');
    case 'approved':
      return act(w, w.vendor, r.id, 'approve', { activation_tile: 'Done' });
    case 'failed':
      return act(w, w.vendor, r.id, 'fail', { reason: 'Out of stock' });
    case 'scheduled':
      return act(w, w.vendor, r.id, 'schedule', { planned_date: future() });
    case 'revoking':
      await act(w, w.vendor, r.id, 'schedule', { planned_date: future() });
      return act(w, w.provider, r.id, 'revoke', { reason: 'Customer changed plans' });
    case 'revoked':
      await act(w, w.vendor, r.id, 'schedule', { planned_date: future() });
      await act(w, w.provider, r.id, 'revoke', { reason: 'Customer changed plans' });
      return act(w, w.vendor, r.id, 'confirm');
    default:
      throw new Error(`no way to ${status}`);
  }
}

export const assetOf = (w: FulfillmentWorld, id: string, who: Session = w.vendor) =>
  expectStatus(w, who, 'GET', `/assets/${id}`, undefined, 200);
