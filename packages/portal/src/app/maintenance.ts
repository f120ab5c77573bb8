import { useSyncExternalStore } from 'react';
import { onApiStatus } from '../api/client.ts';

// Maintenance mode: the last response said 503 (spec §2/§8). Cleared when the user retries.
let unavailable = false;
const subscribers = new Set<() => void>();

function set(v: boolean) {
  if (unavailable === v) return;
  unavailable = v;
  for (const s of subscribers) s();
}

onApiStatus((status) => {
  if (status === 503) set(true);
});

export const maintenance = {
  isOn: () => unavailable,
  set,
  subscribe(fn: () => void) {
    subscribers.add(fn);
    return () => subscribers.delete(fn);
  },
};

export function useMaintenance(): boolean {
  return useSyncExternalStore(maintenance.subscribe, maintenance.isOn);
}
