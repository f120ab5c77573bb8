import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useNavigate } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { subscriptionResource, type AccountNotification } from '@trellis/domain/notifications/subscription';
import { useList } from '../../../api/hooks.ts';
import type { NoticeState } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { EnabledSwitch } from './EnabledSwitch.tsx';
import { SubscribeDialog } from './SubscribeDialog.tsx';
import { subscriptionApiPath, subscriptionPagePath } from './paths.ts';

const LIST = subscriptionResource.path;

/** Settings › E-mail › Notifications: the events the account subscribes to, each switched on or off here. */
export function SubscriptionsTab({ adding, setAdding }: { adding: boolean; setAdding: (v: boolean) => void }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const canWrite = allows(auth.permissions, subscriptionResource.module);
  const all = useList<AccountNotification>(LIST, 'limit=100', { enabled: adding });
  const render = {
    enabled: (s: AccountNotification) => (
      <EnabledSwitch
        path={subscriptionApiPath(s.id)}
        list={LIST}
        enabled={s.enabled}
        disabled={!canWrite}
        label={`Enabled: ${s.event.name}`}
        done={(on) =>
          on ? `${s.event.name}: its rules mail again.` : `${s.event.name}: disabled, none of its rules mails.`
        }
      />
    ),
  };
  return (
    <>
      <ResourceTable<AccountNotification>
        resource={subscriptionResource}
        noun="subscriptions"
        render={render}
        rowLink={(s) => subscriptionPagePath(s.id)}
      />
      <SubscribeDialog
        open={adding}
        taken={(all.data?.items ?? []).map((s) => s.event.id)}
        onClose={() => setAdding(false)}
        onSaved={(s) => {
          setAdding(false);
          navigate(subscriptionPagePath(s.id), {
            state: {
              notice: {
                severity: 'success',
                content: `Subscribed to ${s.event.name}. Add a rule to say whom to mail.`,
              },
            } satisfies NoticeState,
          });
        }}
      />
    </>
  );
}

/** The tab's header button. */
export function SubscribeButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick}>
      Subscribe
    </Button>
  );
}
