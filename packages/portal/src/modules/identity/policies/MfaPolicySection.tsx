import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MFA_POLICIES, mfaPolicyOf, type MfaPolicy } from '@trellis/domain/identity/mfa-rule';
import { api } from '../../../api/client.ts';
import { CONTEXT_KEY, useAuth } from '../../../app/session/SessionProvider.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';

/** What each policy does at sign-in (the spec §4 rule, identity/mfa-rule.ts). */
export const MFA_POLICY_CHOICES: Record<MfaPolicy, { label: string; help: string }> = {
  required: {
    label: 'Required',
    help:
      'Every user signs in with a code from an authenticator app. Users who have not set MFA up must do so at ' +
      'their next sign-in before they can do anything else, and cannot turn it off.',
  },
  optional: {
    label: 'Optional',
    help:
      'Users who set MFA up are asked for a code at every sign-in. The others are offered to set it up after ' +
      'their password and may postpone it.',
  },
  'not required': {
    label: 'Not required',
    help: 'Nobody is asked to set MFA up. Users who set it up anyway are still asked for a code at sign-in.',
  },
};

const PolicyForm = z.object({ policy: z.enum(MFA_POLICIES) });
type PolicyForm = z.infer<typeof PolicyForm>;

/** Settings › Users › Policies: the account's MFA policy. */
export function MfaPolicySection({ canWrite }: { canWrite: boolean }) {
  const auth = useAuth();
  const client = useQueryClient();
  const current = mfaPolicyOf(auth.account.settings?.mfa?.policy);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<PolicyForm>({ resolver: zodResolver(PolicyForm), values: { policy: current } });
  const {
    control,
    handleSubmit,
    formState: { isSubmitting, isDirty, errors },
  } = form;

  const save = handleSubmit(async ({ policy }) => {
    setMessage(null);
    try {
      await api.put(`/accounts/${auth.account.id}`, { name: auth.account.name, settings: { mfa: { policy } } });
      await client.invalidateQueries({ queryKey: CONTEXT_KEY });
      setMessage({
        severity: 'success',
        text:
          `Multi-factor authentication is now ${MFA_POLICY_CHOICES[policy].label.toLowerCase()}.` +
          (policy === 'required' ? ' Sessions already open stay open; the next sign-ins follow the new policy.' : ''),
      });
    } catch (err) {
      const rest = applyServerErrors(err, ['policy'], form.setError);
      if (rest) setMessage({ severity: 'error', text: rest });
    }
  });

  return (
    <Card variant="outlined">
      <CardContent component="form" noValidate onSubmit={save}>
        <Typography variant="h6" id="mfa-policy-title">
          Multi-factor authentication
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Whether users of this account must confirm their sign-in with a code from an authenticator app (TOTP).
        </Typography>
        {message && (
          <Alert
            severity={message.severity}
            role={message.severity === 'error' ? 'alert' : 'status'}
            sx={{ mb: 2, whiteSpace: 'pre-line' }}
          >
            {message.text}
          </Alert>
        )}
        <Controller
          name="policy"
          control={control}
          render={({ field }) => (
            <RadioGroup
              aria-labelledby="mfa-policy-title"
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
            >
              {MFA_POLICIES.map((p) => (
                <FormControlLabel
                  key={p}
                  value={p}
                  disabled={!canWrite || isSubmitting}
                  sx={{ alignItems: 'flex-start', mb: 1 }}
                  control={<Radio size="small" sx={{ pt: 0.25 }} />}
                  label={
                    <Box>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {MFA_POLICY_CHOICES[p].label}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {MFA_POLICY_CHOICES[p].help}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          )}
        />
        {errors.policy && (
          <Typography color="error" variant="caption">
            {errors.policy.message}
          </Typography>
        )}
        {canWrite && (
          <Box sx={{ mt: 1 }}>
            <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
              Save policy
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
