import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import type { Product } from '@trellis/domain/catalog/product';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';

interface Values {
  configurations: Product['configurations'];
  ui: { description: string; getting_started: string; provisioning_message: string };
  visibility: Product['visibility'];
}
const toValues = (p: Product): Values => ({
  configurations: { ...p.configurations },
  ui: {
    description: p.customer_ui_settings?.description ?? '',
    getting_started: p.customer_ui_settings?.getting_started ?? '',
    provisioning_message: p.customer_ui_settings?.provisioning_message ?? '',
  },
  visibility: { ...p.visibility },
});

const CONFIGURATIONS: { key: keyof Product['configurations']; label: string; hint: string }[] = [
  {
    key: 'suspend_resume_supported',
    label: 'Suspend and resume supported',
    hint: 'Subscriptions of this product can be suspended and resumed.',
  },
  {
    key: 'requires_reseller_information',
    label: 'Requires reseller information',
    hint: 'Orders must carry the tier 1 and tier 2 accounts.',
  },
];
const VISIBILITY: { key: keyof Product['visibility']; label: string; hint: string }[] = [
  { key: 'owner', label: 'Owner', hint: 'Your own account can order it (tests, demos).' },
  { key: 'listing', label: 'Listing', hint: 'Providers can list it in their marketplaces.' },
  { key: 'syndication', label: 'Syndication', hint: 'Distributors can resell it to other marketplaces.' },
  { key: 'catalog', label: 'Catalog', hint: 'It appears in the public catalogue.' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Configuration flags, what the customer's panel shows, and who can see the product. */
export function SettingsTab({ product, readOnly }: { product: Product; readOnly: boolean }) {
  const save$ = useWrite<Product, Record<string, unknown>>(
    { method: 'PUT', path: `/products/${product.id}` },
    { objects: [`/products/${product.id}`], notice: () => 'Settings saved.' },
  );
  const [values, setValues] = useState<Values>(() => toValues(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setValues(toValues(product)), [product]);
  const dirty = JSON.stringify(values) !== JSON.stringify(toValues(product));

  const busy = save$.isPending;
  const save = async () => {
    setErrors({});
    try {
      await save$.mutateAsync({
        configurations: values.configurations,
        customer_ui_settings: values.ui,
        visibility: values.visibility,
      });
    } catch (err) {
      const byField = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(
        Object.fromEntries(
          Object.entries(byField).map(([k, v]) => [k.replace(/^customer_ui_settings\./, 'ui.'), v[0]]),
        ),
      );
      notify('error', errorMessage(err));
    }
  };
  const uiField = (key: keyof Values['ui'], label: string, hint: string) => (
    <TextField
      label={label}
      fullWidth
      multiline
      minRows={2}
      value={values.ui[key]}
      disabled={readOnly}
      onChange={(e) => setValues((v) => ({ ...v, ui: { ...v.ui, [key]: e.target.value } }))}
      error={!!errors[`ui.${key}`]}
      helperText={errors[`ui.${key}`] ?? hint}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={3}>
        <Section title="Configurations">
          <FormGroup>
            {CONFIGURATIONS.map((c) => (
              <FormControlLabel
                key={c.key}
                disabled={readOnly}
                control={
                  <Switch
                    checked={values.configurations[c.key]}
                    onChange={(e) =>
                      setValues((v) => ({ ...v, configurations: { ...v.configurations, [c.key]: e.target.checked } }))
                    }
                  />
                }
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiSwitch-root': { mt: -0.5 } }}
                label={
                  <Box>
                    <Typography variant="body2">{c.label}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {c.hint}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </FormGroup>
        </Section>
        <Section title="Customer UI">
          <Stack spacing={2}>
            {uiField('description', 'Description', 'Shown to customers on the subscription page.')}
            {uiField('getting_started', 'Getting started', 'First steps after the subscription is active.')}
            {uiField('provisioning_message', 'Provisioning message', 'Shown while the order is being fulfilled.')}
          </Stack>
        </Section>
        <Section title="Visibility">
          <FormGroup>
            {VISIBILITY.map((c) => (
              <FormControlLabel
                key={c.key}
                disabled={readOnly}
                control={
                  <Switch
                    checked={values.visibility[c.key]}
                    onChange={(e) =>
                      setValues((v) => ({ ...v, visibility: { ...v.visibility, [c.key]: e.target.checked } }))
                    }
                  />
                }
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiSwitch-root': { mt: -0.5 } }}
                label={
                  <Box>
                    <Typography variant="body2">{c.label}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {c.hint}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </FormGroup>
        </Section>
        {!readOnly && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" disabled={busy || !dirty} onClick={() => void save()}>
              Save
            </Button>
            <Button disabled={busy || !dirty} onClick={() => setValues(toValues(product))}>
              Discard changes
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
