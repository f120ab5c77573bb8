import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { RuleSetting, RuleSettingValue } from '@trellis/domain/notifications/rule-setting';
import { errorMessage } from '../../../api/errors.ts';
import { useList } from '../../../api/hooks.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { RULE_SETTINGS_API } from './paths.ts';

const REACH: Record<RuleSetting['reaches'][number], string> = {
  user: 'as one of its users',
  group: 'through a group you are in',
  email: 'at your address',
  assignee: 'when a request is assigned to you',
};

/** How the rule mails the user, as the server worked it out from its recipients. */
export const reachText = (reaches: RuleSetting['reaches']) =>
  reaches.length ? `Mails you ${reaches.map((r) => REACH[r]).join(', ')}` : 'Does not mail you';

/** One rule the user may opt out of: on, the user gets its mails; off, none of them. */
function RuleSettingRow({ setting: s }: { setting: RuleSetting }) {
  const save = useWrite<RuleSetting, { value: RuleSettingValue }>(
    { method: 'PUT', path: `${RULE_SETTINGS_API}/${s.id}` },
    { lists: [RULE_SETTINGS_API] },
  );
  const on = save.isPending ? s.value !== 'enabled' : s.value === 'enabled';
  const change = async (next: boolean) => {
    try {
      const saved = await save.mutateAsync({ value: next ? 'enabled' : 'disabled' });
      notify(
        'success',
        saved.value === 'enabled'
          ? `You get the mails of "${s.rule.name}" again.`
          : `You no longer get the mails of "${s.rule.name}".`,
      );
    } catch (err) {
      notify('error', errorMessage(err));
    }
  };
  return (
    <ListItem
      divider
      secondaryAction={
        <Switch
          edge="end"
          checked={on}
          disabled={save.isPending}
          onChange={(e) => void change(e.target.checked)}
          slotProps={{ input: { 'aria-label': `Mail me: ${s.rule.name}` } }}
        />
      }
    >
      <ListItemText primary={s.rule.name} secondary={`${s.event.name} · ${reachText(s.reaches ?? [])}`} />
    </ListItem>
  );
}

/**
 * Settings › E-mail › My settings: the account's rules that may mail the signed-in user, each with a switch; off opts
 * the user out of that rule however it names them (fixed addresses and contacts are not users and are not listed).
 */
export function RuleSettingsTab() {
  const settings = useList<RuleSetting>(RULE_SETTINGS_API, '');
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton variant="rounded" height={160} />;
  if (!settings.data.items.length)
    return <EmptyState title="No notification rules">Your account has no rules that could mail you.</EmptyState>;
  return (
    <Paper variant="outlined">
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
        The rules of your account, and whether each mails you. Switch one off to stop getting its mails.
      </Typography>
      <List aria-label="Notification rules">
        {settings.data.items.map((s) => (
          <RuleSettingRow key={s.id} setting={s} />
        ))}
      </List>
    </Paper>
  );
}
