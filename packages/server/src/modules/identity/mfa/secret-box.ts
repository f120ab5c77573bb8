import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * TOTP secrets must be readable again to check codes, so they are encrypted (AES-256-GCM), not digested. The key is
 * MFA_ENCRYPTION_KEY (32 bytes, base64 or hex) when set, so a copy of the database alone reveals no secret. Without
 * it the installation makes a random key once and keeps it in system_state: every process shares it, but then the
 * database holds both (README, Configuration). Each box names its key, so boxes made before MFA_ENCRYPTION_KEY was
 * set still open afterwards. The user id is bound to the box (additional data): a box moved to another user fails.
 */
const STATE_KEY = 'mfa_encryption_key';
const VERSION = 'v1';

export function parseKey(value: string, setting = 'MFA_ENCRYPTION_KEY'): Buffer {
  const v = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (key.length !== 32)
    throw new Error(`${setting} must be 32 random bytes, as 64 hex digits or base64 (openssl rand -base64 32).`);
  return key;
}

/** Which key a box uses: its setting's name and the system_state row of the fallback (SSO secrets use their own). */
export interface SecretBoxKind {
  setting: string;
  stateKey: string;
  what: string;
}
const MFA_KIND: SecretBoxKind = { setting: 'MFA_ENCRYPTION_KEY', stateKey: STATE_KEY, what: 'MFA secret' };

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

export class SecretBox {
  private readonly configured: Buffer | null;
  private stored: Buffer | null = null;

  constructor(
    configuredKey: string | undefined,
    private readonly kind: SecretBoxKind = MFA_KIND,
  ) {
    this.configured = configuredKey ? parseKey(configuredKey, kind.setting) : null;
  }

  /** The installation's own key, made on first use (concurrent first uses agree on one). */
  private async storedKey(db: Db): Promise<Buffer> {
    if (this.stored) return this.stored;
    const fresh = randomBytes(32).toString('base64');
    await db
      .insertInto('system_state')
      .values({ key: this.kind.stateKey, value: JSON.stringify({ key: fresh }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await db
      .selectFrom('system_state')
      .select('value')
      .where('key', '=', this.kind.stateKey)
      .executeTakeFirstOrThrow();
    this.stored = parseKey(row.value.key, this.kind.setting);
    return this.stored;
  }

  private async sealingKey(db: Db): Promise<Buffer> {
    return this.configured ?? this.storedKey(db);
  }

  async seal(db: Db, plain: string, boundTo: string): Promise<string> {
    const key = await this.sealingKey(db);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return [VERSION, keyId(key), ...parts].join('.');
  }

  async open(db: Db, box: string, boundTo: string): Promise<string> {
    const [version, kid, iv, tag, body] = box.split('.');
    if (version !== VERSION || !body) throw new Error(`Unreadable ${this.kind.what}.`);
    let key: Buffer | null = this.configured && keyId(this.configured) === kid ? this.configured : null;
    if (!key) {
      const stored = await this.storedKey(db);
      if (keyId(stored) === kid) key = stored;
    }
    if (!key) throw new Error(`The ${this.kind.what} was encrypted with another key than ${this.kind.setting}.`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
