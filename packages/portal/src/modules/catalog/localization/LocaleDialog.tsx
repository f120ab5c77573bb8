import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Locale } from '@trellis/domain/catalog/localization';
import { errorMessage } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';

export interface LocaleDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  /** Preselected locale (clone keeps the source's unless changed). */
  initialLocale?: string;
  /** Locales not offered (the caller already has a translation into them). */
  exclude?: string[];
  onClose: () => void;
  onSubmit: (v: { locale: { id: string }; description: string | null }) => Promise<unknown>;
}

export function useLocales() {
  return useQuery({
    queryKey: ['list', '/localization/locales', 'all'],
    queryFn: ({ signal }) => listAll<Locale>('/localization/locales', 'ordering(name)', signal),
    staleTime: 5 * 60_000,
  });
}

/** Pick a locale (and a description) for a new or cloned translation. */
export function LocaleDialog({ open, title, submitLabel, initialLocale, exclude = [], onClose, onSubmit }: LocaleDialogProps) {
  const locales = useLocales();
  const [locale, setLocale] = useState('');
  const [description, setDescription] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setLocale(initialLocale ?? '');
    setDescription('');
    setFieldError(null);
    setError(null);
  }, [open, initialLocale]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!locale) return setFieldError('This field is required');
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ locale: { id: locale }, description: description.trim() || null });
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const offered = (locales.data ?? []).filter((l) => l.id === initialLocale || !exclude.includes(l.id));
  return (
    <FormDialog open={open} title={title} onClose={onClose} onSubmit={(e) => void submit(e)} submitLabel={submitLabel} busy={busy} error={error}>
      <TextField select label="Locale" required value={locale} onChange={(e) => { setLocale(e.target.value); setFieldError(null); }}
        error={!!fieldError} helperText={fieldError ?? (locales.isError ? errorMessage(locales.error) : undefined)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
        <option value="" />
        {offered.map((l) => <option key={l.id} value={l.id}>{`${l.name} (${l.id})`}</option>)}
      </TextField>
      <TextField label="Description" multiline minRows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
    </FormDialog>
  );
}
