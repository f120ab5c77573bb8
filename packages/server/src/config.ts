import { resolve } from 'node:path';

/** Server settings, from the environment unless given explicitly (tests). */
export interface Config {
  host: string;
  port: number;
  /** postgres://… to use PostgreSQL; unset = embedded PGlite. */
  databaseUrl?: string;
  /**
   * postgres://… of a streaming replica of databaseUrl: the engine's GET lists and objects are read from it
   * (http/read-replica.ts); unset = everything on databaseUrl.
   */
  databaseReplicaUrl?: string;
  /**
   * The replica is read only while at most this far behind the primary, ms; a caller's reads stay on the primary this
   * long (and 0.5 s) after its own write.
   */
  databaseReplicaMaxLagMs: number;
  /** Embedded database directory; undefined with no databaseUrl = in memory (tests). */
  dataDir?: string;
  /** Public URL of the portal, used in e-mailed links. */
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /** How often the outbox is sent when smtpUrl is set, ms. */
  mailIntervalMs: number;
  /** reCAPTCHA: verification runs only when a secret is set (off in demo mode). */
  recaptchaSecret?: string;
  recaptchaSiteKey?: string;
  /** Where answers are verified (Google's siteverify; www.recaptcha.net's where google.com is out of reach). */
  recaptchaVerifyUrl: string;
  /** Largest accepted JSON body, bytes. */
  bodyLimit: number;
  /**
   * Login throttling (README "Sign-in protection"): failures checked at full speed per window for one
   * (e-mail, address) pair, then slowed down; an e-mail (all addresses) or an address (all e-mails) past its
   * own limit slows down only the pairs that failed, so the owner still gets in from elsewhere.
   */
  loginMaxPerAccount: number;
  loginMaxPerEmail: number;
  loginMaxPerAddress: number;
  loginWindowMs: number;
  /** First wait of a slowed-down pair, doubling with each further failure (at most the window). */
  loginDelayMs: number;
  /** Requests per address and window to each unauthenticated route that does costly work (password set, ...). */
  publicMaxPerAddress: number;
  /** How often a start that found no database tries again, ms. */
  dbRetryMs: number;
  trustProxy: boolean;
  /**
   * Poll interval of the background job runner, for work queued to run later and as the fallback (work due now
   * wakes it on commit); 0 = do not run jobs in this process (tests run them explicitly).
   */
  jobIntervalMs: number;
  logLevel: string;
  /** `host:port` of the DNS server that domain verification asks; unset = the system's resolvers. */
  dnsResolver?: string;
  /** How long domain verification waits for the DNS answer, ms. */
  dnsTimeoutMs: number;
  /** Key that encrypts the users' TOTP secrets (32 bytes, base64 or hex); unset = a key kept in the database. */
  mfaEncryptionKey?: string;
  /** Key that encrypts identity providers' client secrets (32 bytes, base64 or hex); unset = a key kept in the database. */
  ssoEncryptionKey?: string;
  /** The SAML service provider's signing key and certificate (PEM); unset = a pair made once and kept in the database. */
  ssoSpKey?: string;
  ssoSpCert?: string;
  /** How often each process writes the API token call counts it gathered, ms (identity/tokens/stats.ts). */
  tokenStatsFlushMs: number;
  /** Served in /versions.json for the portal: the Microsoft Clarity project token, and feature flags. */
  clarityToken?: string;
  featureFlags: Record<string, boolean>;
  /**
   * Webhooks may call plain http URLs and private, loopback and link-local addresses (WEBHOOK_ALLOW_PRIVATE=true):
   * for development and tests; off, they call public https URLs only.
   */
  webhookAllowPrivate: boolean;
  /** How long a webhook call may take, ms. */
  webhookTimeoutMs: number;
  /** Reports (modules/reporting): days a report's file is kept, how long one may run (ms) and its heap (MB). */
  reportRetentionDays: number;
  reportTimeoutMs: number;
  reportMemoryMb: number;
  /** S3-compatible object storage for uploaded files (README "Files"); unset = files under `<dataDir>/files`. */
  filesS3?: S3FilesConfig;
}

/** Where uploaded files go when they are shared by several processes or machines (files/s3-store.ts). */
export interface S3FilesConfig {
  bucket: string;
  /** `https://…` of a store that is not AWS S3 (MinIO, Ceph, Cloudflare R2, …); unset = AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  /** Put before each key: '' or a folder ending in '/'. */
  prefix: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (most self-hosted stores need it). */
  forcePathStyle: boolean;
  /** Both or neither; neither = the AWS SDK's default chain (AWS_* variables, ~/.aws, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

const S3_VARIABLES = [
  'FILES_S3_ENDPOINT',
  'FILES_S3_REGION',
  'FILES_S3_PREFIX',
  'FILES_S3_FORCE_PATH_STYLE',
  'FILES_S3_ACCESS_KEY_ID',
  'FILES_S3_SECRET_ACCESS_KEY',
] as const;

/**
 * FILES_S3_*: S3-compatible storage for uploaded files, on when FILES_S3_BUCKET is set. A combination that cannot
 * work stops the start with a message that names the variable, rather than failing at the first upload.
 */
export function parseS3Files(env: NodeJS.ProcessEnv): S3FilesConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('FILES_S3_BUCKET');
  if (!bucket) {
    const set = S3_VARIABLES.filter((name) => value(name));
    if (set.length)
      throw new Error(
        `${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set but FILES_S3_BUCKET is not: set FILES_S3_BUCKET to keep ` +
          'uploaded files in S3-compatible storage, or unset the FILES_S3_ variables to keep them on local disk.',
      );
    return undefined;
  }
  if (bucket.includes('/'))
    throw new Error(`FILES_S3_BUCKET is a bucket name (${bucket} has a '/'); put a folder in FILES_S3_PREFIX.`);
  const endpoint = value('FILES_S3_ENDPOINT');
  if (endpoint) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new Error(`FILES_S3_ENDPOINT is not an http(s) URL: ${endpoint}`);
  }
  // the SDK needs a region to sign with; stores other than AWS accept us-east-1
  const region = value('FILES_S3_REGION') ?? value('AWS_REGION') ?? (endpoint ? 'us-east-1' : undefined);
  if (!region)
    throw new Error(
      'FILES_S3_REGION (or AWS_REGION) is required for AWS S3; for another S3-compatible store set FILES_S3_ENDPOINT.',
    );
  const pathStyle = value('FILES_S3_FORCE_PATH_STYLE')?.toLowerCase();
  if (pathStyle !== undefined && !['true', 'false', '1', '0'].includes(pathStyle))
    throw new Error(`FILES_S3_FORCE_PATH_STYLE is true or false, not ${env.FILES_S3_FORCE_PATH_STYLE}.`);
  const accessKeyId = value('FILES_S3_ACCESS_KEY_ID');
  const secretAccessKey = value('FILES_S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey)
    throw new Error(
      'FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS ' +
        "SDK's default credentials (AWS_ACCESS_KEY_ID, ~/.aws, an instance or task role).",
    );
  const prefix = (value('FILES_S3_PREFIX') ?? '').replace(/^\/+/, '');
  return {
    bucket,
    endpoint,
    region,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    // a self-hosted store seldom has a DNS name per bucket: path style unless told otherwise
    forcePathStyle: pathStyle === undefined ? Boolean(endpoint) : pathStyle === 'true' || pathStyle === '1',
    accessKeyId,
    secretAccessKey,
  };
}

/** FEATURE_FLAGS: `a,b,-c` (a and b on, c off) or a JSON object of booleans. */
export function parseFeatureFlags(value: string | undefined): Record<string, boolean> {
  const text = value?.trim();
  if (!text) return {};
  if (text.startsWith('{')) {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch (e) {
      throw new Error(`FEATURE_FLAGS is neither a list (a,b,-c) nor a JSON object: ${(e as Error).message}`, {
        cause: e,
      });
    }
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v === true || v === 'true' || v === 1]));
  }
  const flags: Record<string, boolean> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (part.startsWith('-') || part.startsWith('!')) flags[part.slice(1)] = false;
    else flags[part] = true;
  }
  return flags;
}

/** A PEM from the environment: `\n` escapes read as line breaks (one-line variables). */
const pemOf = (value: string | undefined) => (value ? value.replace(/\\n/g, '\n') : undefined);

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  return {
    host,
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    databaseReplicaMaxLagMs: Number(env.DATABASE_REPLICA_MAX_LAG_MS ?? 5000),
    // npm runs workspace scripts inside the package folder: resolve against where the user typed the command
    dataDir: resolve(env.INIT_CWD ?? process.cwd(), env.TRELLIS_DATA_DIR ?? 'data'),
    publicUrl: env.PUBLIC_URL ?? `http://${host}:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Trellis <no-reply@trellis.local>',
    mailIntervalMs: Number(env.MAIL_INTERVAL_MS ?? 5000),
    recaptchaSecret: env.RECAPTCHA_SECRET || undefined,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || undefined,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify',
    bodyLimit: Number(env.BODY_LIMIT ?? 1024 * 1024),
    loginMaxPerAccount: Number(env.LOGIN_MAX_PER_ACCOUNT ?? 10),
    loginMaxPerEmail: Number(env.LOGIN_MAX_PER_EMAIL ?? 50),
    loginMaxPerAddress: Number(env.LOGIN_MAX_PER_ADDRESS ?? 50),
    loginWindowMs: Number(env.LOGIN_WINDOW_MS ?? 15 * 60 * 1000),
    loginDelayMs: Number(env.LOGIN_DELAY_MS ?? 1000),
    publicMaxPerAddress: Number(env.PUBLIC_MAX_PER_ADDRESS ?? 30),
    dbRetryMs: Number(env.DATABASE_RETRY_MS ?? 2000),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    jobIntervalMs: Number(env.JOB_INTERVAL_MS ?? 5000),
    logLevel: env.LOG_LEVEL ?? 'warn',
    dnsResolver: env.DNS_RESOLVER || undefined,
    dnsTimeoutMs: Number(env.DNS_TIMEOUT_MS ?? 5000),
    mfaEncryptionKey: env.MFA_ENCRYPTION_KEY || undefined,
    ssoEncryptionKey: env.SSO_ENCRYPTION_KEY || undefined,
    ssoSpKey: pemOf(env.SSO_SP_KEY),
    ssoSpCert: pemOf(env.SSO_SP_CERT),
    tokenStatsFlushMs: Number(env.TOKEN_STATS_FLUSH_MS ?? 10_000),
    clarityToken: env.CLARITY_TOKEN || undefined,
    featureFlags: parseFeatureFlags(env.FEATURE_FLAGS),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    webhookTimeoutMs: Number(env.WEBHOOK_TIMEOUT_MS ?? 10_000),
    reportRetentionDays: Number(env.REPORT_RETENTION_DAYS ?? 30),
    reportTimeoutMs: Number(env.REPORT_TIMEOUT_MS ?? 5 * 60_000),
    reportMemoryMb: Number(env.REPORT_MEMORY_MB ?? 256),
    filesS3: parseS3Files(env),
    ...overrides,
  };
}

/**
 * Settings for tests: in-memory database unless TEST_DATABASE_URL is given. Domain verification asks a closed port
 * on loopback unless a test runs its own DNS server: tests never send a query to the machine's resolvers.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return configFromEnv(
    {},
    {
      dataDir: undefined,
      logLevel: 'silent',
      jobIntervalMs: 0,
      publicUrl: 'http://portal.test',
      dnsResolver: '127.0.0.1:9',
      dnsTimeoutMs: 1000,
      // tests flush token call counts themselves (flushTokenCalls(db))
      tokenStatsFlushMs: 0,
      ...overrides,
    },
  );
}
