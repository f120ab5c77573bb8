import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generate } from 'selfsigned';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';

/** The SAML service provider's signing key and certificate (PEM). */
export interface SpKey {
  privateKey: string;
  cert: string;
}

const STATE_KEY = 'sso_sp_key';
let cached: { db: Kysely<DB>; key: SpKey } | null = null;

/**
 * The key that signs AuthnRequests, and the certificate SP metadata publishes: SSO_SP_KEY and SSO_SP_CERT (PEM) when
 * both are set, else a key pair and self-signed certificate made once per installation and kept in system_state
 * (every process shares it; concurrent first uses agree on the first one stored).
 */
export async function spKey(db: Kysely<DB>, config: Pick<Config, 'ssoSpKey' | 'ssoSpCert'>): Promise<SpKey> {
  if (config.ssoSpKey && config.ssoSpCert) return { privateKey: config.ssoSpKey, cert: config.ssoSpCert };
  if (cached?.db === db) return cached.key;
  let row = await db.selectFrom('system_state').select('value').where('key', '=', STATE_KEY).executeTakeFirst();
  if (!row) {
    const made = await generate([{ name: 'commonName', value: 'Trellis SAML service provider' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000),
    });
    await db
      .insertInto('system_state')
      .values({ key: STATE_KEY, value: JSON.stringify({ privateKey: made.private, cert: made.cert }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    row = await db.selectFrom('system_state').select('value').where('key', '=', STATE_KEY).executeTakeFirstOrThrow();
  }
  const key = row.value as SpKey;
  cached = { db, key };
  return key;
}

/** Checks SSO_SP_KEY / SSO_SP_CERT at start: both or neither, and each must parse. */
export function checkSpKeyConfig(config: Pick<Config, 'ssoSpKey' | 'ssoSpCert'>): void {
  if (!config.ssoSpKey && !config.ssoSpCert) return;
  if (!config.ssoSpKey || !config.ssoSpCert) throw new Error('SSO_SP_KEY and SSO_SP_CERT must be set together.');
  createPrivateKey(config.ssoSpKey);
  new X509Certificate(config.ssoSpCert);
}
