import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { ConversationPanelProps } from './ConversationPanel.tsx';

// The panel, its editor and its forms load when the tab is first shown, not with the page that has the tab.
const ConversationPanel = lazy(() => import('./ConversationPanel.tsx').then((m) => ({ default: m.ConversationPanel })));

/** The conversation about an object as a tab of its details page. */
export function ConversationTab(props: ConversationPanelProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={240} aria-label="Loading the conversation" />}>
      <ConversationPanel {...props} />
    </Suspense>
  );
}
