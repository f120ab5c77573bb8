import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { humanize } from '@trellis/domain/resource/machine';
import { SLA_ENTITY_LABELS, SLA_ENTITY_TYPES, type Sla } from '@trellis/domain/slm/sla';
import { SLO_ZONE_LABELS, SLO_ZONE_TONES, type Zone } from '@trellis/domain/slm/zones';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import type { Page } from '../../api/list.ts';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { notify, useNotice } from '../../app/notices.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { applyServerErrors } from '../../components/form/serverErrors.ts';
import {
  previewDays,
  slaBody,
  slaFields,
  slaFormSchema,
  slaListPath,
  slaPath,
  slaValues,
  type SlaForm,
} from './slaForm.ts';

const QUERY = 'limit=100';

/** Requests first, then tier config requests, then cases (the order of SLA_ENTITY_TYPES). */
const byKind = (a: Sla, b: Sla) => SLA_ENTITY_TYPES.indexOf(a.entity_type) - SLA_ENTITY_TYPES.indexOf(b.entity_type);

/**
 * Settings › Service levels: the account's SLA settings, one card per kind of object it serves. Each objective
 * covers the time an object waits in one status: green, then yellow, then red for so many days each, and then,
 * where the objective may terminate, the object is rejected automatically.
 */
export default function SlaSettingsPage() {
  usePageChrome({ title: 'Service levels' }, []);
  useNotice();
  const list = useList<Sla>(slaListPath, QUERY);
  const slas = useMemo(() => [...(list.data?.items ?? [])].sort(byKind), [list.data]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Typography variant="body2" color="text.secondary">
        Each objective measures how long an object waits in a status and shows its zone on lists and details. Enabling
        applies to requests and cases that start waiting from then on.
      </Typography>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data ? (
        slas.map((sla) => <SlaCard key={sla.id} sla={sla} />)
      ) : (
        [1, 2].map((i) => <Skeleton key={i} variant="rounded" height={200} />)
      )}
    </Stack>
  );
}

function SlaCard({ sla }: { sla: Sla }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(slaFormSchema(sla)), [sla]);
  const values = useMemo(() => slaValues(sla), [sla]);
  const form = useForm<SlaForm>({ resolver, values });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const title = SLA_ENTITY_LABELS[sla.entity_type] ?? humanize(sla.entity_type);
  const titleId = `sla-${sla.id}`;

  const save = handleSubmit(async (v) => {
    setError(null);
    try {
      const saved = await api.put<Sla>(slaPath(sla.id), slaBody(v, sla));
      client.setQueryData<Page<Sla>>(['list', slaListPath, QUERY], (page) =>
        page ? { ...page, items: page.items.map((s) => (s.id === saved.id ? saved : s)) } : page,
      );
      notify('success', `The service levels of ${title.toLowerCase()} are saved${saved.active ? '' : ' (disabled)'}.`);
    } catch (err) {
      setError(applyServerErrors(err, slaFields(sla), form.setError));
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent component="form" noValidate onSubmit={save} sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" id={titleId} sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <SwitchField control={control} name="active" label="Enabled" disabled={isSubmitting} start />
        </Box>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {error}
          </Alert>
        )}
        <Stack spacing={3}>
          {sla.slos.map((slo, i) => {
            const sloErrors = errors.slos?.[i];
            const legendId = `${titleId}-slo-${i}`;
            return (
              <Box key={slo.id} component="fieldset" aria-labelledby={legendId} sx={{ border: 0, p: 0, m: 0 }}>
                <Typography id={legendId} variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
                  Waiting as {humanize(slo.target_status).toLowerCase()}
                </Typography>
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
                    gap: { xs: 1, sm: 2 },
                    maxWidth: 480,
                  }}
                >
                  {[0, 1, 2].map((j) => {
                    const dayError = sloErrors?.zones?.[j]?.days;
                    return (
                      <TextField
                        key={j}
                        size="small"
                        label={SLO_ZONE_LABELS[j as Zone]}
                        inputMode="numeric"
                        disabled={isSubmitting}
                        {...register(`slos.${i}.zones.${j}.days`)}
                        error={!!dayError}
                        helperText={dayError?.message}
                        slotProps={{ input: { endAdornment: <InputAdornment position="end">days</InputAdornment> } }}
                      />
                    );
                  })}
                </Box>
                {zonesError(sloErrors?.zones) && <FormHelperText error>{zonesError(sloErrors?.zones)}</FormHelperText>}
                <ZonePreview control={control} index={i} canTerminate={!!slo.final_action} />
                {slo.final_action && (
                  <>
                    <SwitchField
                      control={control}
                      name={`slos.${i}.terminate`}
                      label="Reject automatically after the red zone"
                      disabled={isSubmitting}
                    />
                    {sloErrors?.terminate?.message && (
                      <FormHelperText error>{sloErrors.terminate.message}</FormHelperText>
                    )}
                  </>
                )}
              </Box>
            );
          })}
        </Stack>
        <Box sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
            Save
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** A switch bound to a yes/no field of the card's form. */
function SwitchField(props: {
  control: Control<SlaForm>;
  name: 'active' | `slos.${number}.terminate`;
  label: string;
  disabled: boolean;
  /** The label before the switch (in the card's header). */
  start?: boolean;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormControlLabel
          label={props.label}
          labelPlacement={props.start ? 'start' : 'end'}
          control={
            <Switch
              checked={field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              disabled={props.disabled}
            />
          }
        />
      )}
    />
  );
}

/** A message about the zones together: the resolver keeps it at `root` of the array, the server's at the array. */
const zonesError = (e: { message?: string; root?: { message?: string } } | undefined) => e?.root?.message ?? e?.message;

const BAR_COLORS = { success: 'success.main', warning: 'warning.main', error: 'error.main' } as const;

const dayCount = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** The objective's zones as a bar in proportion to their days, and what happens at its end, as it is typed. */
function ZonePreview({
  control,
  index,
  canTerminate,
}: {
  control: Control<SlaForm>;
  index: number;
  canTerminate: boolean;
}) {
  const slo = useWatch({ control, name: `slos.${index}` });
  const days = slo.zones.map((z) => previewDays(z.days));
  const total = days.reduce((a, b) => a + b, 0);
  const end = canTerminate && slo.terminate ? 'then rejected automatically' : 'then it stays red';
  const summary =
    total > 0
      ? `${days.map((d, j) => `${SLO_ZONE_LABELS[j as Zone]} ${dayCount(d)}`).join(', ')}; ${end}.`
      : 'Give at least one zone a day or more.';
  return (
    <Box sx={{ mt: 1.5, maxWidth: 480 }}>
      <Box
        aria-hidden
        sx={{ display: 'flex', height: 8, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {days.map((d, j) =>
          d > 0 ? <Box key={j} sx={{ flexGrow: d, bgcolor: BAR_COLORS[SLO_ZONE_TONES[j as Zone]] }} /> : null,
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {summary}
      </Typography>
    </Box>
  );
}
