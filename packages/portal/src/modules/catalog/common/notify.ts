import type { ReactNode } from 'react';
import { chrome } from '../../../app/chrome/store.ts';

/** The page-level message under the title (replaces the previous one). */
export function notify(severity: 'success' | 'error' | 'info' | 'warning', content: ReactNode) {
  chrome.set({ alert: { severity, content } });
}

/** Location state carrying a message for the page navigated to. */
export interface NoticeState { notice?: { severity: 'success' | 'error' | 'info' | 'warning'; content: string } }
