import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PreviewOutlinedIcon from '@mui/icons-material/PreviewOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Parameter } from '@trellis/domain/catalog/parameter';
import { SCOPES_BY_PHASE } from '@trellis/domain/parameters/types';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { notify } from '../common/notify.ts';
import { parametersPath, parameterUrl, SCOPE_LABELS, TYPE_LABELS, useProductParameters } from './data.ts';
import { FormPreview } from './FormPreview.tsx';
import { ParameterDialog } from './ParameterDialog.tsx';

export interface ParametersTabProps {
  productId: string;
  /** ordering and fulfillment parameters, or configuration parameters */
  phase: 'ordering' | 'fulfillment' | 'configuration';
  /** Providers and non-latest versions see the catalogue read-only. */
  readOnly: boolean;
  /** Set when showing a built version instead of the live catalogue. */
  version?: number;
}

const PREVIEW_TITLES = { ordering: 'Preview order form', fulfillment: 'Preview fulfillment form', configuration: 'Preview configuration form' };

/** Constraint flags as small chips. */
export function ConstraintChips({ p }: { p: Parameter }) {
  const c = p.constraints;
  const flags = [
    c.required && 'Required', c.hidden && 'Hidden', c.readonly && 'Read-only', c.unique && 'Unique', c.reconciliation && 'Reconciliation',
    c.dependency?.parameter?.name && `Depends on ${c.dependency.parameter.name}`,
  ].filter(Boolean) as string[];
  if (!flags.length) return <Box component="span" sx={{ color: 'text.disabled' }}>—</Box>;
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>{flags.map((f) => <Chip key={f} size="small" variant="outlined" label={f} />)}</Box>;
}

/**
 * A product's parameters of one phase: filter by scope, add / edit / delete / reorder (not read-only),
 * and preview the form a customer fills with the shared validator.
 */
export function ParametersTab({ productId, phase, readOnly, version }: ParametersTabProps) {
  const client = useQueryClient();
  const list = useProductParameters(productId, version);
  const all = useMemo(() => list.data ?? [], [list.data]);
  const ofPhase = useMemo(() => all.filter((p) => p.phase === phase), [all, phase]);
  const [scope, setScope] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Parameter | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Parameter | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [moving, setMoving] = useState(false);
  const writable = !readOnly && !version;

  const needle = search.trim().toLowerCase();
  const rows = ofPhase.filter((p) => (!scope || p.scope === scope)
    && (!needle || p.name.toLowerCase().includes(needle) || p.title.toLowerCase().includes(needle) || p.id.toLowerCase().includes(needle)));

  /** Swap positions with the neighbour in the phase's order. */
  const move = async (p: Parameter, dir: -1 | 1) => {
    const i = ofPhase.indexOf(p);
    const other = ofPhase[i + dir];
    if (!other) return;
    setMoving(true);
    try {
      const a = other.position === p.position ? p.position + dir : other.position;
      await api.put(`${parametersPath(productId)}/${p.id}`, { position: Math.max(0, a) });
      await api.put(`${parametersPath(productId)}/${other.id}`, { position: p.position });
    } catch (err) {
      notify('error', errorMessage(err));
    } finally {
      await client.invalidateQueries({ queryKey: ['list'] });
      setMoving(false);
    }
  };

  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2 }}>
        <TextField size="small" label="Search" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ width: 220 }} />
        <TextField select size="small" label="Scope" value={scope} onChange={(e) => setScope(e.target.value)} sx={{ minWidth: 170 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
          <option value="">All scopes</option>
          {SCOPES_BY_PHASE[phase].map((s) => <option key={s} value={s}>{SCOPE_LABELS[s]}</option>)}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" startIcon={<PreviewOutlinedIcon />} onClick={() => setPreviewing(true)} disabled={!ofPhase.length}>
          {PREVIEW_TITLES[phase]}
        </Button>
        {writable && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>Add parameter</Button>}
      </Box>
      <Box sx={{ height: 4 }}>{(list.isFetching || moving) && <LinearProgress />}</Box>
      <TableContainer>
        <Table size="small" aria-label={`${phase} parameters`}>
          <TableHead>
            <TableRow>
              {['#', 'Name', 'Title', 'Type', 'Scope', 'Constraints', ...(writable ? [''] : [])].map((h, i) => (
                <TableCell key={i} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((p) => {
              const i = ofPhase.indexOf(p);
              return (
                <TableRow key={p.id} hover>
                  <TableCell>{p.position}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    <Link component={RouterLink} to={parameterUrl(productId, phase, p.id, version)}>{p.name}</Link>
                  </TableCell>
                  <TableCell>{p.title}</TableCell>
                  <TableCell>{TYPE_LABELS[p.type] ?? p.type}</TableCell>
                  <TableCell>{SCOPE_LABELS[p.scope] ?? p.scope}</TableCell>
                  <TableCell><ConstraintChips p={p} /></TableCell>
                  {writable && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Move up"><span>
                        <IconButton size="small" aria-label={`Move ${p.name} up`} disabled={moving || i === 0} onClick={() => void move(p, -1)}>
                          <ArrowUpwardIcon fontSize="small" />
                        </IconButton>
                      </span></Tooltip>
                      <Tooltip title="Move down"><span>
                        <IconButton size="small" aria-label={`Move ${p.name} down`} disabled={moving || i === ofPhase.length - 1} onClick={() => void move(p, 1)}>
                          <ArrowDownwardIcon fontSize="small" />
                        </IconButton>
                      </span></Tooltip>
                      <IconButton size="small" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}><EditOutlinedIcon fontSize="small" /></IconButton>
                      <IconButton size="small" aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}><DeleteOutlinedIcon fontSize="small" /></IconButton>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {list.data && rows.length === 0 && (
        <EmptyState icon={<InboxOutlinedIcon />} title={ofPhase.length ? 'No parameters match these filters' : `No ${phase} parameters yet`}>
          {!ofPhase.length && writable ? 'Add the parameters the customer and the tiers fill in.' : undefined}
        </EmptyState>
      )}

      {writable && (
        <ParameterDialog open={editing !== null} productId={productId} phase={phase} parameter={editing === 'new' ? null : editing}
          siblings={all} onClose={() => setEditing(null)}
          onSaved={(p) => {
            notify('success', editing === 'new' ? `Parameter ${p.name} added.` : `Parameter ${p.name} saved.`);
            setEditing(null);
          }} />
      )}
      <ConfirmDialog open={!!deleting} title="Delete parameter" confirmLabel="Delete" destructive onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.delete(`${parametersPath(productId)}/${deleting!.id}`);
          await client.invalidateQueries({ queryKey: ['list'] });
          notify('success', `Parameter ${deleting!.name} deleted.`);
        }}>
        Delete {deleting?.title} ({deleting?.name})? Requests and configuration values stop carrying it from the next version.
      </ConfirmDialog>
      <FormPreview open={previewing} onClose={() => setPreviewing(false)} title={PREVIEW_TITLES[phase]} parameters={ofPhase} />
    </Paper>
  );
}
