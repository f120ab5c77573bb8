import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { DEFAULT_MFA_POLICY, MFA_POLICIES, type MfaPolicy } from '@trellis/domain/identity/account';
import { api } from '../../../api/client.ts';
import { CONTEXT_KEY, useAuth } from '../../../app/session/SessionProvider.tsx';
import { FieldList } from '../../../components/FieldList.tsx';
import { applyServerErrors } from '../../../components/form/serverErrors.ts';
import { AccessRulesSection } from './AccessRulesSection.tsx';
import { DomainsSection } from './DomainsSection.tsx';

const CHOICES: Record<MfaPolicy, { label: string; help: string }> = {
  required: { label: 'Required', help: 'Every user must confirm sign-ins with a second factor.' },
  optional: { label: 'Optional', help: 'Users who turned on a second factor are asked for it; others are not.' },
  disabled: { label: 'Not required', help: 'Nobody is asked for a second factor.' },
};

const PolicyForm = z.object({ policy: z.enum(MFA_POLICIES) });
type PolicyForm = z.infer<typeof PolicyForm>;

const isPolicy = (v: unknown): v is MfaPolicy => (MFA_POLICIES as readonly unknown[]).includes(v);

/** Settings › Users › Policies: the account's MFA policy (stored now, enforced by the MFA work later) and the password rule. */
export function PoliciesTab({ canWrite }: { canWrite: boolean }) {
  const auth = useAuth();
  const client = useQueryClient();
  const stored = auth.account.settings?.mfa?.policy;
  const current = isPolicy(stored) ? stored : DEFAULT_MFA_POLICY;
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
        text: `Multi-factor authentication is now ${CHOICES[policy].label.toLowerCase()}.`,
      });
    } catch (err) {
      const rest = applyServerErrors(err, ['policy'], form.setError);
      if (rest) setMessage({ severity: 'error', text: rest });
    }
  });

  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent component="form" noValidate onSubmit={save}>
          <Typography variant="h6" id="mfa-policy-title">
            Multi-factor authentication
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Whether users of this account must confirm their sign-in with a second factor.
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
                          {CHOICES[p].label}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {CHOICES[p].help}
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
      <DomainsSection />
      <AccessRulesSection />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" gutterBottom>
            Passwords
          </Typography>
          <FieldList
            items={[{ label: 'Password rule', value: '8 to 128 characters, at least one letter and one digit' }]}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
