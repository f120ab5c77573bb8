import { ToneChip } from '../../components/StatusChip.tsx';

/**
 * The calls that failed since the last one that succeeded (spec: a webhook's failure is counted from
 * stats.failure_since_last_success): a red chip while there are any, a plain 0 otherwise.
 */
export function FailureCount({ count }: { count: number }) {
  if (count <= 0) return <>0</>;
  const name = count === 1 ? '1 failure since the last success' : `${count} failures since the last success`;
  return <ToneChip tone="error" label={String(count)} name={name} />;
}

/** Active or inactive, as the webhook's title chip. */
export function ActiveChip({ active }: { active: boolean }) {
  return <ToneChip tone={active ? 'success' : 'default'} label={active ? 'Active' : 'Inactive'} />;
}
