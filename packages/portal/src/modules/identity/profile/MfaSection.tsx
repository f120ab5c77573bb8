import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '@trellis/domain/format/date';
import { mfaPolicyOf, mfaSessionRule, mfaStatusOf } from '@trellis/domain/identity/mfa-rule';
import { CONTEXT_KEY, useAuth } from '../../../app/session/SessionProvider.tsx';
import { FieldList } from '../../../components/FieldList.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { mfaApi } from '../mfa/api.ts';
import { EnrolFlow } from '../mfa/EnrolFlow.tsx';
import { MfaProofForm } from '../mfa/MfaProofForm.tsx';
import { RecoveryCodes } from '../mfa/RecoveryCodes.tsx';

/** What the next sign-in asks, from the spec §4 rule the server applies. */
function atSignIn(step: 'enrol' | 'verify' | null, mandatory: boolean): string {
  if (step === 'verify') return 'Your password, then a code from your authenticator app.';
  if (step === 'enrol' && mandatory) return 'Your password, then setting up MFA before anything else.';
  if (step === 'enrol') return 'Your password; you are offered to set up MFA.';
  return 'Your password.';
}

type Open = null | 'enrol' | 'renew' | 'disable';

/** Profile › Multi-factor authentication: status, turn on (the sign-in's enrol flow), new recovery codes, turn off. */
export function MfaSection() {
  const auth = useAuth();
  const user = auth.user!;
  const client = useQueryClient();
  const key = ['mfa', user.id];
  const details = useQuery({ queryKey: key, queryFn: () => mfaApi.details(user.id) });
  const [open, setOpen] = useState<Open>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const status = mfaStatusOf(details.data?.status ?? user.mfa?.status);
  const policy = mfaPolicyOf(auth.account.settings?.mfa?.policy);
  const rule = mfaSessionRule(policy, status);
  const hour12 = user.timeformat === '12h';
  const requiredBy = policy === 'required' ? auth.account.name : null;

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: key });
    await client.invalidateQueries({ queryKey: CONTEXT_KEY });
  };
  const close = () => {
    setOpen(null);
    setCodes(null);
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Multi-factor authentication
        </Typography>
        {notice && (
          <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        <FieldList
          items={[
            {
              label: 'Status',
              value: <StatusChip status={status} />,
            },
            ...(status === 'enabled'
              ? [
                  { label: 'Method', value: 'Authenticator app (TOTP)' },
                  {
                    label: 'Turned on',
                    value: formatDate(details.data?.events?.enabled?.at, { hour12 }),
                  },
                  { label: 'Recovery codes left', value: String(details.data?.recovery_codes_left ?? '') },
                ]
              : []),
            { label: 'At sign-in', value: atSignIn(rule.step, rule.mandatory) },
          ]}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          {status !== 'enabled' ? (
            <Button variant="contained" onClick={() => setOpen('enrol')}>
              Set up MFA
            </Button>
          ) : (
            <>
              <Button variant="outlined" onClick={() => setOpen('renew')}>
                New recovery codes
              </Button>
              <Button variant="outlined" color="error" disabled={!!requiredBy} onClick={() => setOpen('disable')}>
                Turn off
              </Button>
            </>
          )}
        </Box>
        {status === 'enabled' && requiredBy && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {requiredBy} requires multi-factor authentication, so it cannot be turned off.
          </Typography>
        )}
      </CardContent>

      <Dialog open={open === 'enrol'} maxWidth="xs" fullWidth aria-labelledby="mfa-enrol-title">
        <DialogTitle id="mfa-enrol-title">Set up multi-factor authentication</DialogTitle>
        <DialogContent>
          <EnrolFlow
            userId={user.id}
            email={user.email}
            finishLabel="Done"
            cancel={
              <Button
                onClick={() => {
                  close();
                  void refresh();
                }}
              >
                Cancel
              </Button>
            }
            onFinished={async () => {
              close();
              setNotice('Multi-factor authentication is on.');
              await refresh();
            }}
          />
        </DialogContent>
      </Dialog>

      <Dialog open={open === 'renew'} maxWidth="xs" fullWidth aria-labelledby="mfa-renew-title">
        <DialogTitle id="mfa-renew-title">New recovery codes</DialogTitle>
        <DialogContent>
          {codes ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <RecoveryCodes codes={codes} label={user.email} />
              <Button variant="contained" onClick={close}>
                Done
              </Button>
            </Box>
          ) : (
            <>
              <Typography variant="body2" sx={{ mb: 2 }}>
                Your current recovery codes stop working. Confirm with a code from your authenticator app.
              </Typography>
              <MfaProofForm
                autoFocus
                recovery={false}
                submitLabel="Make new codes"
                secondary={<Button onClick={close}>Cancel</Button>}
                onSubmit={async (proof) => {
                  const answer = await mfaApi.renewCodes(user.id, proof);
                  setCodes(answer.recovery_codes ?? []);
                  await refresh();
                }}
              />
            </>
          )}
        </DialogContent>
      </Dialog>

      <Dialog open={open === 'disable'} onClose={close} maxWidth="xs" fullWidth aria-labelledby="mfa-off-title">
        <DialogTitle id="mfa-off-title">Turn off multi-factor authentication</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Signing in will take your password only, and your recovery codes stop working. Confirm with a code from your
            authenticator app or a recovery code.
          </Typography>
          <MfaProofForm
            autoFocus
            submitLabel="Turn off"
            secondary={<Button onClick={close}>Cancel</Button>}
            onSubmit={async (proof) => {
              await mfaApi.disable(user.id, proof);
              close();
              setNotice('Multi-factor authentication is off.');
              await refresh();
            }}
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
