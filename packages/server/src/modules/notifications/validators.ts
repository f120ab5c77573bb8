import type { Kysely } from 'kysely';
import type { TriggerInfo, WebhookObjectClass, WebhookType } from '@trellis/domain';
import type { DB } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { newId } from '../../resources/ids.ts';
import { signedHeaders } from './deliver.ts';
import { call } from './outbound.ts';
import { outboundPolicy } from './policy.ts';
import { countCall } from './stats.ts';
import { webhookWithSecret } from './webhooks.ts';

// Validator webhooks (spec §4, dynamic validation): the vendor's service checks a draft or inquiring request before
// it is saved. It is POSTed the request with the values being validated and answers the request back, each
// parameter with its `value_error` (empty when valid) and, if it corrects one, its `value`. A service that cannot
// be reached, is too slow or answers something else is a 400 naming it: the user can try again; never a 5xx.

export interface ValidatedParam {
  id: string;
  value?: unknown;
  value_error?: string;
}

const unavailable = (why: string) =>
  ApiError.badRequest(`The vendor's validation service ${why}. Try again later, or contact the vendor.`);

/** The params a validator answered, or a 400 describing what it answered instead. */
function paramsOf(body: string): ValidatedParam[] {
  let parsed: any;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw unavailable('answered something that is not JSON');
  }
  const params = parsed?.asset?.params ?? parsed?.params;
  if (!Array.isArray(params) || params.some((p) => typeof p?.id !== 'string'))
    throw unavailable('answered without the request’s parameters');
  return params.map((p: any) => ({
    id: p.id,
    ...('value' in p && { value: p.value }),
    value_error: typeof p.value_error === 'string' ? p.value_error : '',
  }));
}

/**
 * Ask the vendor's active validator webhook of `type` for this product; null when it has none (the built-in
 * validation alone applies).
 */
export async function askValidator(
  db: Kysely<DB>,
  o: { vendorId: string; productId: string; type: WebhookType; objectClass: WebhookObjectClass; draft: object },
): Promise<ValidatedParam[] | null> {
  const hook = await db
    .selectFrom('webhooks')
    .select('id')
    .where('account_id', '=', o.vendorId)
    .where('product_id', '=', o.productId)
    .where('type', '=', o.type)
    .where('object_class', '=', o.objectClass)
    .where('active', '=', true)
    .orderBy('created_at')
    .executeTakeFirst();
  if (!hook) return null;
  const found = await webhookWithSecret(db, hook.id);
  if (!found) return null;
  const now = new Date();
  const body = JSON.stringify(o.draft);
  const headers = await signedHeaders(found.webhook, found.secret, body, {
    delivery: newId('WHD', 4, 4),
    event: o.type,
    eventId: newId('EV', 4, 4),
    object: (o.draft as { id?: string }).id ?? null,
    now,
  });
  const result = await call(found.webhook.external_url, { method: 'POST', headers, body }, outboundPolicy());
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const info: TriggerInfo = {
    time: now.toISOString(),
    response: { body: result.body.slice(0, 2000) },
    duration: result.durationMs,
    status: ok ? 'success' : 'failure',
    status_code: result.statusCode,
    ...(!ok && { errors: result.error ?? `The receiver answered ${result.statusCode}.` }),
  };
  try {
    if (result.error) throw unavailable(`could not be reached (${result.error.replace(/\.$/, '')})`);
    if (!ok) throw unavailable(`answered ${result.statusCode}`);
    return paramsOf(result.body);
  } catch (e) {
    info.status = 'failure';
    info.errors ??= (e as Error).message;
    throw e;
  } finally {
    await countCall(db, hook.id, info);
  }
}
