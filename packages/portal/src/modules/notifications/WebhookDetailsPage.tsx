import Box from '@mui/material/Box';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDate } from '@trellis/domain/format/date';
import { allows } from '@trellis/domain/identity/modules';
import { webhookResource, type TriggerInfo, type Webhook } from '@trellis/domain/notifications/webhook';
import { notify, useNotice, type NoticeState } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { useHour12 } from '../../app/session/useViewer.ts';
import { ResourceDetail, type DetailItem } from '../../components/ResourceDetail.tsx';
import { DeliveriesTab } from './DeliveriesTab.tsx';
import { ActiveChip, FailureCount } from './WebhookChips.tsx';
import { HeadersTab } from './HeadersTab.tsx';
import { WebhookButtons } from './WebhookButtons.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import { webhookApiPath, webhooksPath } from './paths.ts';

const RENDER = {
  jwt_secret: (w: Webhook) => (
    <Box component="span" sx={{ fontFamily: 'monospace' }}>
      {w.jwt_secret}
    </Box>
  ),
  'stats.failure_since_last_success': (w: Webhook) => <FailureCount count={w.stats.failure_since_last_success} />,
};

/**
 * One webhook: the declared details and its last call either way; its delivery log and headers. Its owner edits it,
 * sends a test call, rotates the secret, activates or deactivates and deletes it.
 */
export default function WebhookDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const hour12 = useHour12();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Webhook | null>(null);
  const canWrite = allows(auth.permissions, webhookResource.module);
  useNotice(id);

  const call = (t: TriggerInfo) =>
    [formatDate(t.time, { hour12 }), t.status_code != null && `HTTP ${t.status_code}`, t.errors]
      .filter(Boolean)
      .join(' · ');
  const lastCalls = (w: Webhook): DetailItem[] => [
    ...(w.last_success ? [{ label: 'Last success', value: call(w.last_success) }] : []),
    ...(w.last_failure ? [{ label: 'Last failure', value: call(w.last_failure) }] : []),
  ];

  return (
    <>
      <ResourceDetail<Webhook>
        resource={webhookResource}
        path={webhookApiPath(id)}
        title={(w) => w.label}
        titleChip={(w) => <ActiveChip active={w.active} />}
        render={RENDER}
        extra={lastCalls}
        buttons={(w) => canWrite && <WebhookButtons webhook={w} onEdit={() => setEditing(w)} />}
        tabs={[
          { id: 'deliveries', label: 'Deliveries', render: (w) => <DeliveriesTab webhookId={w.id} /> },
          { id: 'headers', label: 'Headers', render: (w) => <HeadersTab webhook={w} /> },
        ]}
        onDeleted={(w) =>
          navigate(webhooksPath(), {
            state: {
              notice: { severity: 'success', content: `Webhook ${w.label} was deleted; it is not called any more.` },
            } satisfies NoticeState,
          })
        }
      />
      <WebhookDialog
        open={!!editing}
        webhook={editing}
        onClose={() => setEditing(null)}
        onSaved={(w) => {
          setEditing(null);
          notify('success', `Webhook ${w.label} is saved.`);
        }}
      />
    </>
  );
}
