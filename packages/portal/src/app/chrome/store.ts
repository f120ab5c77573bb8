import { useSyncExternalStore, type ReactNode } from 'react';

/** Everything the page chrome (header, tabs, alert, search, panels) shows; pages drive it (spec §2). */
export interface ChromeState {
  pageLoading: boolean;
  contentLoading: boolean;
  searchable: boolean;
  search: string;
  searchLabel: string;
  headerActions: ReactNode;
  extraActions: ReactNode;
  /** URL of the back arrow; null = none. */
  backRoute: string | null;
  title: string;
  titleChip: ReactNode;
  /** Small text above the title (e.g. the object kind or id). */
  assistiveTitle: string;
  alert: { severity: 'info' | 'success' | 'warning' | 'error'; content: ReactNode; action?: ReactNode } | null;
  tabs: { id: string; label: string; to: string }[];
  activeTab: string | null;
  notificationsOpen: boolean;
  scrollAtBottom: boolean;
  /** While set, polling pages pause their auto-refresh (e.g. a dialog is open). */
  autoUpdateLocked: boolean;
}

export const INITIAL_CHROME: ChromeState = Object.freeze({
  pageLoading: false,
  contentLoading: false,
  searchable: false,
  search: '',
  searchLabel: 'Search',
  headerActions: null,
  extraActions: null,
  backRoute: null,
  title: '',
  titleChip: null,
  assistiveTitle: '',
  alert: null,
  tabs: [],
  activeTab: null,
  notificationsOpen: false,
  scrollAtBottom: false,
  autoUpdateLocked: false,
});

export function createChromeStore(initial: ChromeState = INITIAL_CHROME) {
  let state = initial;
  const subscribers = new Set<() => void>();
  return {
    get: () => state,
    set(patch: Partial<ChromeState>) {
      let changed = false;
      for (const k of Object.keys(patch) as (keyof ChromeState)[]) if (!Object.is(state[k], patch[k])) changed = true;
      if (!changed) return;
      state = { ...state, ...patch };
      for (const s of subscribers) s();
    },
    /** Back to defaults for the given keys (all page-owned keys when omitted). */
    reset(keys?: (keyof ChromeState)[]) {
      const patch: Partial<ChromeState> = {};
      for (const k of keys ?? (Object.keys(initial) as (keyof ChromeState)[])) {
        if (k === 'notificationsOpen') continue; // belongs to the user, not the page
        (patch as Record<string, unknown>)[k] = initial[k];
      }
      this.set(patch);
    },
    subscribe(fn: () => void) {
      subscribers.add(fn);
      return () => {
        subscribers.delete(fn);
      };
    },
  };
}

export type ChromeStore = ReturnType<typeof createChromeStore>;

/** The one page-chrome store of the app. */
export const chrome = createChromeStore();

export function useChrome<T>(select: (s: ChromeState) => T): T {
  return useSyncExternalStore(chrome.subscribe, () => select(chrome.get()));
}
