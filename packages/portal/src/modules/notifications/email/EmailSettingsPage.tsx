import { useState } from 'react';
import { allows } from '@trellis/domain/identity/modules';
import { NOTIFICATIONS_MODULE } from '@trellis/domain/notifications/notification-event';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { TabbedListPage } from '../../../components/TabbedListPage.tsx';
import { RuleSettingsTab } from './RuleSettingsTab.tsx';
import { SubscribeButton, SubscriptionsTab } from './SubscriptionsTab.tsx';

/** Settings › E-mail: the account's notification subscriptions and rules; the user's own opt-outs. */
export default function EmailSettingsPage() {
  const auth = useAuth();
  const [adding, setAdding] = useState(false);
  const canWrite = allows(auth.permissions, NOTIFICATIONS_MODULE);
  return (
    <TabbedListPage
      route="settings.email"
      tabs={{
        notifications: {
          content: <SubscriptionsTab adding={adding} setAdding={setAdding} />,
          actions: canWrite && <SubscribeButton onClick={() => setAdding(true)} />,
        },
        settings: { content: <RuleSettingsTab /> },
      }}
    />
  );
}
