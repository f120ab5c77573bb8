import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MODULES } from '@trellis/domain/identity/modules';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { FieldList } from '../../../components/FieldList.tsx';
import { MfaSection } from './MfaSection.tsx';
import { ProfileSettingsCard } from './ProfileSettingsCard.tsx';
import { SignInCard } from './SignInCard.tsx';

const moduleName = (id: string) => MODULES.find((m) => m.id === id)?.name ?? id;

/** Who the user is, in this account: settings, how it signs in (password, e-mail, MFA), groups and the modules they grant. */
export default function UserProfilePage() {
  const auth = useAuth();
  const u = auth.user;
  usePageChrome({ title: u?.name ?? 'Profile', assistiveTitle: u?.id ?? '' }, [u?.id, u?.name]);
  if (!u) return null;
  return (
    <Stack spacing={2}>
      <ProfileSettingsCard key={`${u.id}-${u.name}-${u.timezone}-${u.timeformat}-${u.region}`} user={u} />
      <SignInCard />
      <MfaSection />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            In {auth.account.name}
          </Typography>
          <FieldList
            items={[
              { label: 'Account', value: `${auth.account.name} (${auth.account.id})` },
              { label: 'Groups', value: u.groups.map((g) => g.name).join(', ') },
              {
                label: 'Permissions',
                value: auth.permissions.map((p) => (
                  <Chip key={p} size="small" label={moduleName(p)} sx={{ mr: 0.5, mb: 0.5 }} />
                )),
              },
            ]}
          />
          <Typography variant="caption" color="text.secondary">
            Permissions come from your groups in this account.
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
