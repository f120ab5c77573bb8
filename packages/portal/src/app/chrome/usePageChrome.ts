import { useLayoutEffect, useRef, type DependencyList } from 'react';
import { chrome, type ChromeState } from './store.ts';

/**
 * A page declares its chrome (title, tabs, actions, ...). Applied whenever `deps` change; the keys
 * it set go back to their defaults when the page unmounts, so the next page starts clean.
 */
export function usePageChrome(values: Partial<ChromeState>, deps: DependencyList = []): void {
  const keys = useRef(new Set<keyof ChromeState>());
  useLayoutEffect(() => {
    for (const k of Object.keys(values) as (keyof ChromeState)[]) keys.current.add(k);
    chrome.set(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useLayoutEffect(() => () => chrome.reset([...keys.current]), []);
}
