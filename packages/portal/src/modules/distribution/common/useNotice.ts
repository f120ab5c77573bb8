import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { chrome } from '../../../app/chrome/store.ts';
import { notify, type NoticeState } from './data.ts';

/** Shows the message handed over by the page we came from (e.g. "deleted"); the alert goes when the page (or `key`) changes. */
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
