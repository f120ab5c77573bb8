import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { ProductLocalizationCreate, type Locale } from '@trellis/domain/catalog/localization';
import { REQUIRED } from '@trellis/domain/validation/messages';
import { listAll } from '../../../api/list.ts';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';

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

/** Pick a locale (and a description) for a new or cloned translation: a form of the translation body. */
export function LocaleDialog({
  open,
  title,
  submitLabel,
  initialLocale,
  exclude = [],
  onClose,
  onSubmit,
}: LocaleDialogProps) {
  const locales = useLocales();
  const excluded = exclude.join();
  const schema = useMemo(() => {
    const offered = (locales.data ?? []).filter((l) => l.id === initialLocale || !excluded.split(',').includes(l.id));
    return z.object({
      locale: z
        .enum(offered.length ? (offered.map((l) => l.id) as [string, ...string[]]) : [''], { error: REQUIRED })
        .meta({ title: 'Locale', labels: Object.fromEntries(offered.map((l) => [l.id, `${l.name} (${l.id})`])) }),
      description: ProductLocalizationCreate.shape.description.meta({ title: 'Description', multiline: true }),
    });
  }, [locales.data, initialLocale, excluded]);
  return (
    <SchemaFormDialog
      // a new form once the locales are known
      key={locales.data ? 'loaded' : 'loading'}
      open={open}
      title={title}
      submitLabel={submitLabel}
      schema={schema}
      defaults={initialLocale ? { locale: initialLocale } : undefined}
      onClose={onClose}
      onSubmit={(v) =>
        onSubmit({ locale: { id: String(v.locale) }, description: (v.description as string | undefined) || null })
      }
    />
  );
}
