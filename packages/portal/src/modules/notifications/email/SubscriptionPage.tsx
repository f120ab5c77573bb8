import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { subscriptionResource, type AccountNotification } from '@trellis/domain/notifications/subscription';
import { useNotice, type NoticeState } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { ToneChip } from '../../../components/StatusChip.tsx';
import { EnabledSwitch } from './EnabledSwitch.tsx';
import { RulesList } from './RulesList.tsx';
import { subscriptionApiPath, subscriptionsPath } from './paths.ts';

/**
 * One subscription (Settings › E-mail › Notifications): its event, switched on or off, and its rules, each of which
 * mails whom it names when the event happens to an object the account reads and its condition holds.
 */
export default function SubscriptionPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const canWrite = allows(auth.permissions, subscriptionResource.module);
  const path = subscriptionApiPath(id);
  useNotice(id);

  return (
    <ResourceDetail<AccountNotification>
      resource={subscriptionResource}
      path={path}
      title={(s) => s.event.name}
      titleChip={(s) => (
        <ToneChip tone={s.enabled ? 'success' : 'default'} label={s.enabled ? 'Enabled' : 'Disabled'} />
      )}
      render={{
        enabled: (s) => (
          <EnabledSwitch
            path={path}
            list={subscriptionResource.path}
            enabled={s.enabled}
            disabled={!canWrite}
            label="Enabled"
            done={(on) =>
              on ? 'The subscription is enabled: its rules mail again.' : 'Disabled: none of its rules mails.'
            }
          />
        ),
      }}
      details={{
        after: (s) => (
          <Box sx={{ mt: 3 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Rules
            </Typography>
            <RulesList subscription={s} canWrite={canWrite} />
          </Box>
        ),
      }}
      onDeleted={
        canWrite
          ? (s) =>
              navigate(subscriptionsPath(), {
                state: {
                  notice: { severity: 'success', content: `The subscription to ${s.event.name} was deleted.` },
                } satisfies NoticeState,
              })
          : undefined
      }
    />
  );
}
