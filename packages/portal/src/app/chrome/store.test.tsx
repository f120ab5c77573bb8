import { act, cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chrome, createChromeStore, INITIAL_CHROME, useChrome } from './store.ts';
import { usePageChrome } from './usePageChrome.ts';

afterEach(() => {
  cleanup();
  chrome.reset();
});

describe('page chrome store', () => {
  it('notifies only on real changes', () => {
    const store = createChromeStore();
    let n = 0;
    store.subscribe(() => n++);
    store.set({ title: 'A' });
    store.set({ title: 'A' });
    store.set({ title: 'B', searchable: true });
    expect(n).toBe(2);
    expect(store.get()).toMatchObject({ title: 'B', searchable: true });
  });

  it('reset keeps the notification panel as the user left it', () => {
    const store = createChromeStore();
    store.set({ title: 'X', notificationsOpen: true, tabs: [{ id: 'a', label: 'A', to: '/a' }] });
    store.reset();
    expect(store.get()).toEqual({ ...INITIAL_CHROME, notificationsOpen: true });
  });

  it('a page sets its chrome and it goes away when the page unmounts', () => {
    chrome.set({ notificationsOpen: true });
    function Page({ title }: { title: string }) {
      usePageChrome({ title, backRoute: '/back', activeTab: 'x' }, [title]);
      return null;
    }
    const view = render(<Page title="First" />);
    expect(chrome.get()).toMatchObject({ title: 'First', backRoute: '/back', activeTab: 'x' });
    view.rerender(<Page title="Second" />);
    expect(chrome.get().title).toBe('Second');
    view.unmount();
    expect(chrome.get()).toMatchObject({ title: '', backRoute: null, activeTab: null, notificationsOpen: true });
  });

  it('components re-render from the selected slice', () => {
    const { result } = renderHook(() => useChrome((s) => s.alert?.content ?? null));
    expect(result.current).toBeNull();
    act(() => chrome.set({ alert: { severity: 'info', content: 'Hello' } }));
    expect(result.current).toBe('Hello');
  });
});
