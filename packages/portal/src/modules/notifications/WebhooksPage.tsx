import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { webhookResource, type Webhook } from '@trellis/domain/notifications/webhook';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { useNotice, type NoticeState } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { FailureCount } from './WebhookChips.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import { webhookPagePath } from './paths.ts';

const RENDER = {
  'stats.failure_since_last_success': (w: Webhook) => <FailureCount count={w.stats.failure_since_last_success} />,
};

/** Integrations › Webhooks: the account's webhooks (declared columns and filters), where a new one is added. */
export default function WebhooksPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const canWrite = allows(auth.permissions, webhookResource.module);
  usePageChrome({ title: 'Webhooks' });
  useNotice();

  return (
    <>
      <ResourceTable<Webhook>
        resource={webhookResource}
        noun="webhooks"
        render={RENDER}
        rowLink={(w) => webhookPagePath(w.id)}
        toolbar={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add webhook
            </Button>
          )
        }
      />
      <WebhookDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(w) => {
          setAdding(false);
          navigate(webhookPagePath(w.id), {
            state: {
              notice: { severity: 'success', content: `Webhook ${w.label} was added. Send a test call to try it.` },
            } satisfies NoticeState,
          });
        }}
      />
    </>
  );
}
