import { Resolver } from 'node:dns/promises';

/** What a lookup of the verification record found: the record (verified), or why not, in words for the owner. */
export type TxtCheck = { found: true } | { found: false; reason: string };

/** Why a lookup failed, by the error code node:dns gives. */
function reasonOf(code: string | undefined, name: string): string {
  switch (code) {
    case 'ENOTFOUND':
      return `The name ${name} does not exist in DNS (NXDOMAIN): add the TXT record, then try again.`;
    case 'ENODATA':
      return `${name} has no TXT record: add the TXT record, then try again.`;
    case 'ETIMEOUT':
      return `The DNS server did not answer in time when asked for ${name}; try again later.`;
    case 'ESERVFAIL':
      return `The DNS servers of the domain failed to answer for ${name} (SERVFAIL); try again later.`;
    case 'EREFUSED':
      return `The DNS server refused to answer for ${name}; try again later.`;
    case 'ECONNREFUSED':
      return 'The DNS server could not be reached; try again later.';
    default:
      return `The DNS lookup of ${name} failed (${code ?? 'unknown error'}); try again later.`;
  }
}

/**
 * Looks up the TXT records at `name` and checks that one of them is exactly `value` (a record split into several
 * strings counts as their concatenation, RFC 7208 §3.3). Asks the system's resolvers, or `server` (`host:port`, the
 * DNS_RESOLVER setting). Never throws: every DNS error becomes a reason.
 */
export async function checkTxtRecord(
  name: string,
  value: string,
  opts: { server?: string; timeoutMs: number },
): Promise<TxtCheck> {
  const resolver = new Resolver({ timeout: opts.timeoutMs, tries: 1 });
  if (opts.server) {
    try {
      resolver.setServers([opts.server]);
    } catch {
      return { found: false, reason: `The configured DNS server (${opts.server}) is not a valid host:port.` };
    }
  }
  let records: string[][];
  try {
    records = await resolver.resolveTxt(name);
  } catch (e) {
    return { found: false, reason: reasonOf((e as { code?: string }).code, name) };
  }
  const texts = records.map((chunks) => chunks.join(''));
  if (texts.includes(value)) return { found: true };
  const ours = texts.filter((t) => t.startsWith(value.slice(0, value.indexOf('=') + 1)));
  return {
    found: false,
    reason: ours.length
      ? `The TXT record at ${name} holds another token (${ours.join(', ')}); it must be ${value}.`
      : `No TXT record at ${name} holds ${value} (found ${texts.length} other TXT record${texts.length === 1 ? '' : 's'}).`,
  };
}
