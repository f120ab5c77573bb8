import { lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { validation } from '@trellis/domain';

// Calls to URLs an account chose (webhooks): never to the operator's own network unless the operator allows it
// (WEBHOOK_ALLOW_PRIVATE=true, which also allows plain http). The address is checked where the connection is made,
// so a name that resolves to a public address when saved and to a private one later (DNS rebinding) is refused too.

export interface OutboundPolicy {
  /** Plain http, and private, loopback and link-local addresses. */
  allowPrivate: boolean;
  timeoutMs: number;
  /** Bytes of the answer that are read; the rest is dropped. */
  maxResponseBytes: number;
}

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an address is in the operator's own or a special-purpose network (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (!family) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const privateRefusal = (host: string) =>
  `The address of ${host} is in a private or local network, which webhooks cannot call.`;

/** What is wrong with a URL a webhook would call, before any lookup (format, protocol, a private literal address). */
export function urlIssue(raw: string, policy: Pick<OutboundPolicy, 'allowPrivate'>): string | null {
  const format = validation.url(raw);
  if (format) return format;
  const url = new URL(raw);
  if (url.username || url.password) return 'Put credentials in a header, not in the URL.';
  if (policy.allowPrivate) return null;
  if (url.protocol !== 'https:') return validation.HTTPS_URL;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return privateRefusal(host);
  if (isIP(host) && isPrivateAddress(host)) return privateRefusal(host);
  return null;
}

/** Resolves a host the way the call will, and names the refusal if any address it has is private. */
export async function hostIssue(raw: string, policy: Pick<OutboundPolicy, 'allowPrivate'>): Promise<string | null> {
  if (policy.allowPrivate) return null;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  // literal addresses were checked by urlIssue; the reserved names (RFC 2606) never resolve
  if (isIP(host) || /\.(example|invalid)$/i.test(host)) return null;
  const addresses = await new Promise<string[]>((resolve) => {
    const timer = setTimeout(() => resolve([]), 3000);
    lookup(host, { all: true }, (err, found) => {
      clearTimeout(timer);
      // a name that does not resolve now may later; its calls fail (and are logged) until it does
      resolve(err ? [] : found.map((a) => a.address));
    });
  });
  return addresses.some(isPrivateAddress) ? privateRefusal(host) : null;
}

/** A lookup that refuses private addresses, so the check holds for the address actually connected to. */
const publicLookup: LookupFunction = (host, options, callback) => {
  lookup(host, { ...options, all: true }, (err, found) => {
    if (err) return callback(err, '', 4);
    const bad = found.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(Object.assign(new Error(privateRefusal(host)), { code: 'EPRIVATE' }), '', 4);
    if ((options as { all?: boolean }).all) return (callback as any)(null, found);
    callback(null, found[0].address, found[0].family);
  });
};

export interface CallResult {
  statusCode: number | null;
  /** The start of the answer (at most maxResponseBytes), as text. */
  body: string;
  durationMs: number;
  error: string | null;
}

/** One call: no redirects followed, a time limit for the whole exchange, and a bounded answer. */
export function call(
  raw: string,
  opts: { method: string; headers: Record<string, string>; body: string },
  policy: OutboundPolicy,
): Promise<CallResult> {
  const started = performance.now();
  const url = new URL(raw);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Omit<CallResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const req = client.request(
      url,
      {
        method: opts.method,
        headers: { ...opts.headers, 'content-length': Buffer.byteLength(opts.body) },
        ...(policy.allowPrivate ? {} : { lookup: publicLookup }),
        timeout: policy.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= policy.maxResponseBytes) return;
          chunks.push(chunk.subarray(0, policy.maxResponseBytes - size));
          size += chunk.length;
          if (size >= policy.maxResponseBytes) res.destroy();
        });
        const end = () =>
          finish({ statusCode: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null });
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      },
    );
    const deadline = setTimeout(() => {
      req.destroy();
      finish({ statusCode: null, body: '', error: `No answer within ${policy.timeoutMs / 1000} s.` });
    }, policy.timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error(`No answer within ${policy.timeoutMs / 1000} s.`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      finish({ statusCode: null, body: '', error: describe(err) });
    });
    req.end(opts.body);
  });
}

function describe(err: NodeJS.ErrnoException): string {
  if (err.code === 'ECONNREFUSED') return 'The connection was refused.';
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return 'The host name could not be resolved.';
  if (err.code === 'ECONNRESET') return 'The connection was reset.';
  return err.message;
}
