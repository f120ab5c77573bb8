import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Parameter } from '@trellis/domain/catalog/parameter';
import { choicesOf } from '@trellis/domain/parameters/dependencies';
import type { ParameterPhase, ParamValue } from '@trellis/domain/parameters/types';
import { formatDate } from '@trellis/domain/format/date';
import { api } from '../../../api/client.ts';
import { useGet } from '../../../api/hooks.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { notFoundPath } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { FieldList } from '../../../components/FieldList.tsx';
import { ParameterForm } from '../../../components/ParameterForm/index.ts';
import { useProduct, useReadOnly } from '../common/data.ts';
import { useViewedVersion } from '../common/paths.ts';
import { readOnlyMessage } from '../product/ReadOnlyBanner.tsx';
import { ConfigurationValues } from './ConfigurationValues.tsx';
import { parametersPath, PHASE_LABELS, phaseTabUrl, SCOPE_LABELS, TYPE_LABELS, useProductParameters } from './data.ts';
import { ParameterDialog } from './ParameterDialog.tsx';
import { ConstraintChips } from './ParametersTab.tsx';

/** The phase of the page from its route (ordering / fulfillment details, or configuration details). */
function phaseOf(pathname: string): ParameterPhase {
  if (/\/parameters\/fulfillment\//.test(pathname)) return 'fulfillment';
  if (/\/configuration\//.test(pathname)) return 'configuration';
  return 'ordering';
}

/**
 * One parameter (routes product.parameters.ordering.details, .fulfillment.details and
 * product.configuration.details): its definition, how its field looks, edit and delete; for a
 * configuration parameter, its values per product / item / marketplace.
 */
export default function ParameterDetailsPage() {
  const { id: productId = '', parameterId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const auth = useAuth();
  const version = useViewedVersion();
  const routePhase = phaseOf(location.pathname);
  const product = useProduct(productId);
  const { readOnly, reason } = useReadOnly(product.data, version);
  const query = useGet<Parameter>(`${parametersPath(productId, version)}/${parameterId}`);
  const siblings = useProductParameters(productId, version);
  const p = query.data;
  const phase = p?.phase ?? routePhase;
  const back = phaseTabUrl(productId, phase, version);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [sample, setSample] = useState<Record<string, ParamValue>>({});
  const alone = useMemo(() => (p ? [{ ...p, constraints: { ...p.constraints, dependency: null, hidden: false } }] : []), [p]);
  const hour12 = auth.user?.timeformat === '12h';

  usePageChrome({
    title: p ? p.title : '',
    assistiveTitle: p ? `${PHASE_LABELS[p.phase]} parameter · ${p.name}` : 'Parameter',
    backRoute: back,
    pageLoading: query.isPending,
    headerActions: p && !readOnly ? (
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" size="small" onClick={() => setEditing(true)}>Edit</Button>
        <Button variant="outlined" size="small" color="error" onClick={() => setDeleting(true)}>Delete</Button>
      </Box>
    ) : null,
  }, [p, readOnly, back]);

  if (query.error?.status === 404) return <Navigate to={notFoundPath(location.pathname)} replace />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!p) return <Paper variant="outlined" sx={{ p: 3 }}>{[1, 2, 3, 4].map((i) => <Skeleton key={i} height={28} />)}</Paper>;

  const c = p.constraints;
  const dep = c.dependency;
  const choices = choicesOf(p);
  const event = (name: string) => {
    const ev = p.events?.[name];
    return ev ? [formatDate(ev.at, { hour12 }), ev.by?.name].filter(Boolean).join(' by ') : null;
  };

  return (
    <Stack spacing={2}>
      {readOnly && (
        <Alert severity="info" role="status">{readOnlyMessage(reason, product.data?.owner.name ?? 'another account', version)}</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <FieldList items={[
          { label: 'ID', value: p.id },
          { label: 'Name', value: <Box component="span" sx={{ fontFamily: 'monospace' }}>{p.name}</Box> },
          { label: 'Title', value: p.title },
          { label: 'Description', value: p.description },
          { label: 'Type', value: TYPE_LABELS[p.type] ?? p.type },
          { label: 'Phase', value: PHASE_LABELS[p.phase] },
          { label: 'Scope', value: `${SCOPE_LABELS[p.scope] ?? p.scope} (${p.scope})` },
          { label: 'Hint', value: p.hint },
          { label: 'Placeholder', value: p.placeholder },
          { label: 'Constraints', value: <ConstraintChips p={p} /> },
          ...(choices.length ? [{ label: 'Choices', value: choices.map((ch) => `${ch.label} (${ch.value})${ch.default ? ' — default' : ''}`).join(', ') }] : []),
          ...(c.min_length != null || c.max_length != null
            ? [{ label: 'Length', value: [c.min_length != null && `at least ${c.min_length}`, c.max_length != null && `at most ${c.max_length}`].filter(Boolean).join(', ') }]
            : []),
          ...(dep?.parameter?.name ? [{
            label: 'Dependency',
            value: `Shown when ${dep.parameter.name} is ${dep.values?.length ? dep.values.join(' or ') : 'set'}${dep.hidden === false ? ' (otherwise shown, optional)' : ''}`,
          }] : []),
          ...(p.type === 'phone' ? [{ label: 'Default country', value: p.default_country }] : []),
          { label: 'Position', value: String(p.position) },
          { label: 'Created', value: event('created') },
          { label: 'Updated', value: event('updated') },
        ]} />
      </Paper>
      {p.type !== 'heading' && p.type !== 'content' && p.phase !== 'configuration' && (
        <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="Field preview">
          <Typography variant="subtitle1" sx={{ mb: 2 }}>How the field looks</Typography>
          <ParameterForm parameters={alone} values={sample} onChange={setSample} />
        </Paper>
      )}
      {p.phase === 'configuration' && <ConfigurationValues productId={productId} parameter={p} readOnly={readOnly} />}

      {!readOnly && (
        <ParameterDialog open={editing} productId={productId} phase={p.phase} parameter={p} siblings={siblings.data ?? []}
          onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
      )}
      <ConfirmDialog open={deleting} title="Delete parameter" confirmLabel="Delete" destructive onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await api.delete(`${parametersPath(productId)}/${p.id}`);
          void client.invalidateQueries({ queryKey: ['list'] });
          navigate(back, { replace: true });
        }}>
        Delete {p.title} ({p.name})?
      </ConfirmDialog>
    </Stack>
  );
}
