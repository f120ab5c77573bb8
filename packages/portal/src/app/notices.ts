import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { chrome } from './chrome/store.ts';

export type Severity = 'success' | 'error' | 'info' | 'warning';

/** The page-level message under the title (replaces the previous one). */
export function notify(severity: Severity, content: ReactNode, action?: ReactNode) {
  chrome.set({ alert: { severity, content, ...(action ? { action } : {}) } });
}

/** Location state carrying a message for the page navigated to (e.g. "deleted", after leaving a detail page). */
export interface NoticeState {
  notice?: { severity: Severity; content: string };
}

/** Shows the message handed over by the page we came from; the alert goes when the page (or `key`) changes. */
export function useNotice(key?: string) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const notice = (location.state as NoticeState | null)?.notice;
    if (notice) {
      notify(notice.severity, notice.content);
      navigate(location.pathname + location.search, { replace: true, state: null });
    }
    return () => chrome.set({ alert: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page (or key), not per location change
  }, [key]);
}
