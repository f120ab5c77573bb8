import type { OutboundPolicy } from './outbound.ts';

// The operator's outbound policy (config: WEBHOOK_ALLOW_PRIVATE, WEBHOOK_TIMEOUT_MS), set when the server starts;
// background deliveries read it here since jobs get no configuration.

let policy: OutboundPolicy = { allowPrivate: false, timeoutMs: 10_000, maxResponseBytes: 64 * 1024 };

export const outboundPolicy = (): OutboundPolicy => policy;

export function setOutboundPolicy(next: Partial<OutboundPolicy>) {
  policy = { ...policy, ...next };
}
