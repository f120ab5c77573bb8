import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set with `options`, worked out once: with no function among the options (no per-request
 * CSP nonce) they are the same for every request, so each answer copies an object instead of running helmet's
 * middleware and its header checks again (about 5 µs a call, 3% of a get-one; bench/results, issue 19).
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // helmet's middleware is synchronous; one that is not any more would leave headers out, silently
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be worked out once');
  return Object.freeze(headers);
}
