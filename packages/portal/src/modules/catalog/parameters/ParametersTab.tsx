import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PreviewOutlinedIcon from '@mui/icons-material/PreviewOutlined';
import { useCallback, useMemo, useState } from 'react';
import { constraintFlags, parameterResource, type Parameter } from '@trellis/domain/catalog/parameter';
import { SCOPES_BY_PHASE, type ParameterPhase } from '@trellis/domain/parameters/types';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormPreview } from '../../../components/ParameterEditor/FormPreview.tsx';
import { RefLink } from '../../../components/display/FieldValue.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { parametersPath, parameterUrl, useProductParameters } from './data.ts';
import { ParameterDialog } from './ParameterDialog.tsx';
import { TIER_GROUPS } from './tiers.ts';

export interface ParametersTabProps {
  productId: string;
  /** ordering and fulfillment parameters, or configuration parameters */
  phase: ParameterPhase;
  /** Providers and non-latest versions see the catalogue read-only. */
  readOnly: boolean;
  /** Set when showing a built version instead of the live catalogue. */
  version?: number;
}

const PREVIEW_TITLES = {
  ordering: 'Preview order form',
  fulfillment: 'Preview fulfillment form',
  configuration: 'Preview configuration form',
};

/** The titles of a product's parameters by name, so a dependency reads by the title of what it depends on. */
export const titlesOf = (all: readonly Parameter[]) => {
  const byName = new Map(all.map((p) => [p.name, p.title]));
  return (name: string) => byName.get(name) ?? name;
};

/** Constraint flags as small chips ("Depends on" names the other parameter by its title). */
export function ConstraintChips({ p, titleOf }: { p: Parameter; titleOf?: (name: string) => string }) {
  const flags = constraintFlags(p, titleOf);
  if (!flags.length)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        —
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {flags.map((f) => (
        <Chip key={f} size="small" variant="outlined" label={f} />
      ))}
    </Box>
  );
}

/** The parameter list of one phase: its scopes to filter by, and (when writable) the row actions. */
function phaseDecl(phase: ParameterPhase, writable: boolean): ResourceDecl {
  const d = parameterResource;
  return {
    ...d,
    filters: { ...d.filters, scope: { ...d.filters.scope, options: SCOPES_BY_PHASE[phase] } },
    list: { ...d.list!, columns: [...d.list!.columns, ...(writable ? ['actions'] : [])] },
  };
}

/**
 * A product's parameters of one phase, as declared: by title, filtered by scope and type; add / edit / delete /
 * reorder when writable, and a preview of the form a customer fills, checked with the shared validator.
 */
export function ParametersTab({ productId, phase, readOnly, version }: ParametersTabProps) {
  const all = useProductParameters(productId, version);
  const everyOne = useMemo(() => all.data ?? [], [all.data]);
  const ofPhase = useMemo(() => everyOne.filter((p) => p.phase === phase), [everyOne, phase]);
  const titleOf = useMemo(() => titlesOf(everyOne), [everyOne]);
  const [editing, setEditing] = useState<Parameter | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Parameter | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const writable = !readOnly && !version;
  const decl = useMemo(() => phaseDecl(phase, writable), [phase, writable]);
  const inPhase = useCallback((q: RqlBuilder) => q.eq('phase', phase), [phase]);
  const base = parametersPath(productId);
  const place = useWrite<Parameter, { id: string; position: number }>(
    { method: 'PUT', path: (v) => `${base}/${v.id}`, body: (v) => ({ position: v.position }) },
    { lists: [base] },
  );
  const remove = useWrite<void, Parameter>(
    { method: 'DELETE', path: (p) => `${base}/${p.id}` },
    { lists: [base], notice: () => (deleting ? parameterResource.removal!.done(deleting) : '') },
  );

  /** Swap positions with the neighbour in the phase's order. */
  const move = async (p: Parameter, dir: -1 | 1) => {
    const i = ofPhase.findIndex((x) => x.id === p.id);
    const other = ofPhase[i + dir];
    if (!other) return;
    try {
      const a = other.position === p.position ? p.position + dir : other.position;
      await place.mutateAsync({ id: p.id, position: Math.max(0, a) });
      await place.mutateAsync({ id: other.id, position: p.position });
    } catch (err) {
      notify('error', errorMessage(err));
    }
  };

  const rowActions = (p: Parameter) => {
    const i = ofPhase.findIndex((x) => x.id === p.id);
    return (
      <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }} onClick={(e) => e.stopPropagation()}>
        <Tooltip title="Move up">
          <span>
            <IconButton
              size="small"
              aria-label={`Move ${p.title} up`}
              disabled={place.isPending || i <= 0}
              onClick={() => void move(p, -1)}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Move down">
          <span>
            <IconButton
              size="small"
              aria-label={`Move ${p.title} down`}
              disabled={place.isPending || i < 0 || i === ofPhase.length - 1}
              onClick={() => void move(p, 1)}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <IconButton size="small" aria-label={`Edit ${p.title}`} onClick={() => setEditing(p)}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={`Delete ${p.title}`} onClick={() => setDeleting(p)}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Box>
    );
  };

  return (
    <>
      <ResourceTable<Parameter>
        key={`${phase}:${version ?? 'live'}`}
        resource={decl}
        path={parametersPath(productId, version)}
        stateKey={`product-parameters-${phase}`}
        noun={`${phase} parameters`}
        base={inPhase}
        render={{
          title: (p) => <RefLink to={parameterUrl(productId, phase, p.id, version)}>{p.title}</RefLink>,
          constraints: (p) => <ConstraintChips p={p} titleOf={titleOf} />,
          actions: rowActions,
        }}
        rowLink={(p) => parameterUrl(productId, phase, p.id, version)}
        toolbar={
          <>
            <Button
              variant="outlined"
              startIcon={<PreviewOutlinedIcon />}
              onClick={() => setPreviewing(true)}
              disabled={!ofPhase.length}
            >
              {PREVIEW_TITLES[phase]}
            </Button>
            {writable && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                Add parameter
              </Button>
            )}
          </>
        }
      />
      {writable && (
        <ParameterDialog
          open={editing !== null}
          productId={productId}
          phase={phase}
          parameter={editing === 'new' ? null : editing}
          siblings={everyOne}
          onClose={() => setEditing(null)}
          onSaved={(p) => {
            notify('success', editing === 'new' ? `Parameter ${p.title} added.` : `Parameter ${p.title} saved.`);
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={parameterResource.removal!.title!(deleting)}
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync(deleting!)}
      >
        {deleting && parameterResource.removal!.confirm(deleting)}
      </ConfirmDialog>
      <FormPreview
        open={previewing}
        onClose={() => setPreviewing(false)}
        title={PREVIEW_TITLES[phase]}
        parameters={ofPhase}
        groups={TIER_GROUPS}
      />
    </>
  );
}
