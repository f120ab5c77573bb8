import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONTEXT_KEY, useAuth } from '../../../app/session/SessionProvider.tsx';
import { FieldList } from '../../../components/FieldList.tsx';
import { notify } from '../data.ts';
import { ChangeEmailDialog } from './ChangeEmailDialog.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';

/** How the user signs in: its e-mail and password, each with its change. Not while logged in as someone else. */
export function SignInCard() {
  const auth = useAuth();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'password' | 'email' | null>(null);
  const user = auth.user!;
  const locked = !!auth.impersonator;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          Signing in
        </Typography>
        <FieldList
          items={[
            {
              label: 'E-mail',
              value: (
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{user.email}</span>
                  {!locked && (
                    <Button size="small" onClick={() => setDialog('email')}>
                      Change e-mail
                    </Button>
                  )}
                </Box>
              ),
            },
            {
              label: 'Password',
              value: locked ? (
                '—'
              ) : (
                <Button size="small" onClick={() => setDialog('password')} sx={{ ml: -0.5 }}>
                  Change password
                </Button>
              ),
            },
          ]}
        />
        {locked && (
          <Typography variant="caption" color="text.secondary">
            You are logged in as this user on behalf of {auth.impersonator!.name}: the user&apos;s e-mail and password
            stay theirs to change.
          </Typography>
        )}
      </CardContent>
      <ChangePasswordDialog
        open={dialog === 'password'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          notify('success', 'Your password was changed; your other sessions have ended.');
        }}
      />
      <ChangeEmailDialog
        open={dialog === 'email'}
        current={user.email}
        onClose={() => setDialog(null)}
        onDone={(email) => {
          setDialog(null);
          void client.invalidateQueries({ queryKey: CONTEXT_KEY });
          notify('success', `You sign in with ${email} from now on.`);
        }}
      />
    </Card>
  );
}
