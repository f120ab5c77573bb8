import { formatDate } from '@trellis/domain/format/date';
import type { WebhookDelivery } from '@trellis/domain/notifications/delivery';

export interface TestOutcome {
  severity: 'success' | 'info' | 'error';
  text: string;
}

/** What a test call (POST …/trigger, attempted once) tells the user: "Delivered (200)", or why it was not. */
export function testOutcome(d: WebhookDelivery, hour12 = false): TestOutcome {
  const code = d.status_code != null ? ` (${d.status_code})` : '';
  if (d.status === 'delivered') return { severity: 'success', text: `Delivered${code}` };
  if (d.status === 'pending') return { severity: 'info', text: 'Queued; the delivery log shows how it goes' };
  const why = d.error || (d.status_code != null ? `the receiver answered ${d.status_code}` : 'no answer');
  const stop = /[.!?]$/.test(why) ? '' : '.';
  const retry =
    d.status === 'retrying' && d.next_attempt_at
      ? ` It is tried again ${formatDate(d.next_attempt_at, { hour12 })}.`
      : '';
  return { severity: 'error', text: `Not delivered${code}: ${why}${stop}${retry}` };
}
