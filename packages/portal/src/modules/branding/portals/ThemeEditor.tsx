import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { PORTAL_TITLE_MAX } from '@trellis/domain/branding/constants';
import type { Portal } from '@trellis/domain/branding/portal';
import { api } from '../../../api/client.ts';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { useReloadBrand } from '../../../app/branding/brand.ts';
import { notify } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ColourField } from './ColourField.tsx';
import { PortalImages } from './PortalImages.tsx';
import {
  bodyOf,
  contrastRatio,
  fieldOf,
  MIN_CONTRAST,
  sameValues,
  validate,
  valuesOf,
  type ThemeErrors,
  type ThemeValues,
} from './themeForm.ts';
import { ThemePreview } from './ThemePreview.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2} component="section">
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** "Low contrast (3.1:1)…" when text in `fg` on `bg` reads badly (WCAG AA), else nothing. */
function contrastNote(fg: string, bg: string, what: string): string | undefined {
  const ratio = contrastRatio(fg, bg);
  if (ratio === null || ratio >= MIN_CONTRAST) return undefined;
  return `Low contrast (${ratio.toFixed(1)}:1, at least ${MIN_CONTRAST}:1 reads well): ${what}.`;
}

/**
 * The theme of one portal: host, title, colours (hex or picked), logo and favicons, links, footer, analytics key and
 * replacement host, with a live preview of the chrome. Checked as typed with the server's own schema; Save sends the
 * look, Discard goes back to the stored one. The portal applies a saved theme at once.
 */
export function ThemeEditor({ portal, path }: { portal: Portal; path: string }) {
  const auth = useAuth();
  const client = useQueryClient();
  const reloadBrand = useReloadBrand();
  const stored = useMemo(() => valuesOf(portal), [portal]);
  const [values, setValues] = useState<ThemeValues>(stored);
  const [serverErrors, setServerErrors] = useState<ThemeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errors = useMemo(() => validate(values), [values]);
  const dirty = !sameValues(values, stored);
  const invalid = Object.keys(errors).length > 0;

  const set = (field: keyof ThemeValues) => (v: string) => {
    setValues((prev) => ({ ...prev, [field]: v }));
    setServerErrors((prev) => ({ ...prev, [field]: undefined }));
  };
  const messageOf = (field: keyof ThemeValues) => serverErrors[field] ?? errors[field];
  const text = (field: keyof ThemeValues, label: string, help?: ReactNode, extra: object = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(e) => set(field)(e.target.value)}
      error={Boolean(messageOf(field))}
      helperText={messageOf(field) ?? help}
      fullWidth
      {...extra}
    />
  );

  const save = async () => {
    setSaving(true);
    setFormError(null);
    try {
      const saved = await api.put<Portal>(path, bodyOf(values));
      client.setQueryData(['get', path], saved);
      setValues(valuesOf(saved));
      await refetchAfterWrite(client, { objects: [path] });
      notify('success', `The theme of ${saved.domains} was saved.`);
      // this portal shows the new theme without a reload (whichever host it runs on, its brand is read again)
      await reloadBrand().catch(() => undefined);
    } catch (err) {
      const byField: ThemeErrors = {};
      let unplaced = !(err instanceof ApiError);
      if (err instanceof ApiError) {
        const fields = err.fieldErrors;
        if (!Object.keys(fields).length) unplaced = true;
        for (const [path, messages] of Object.entries(fields)) {
          const field = fieldOf(path);
          if (field && messages[0]) byField[field] ??= messages[0];
          else unplaced = true;
        }
      }
      setServerErrors(byField);
      if (unplaced) setFormError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const navNote = contrastNote(values.navigation, values.primary, 'the top bar text may be hard to read');
  const accentNote = contrastNote('#ffffff', values.accent, 'links and button text may be hard to read');

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={3} divider={<Divider flexItem />}>
          <Section title="Host and title">
            {text('domains', 'Host', 'The host name this portal answers on, with :port when not 80 or 443.', {
              required: true,
            })}
            {text(
              'title',
              'Title',
              `${values.title.length}/${PORTAL_TITLE_MAX} · In the top bar and the browser tab; "${portal.brand.name}" when empty.`,
            )}
          </Section>
          <Section title="Colours">
            <ColourField
              label="Primary"
              value={values.primary}
              onChange={set('primary')}
              error={messageOf('primary')}
              help="The top bar. # and 3 or 6 hex digits."
            />
            <ColourField
              label="Navigation text"
              value={values.navigation}
              onChange={set('navigation')}
              error={messageOf('navigation')}
              help={navNote ?? 'Text and icons on the top bar.'}
            />
            <ColourField
              label="Accent"
              value={values.accent}
              onChange={set('accent')}
              error={messageOf('accent')}
              help={accentNote ?? 'Buttons and links.'}
            />
          </Section>
          <Section title="Logo and favicons">
            <PortalImages portal={portal} path={path} primary={values.primary} />
          </Section>
          <Section title="Links">
            {text('help', 'Help', 'Where Help in the footer leads.')}
            {text('tos', 'Terms of service', 'Where Terms of service in the footer leads.')}
            {text('sign_up', 'Sign-up page', 'Optional: where new customers sign up.')}
          </Section>
          <Section title="Footer">
            {text(
              'footer',
              'Footer text',
              <>
                <code>{'{version}'}</code> becomes the portal's version and <code>{'{year}'}</code> the current year.
              </>,
              { multiline: true, minRows: 2 },
            )}
          </Section>
          <Section title="More">
            {text('analytics_key', 'Analytics key', "Your analytics service's key for this portal (optional).")}
            {text(
              'replaced_by',
              'Replaced by',
              `Optional: a host that replaces ${portal.domains}; its visitors are sent there, to the same page.`,
            )}
          </Section>
          {formError && (
            <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
              {formError}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              disabled={!dirty || saving}
              onClick={() => {
                setValues(stored);
                setServerErrors({});
                setFormError(null);
              }}
            >
              Discard
            </Button>
            <Button variant="contained" disabled={!dirty || invalid || saving} onClick={() => void save()}>
              Save
            </Button>
          </Stack>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <ThemePreview
            values={values}
            logo={portal.urls.logo ?? null}
            fallbackTitle={portal.brand.name}
            accountName={auth.account.name}
          />
        </Box>
      </Grid>
    </Grid>
  );
}
