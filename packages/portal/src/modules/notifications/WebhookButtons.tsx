import Button from '@mui/material/Button';
import { useState } from 'react';
import type { WebhookDelivery } from '@trellis/domain/notifications/delivery';
import { webhookResource, type Webhook } from '@trellis/domain/notifications/webhook';
import { errorMessage } from '../../api/errors.ts';
import { useWrite } from '../../api/useWrite.ts';
import { notify } from '../../app/notices.ts';
import { useHour12 } from '../../app/session/useViewer.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SecretOnceDialog } from './SecretOnceDialog.tsx';
import { deliveriesApiPath, webhookApiPath } from './paths.ts';
import { generateSecret } from './secret.ts';
import { testOutcome } from './testOutcome.ts';

/**
 * A webhook's own header buttons: Edit, Send test (one call now, its outcome in the notice), Rotate secret (a new one,
 * shown once) and Activate / Deactivate.
 */
export function WebhookButtons({ webhook: w, onEdit }: { webhook: Webhook; onEdit: () => void }) {
  const hour12 = useHour12();
  const path = webhookApiPath(w.id);
  const changed = { objects: [path], lists: [deliveriesApiPath(w.id), webhookResource.path] };
  const trigger = useWrite<WebhookDelivery>({ method: 'POST', path: `${path}/trigger` }, changed);
  const update = useWrite<Webhook, Partial<Pick<Webhook, 'active' | 'jwt_secret'>>>({ method: 'PUT', path }, changed);
  const [rotating, setRotating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const busy = trigger.isPending || update.isPending;

  const sendTest = async () => {
    try {
      const { severity, text } = testOutcome(await trigger.mutateAsync(), hour12);
      notify(severity, `Test call: ${text}`);
    } catch (err) {
      notify('error', errorMessage(err));
    }
  };
  const toggle = async () => {
    try {
      const saved = await update.mutateAsync({ active: !w.active });
      notify(
        'success',
        saved.active
          ? `Webhook ${saved.label} is active: it is called again.`
          : `Webhook ${saved.label} is deactivated: it is not called until it is activated.`,
      );
    } catch (err) {
      notify('error', errorMessage(err));
    }
  };

  return (
    <>
      <Button variant="outlined" size="small" onClick={onEdit} disabled={busy}>
        Edit
      </Button>
      <Button variant="outlined" size="small" onClick={() => void sendTest()} disabled={busy}>
        {trigger.isPending ? 'Sending…' : 'Send test'}
      </Button>
      <Button variant="outlined" size="small" onClick={() => setRotating(true)} disabled={busy}>
        Rotate secret
      </Button>
      <Button variant="outlined" size="small" onClick={() => void toggle()} disabled={busy}>
        {w.active ? 'Deactivate' : 'Activate'}
      </Button>
      <ConfirmDialog
        open={rotating}
        title="Rotate the secret"
        confirmLabel="Rotate"
        onClose={() => setRotating(false)}
        onConfirm={async () => {
          const next = generateSecret();
          await update.mutateAsync({ jwt_secret: next });
          setSecret(next);
        }}
      >
        A new secret signs every call from now on; until the receiver has it, it refuses the calls. The new secret is
        shown once.
      </ConfirmDialog>
      <SecretOnceDialog secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
