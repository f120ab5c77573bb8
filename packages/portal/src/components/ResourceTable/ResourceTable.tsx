import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import {
  DEFAULT_PAGE_LIMIT, FILTERS_RESTORED_MESSAGE, SKELETON_ROWS, URL_REPLACE_DEBOUNCE_MS,
} from '@trellis/domain/format/constants';
import { formatDate } from '@trellis/domain/format/date';
import { useList } from '../../api/hooks.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { chrome } from '../../app/chrome/store.ts';
import { EmptyState } from '../EmptyState.tsx';
import { ErrorState } from '../ErrorState.tsx';
import { getPath } from '../fields.ts';
import { StatusChip } from '../StatusChip.tsx';
import { encodeState, initialState, normalizeState, saveStored, storageKey, type TableState } from './filterState.ts';
import { buildListQuery, choiceFilters, humanize } from './query.ts';

export interface Column<T> {
  field: string;
  label?: string;
  render?: (row: T) => ReactNode;
  width?: number | string;
}

export interface ResourceTableProps<T> {
  resource: ResourceDecl;
  /** Concrete collection path (parents filled in); default: the declaration's path. */
  path?: string;
  columns?: Column<T>[];
  /** Where a row leads (its detail page). */
  rowLink?: (row: T) => string;
  /** Key of the remembered filters (local storage); default: the resource name. */
  stateKey?: string;
  /** Offer "Assigned to me", filtering this field by the current user's id. */
  assigneeField?: string;
  /** Fixed filters of this view. */
  base?: (q: RqlBuilder) => RqlBuilder;
  /** Multi-select filters whose options the page supplies (products, customers, ...): an `in` term on `field`. */
  pickers?: PickerFilter[];
  /** Plural noun for messages ("tokens"). */
  noun?: string;
  toolbar?: ReactNode;
}

export interface PickerFilter { field: string; label: string; options: { value: string; label: string }[] }

const PAGE_SIZES = [DEFAULT_PAGE_LIMIT, 25, 50, 100];

function renderValue(decl: ResourceDecl, field: string, value: unknown, hour12: boolean): ReactNode {
  if (value === null || value === undefined || value === '') return <Box component="span" sx={{ color: 'text.disabled' }}>—</Box>;
  if (field === 'status') return <StatusChip status={String(value)} />;
  if (decl.filters[field]?.type === 'datetime' || /(^|[._])(at|date)$/.test(field)) return formatDate(String(value), { hour12 }) || String(value);
  if (typeof value === 'object') return (value as { name?: string; id?: string }).name ?? (value as { id?: string }).id ?? JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Debounced text input bound to one field of the table state. */
function FilterText({ label, value, onChange, icon, width = 200 }: { label: string; value: string; onChange: (v: string) => void; icon?: boolean; width?: number }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), URL_REPLACE_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <TextField size="small" label={label} value={text} onChange={(e) => setText(e.target.value)} sx={{ width }}
      slotProps={icon ? { input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } } : undefined} />
  );
}

/**
 * A server-side paged, sorted and filtered list of one resource. Filters come from the declaration;
 * the state lives in the URL (`state`) and local storage and is offered back with a RESET.
 */
export function ResourceTable<T extends { id?: string }>(props: ResourceTableProps<T>) {
  const { resource: decl, rowLink, assigneeField, base } = props;
  const key = props.stateKey ?? decl.name;
  const noun = props.noun ?? `${decl.title.toLowerCase()}s`;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { context } = useSession();
  const hour12 = context?.user?.timeformat === '12h';
  const defaults = { ordering: decl.defaultOrdering, limit: DEFAULT_PAGE_LIMIT };

  const [start] = useState(() => initialState(params.get('state'), key));
  const [state, setState] = useState<TableState>(start.state);
  const [restored, setRestored] = useState(start.restored);
  const update = (patch: Partial<TableState>, keepOffset = false) =>
    setState((s) => normalizeState({ ...s, ...patch, offset: keepOffset ? (patch.offset ?? s.offset) : 0 }, defaults));

  // Persist: local storage now, the URL after a short pause (typing should not flood history).
  const encoded = encodeState(state);
  useEffect(() => {
    saveStored(key, state);
    const t = setTimeout(() => {
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (encoded) next.set('state', encoded);
        else next.delete('state');
        return next;
      }, { replace: true });
    }, URL_REPLACE_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [encoded, key]);

  const reset = () => {
    setState({});
    setRestored(false);
    try {
      localStorage.removeItem(storageKey(key));
    } catch { /* ignore */ }
  };

  // The restore notice belongs to the page chrome; it goes when the user resets or leaves.
  useEffect(() => {
    if (!restored) return;
    chrome.set({
      alert: {
        severity: 'info',
        content: FILTERS_RESTORED_MESSAGE,
        action: <Button color="inherit" size="small" onClick={reset}>Reset</Button>,
      },
    });
    return () => chrome.set({ alert: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored]);

  const query = useMemo(
    () => buildListQuery(decl, state, { userId: context?.user?.id, assigneeField, base }),
    [decl, state, context?.user?.id, assigneeField, base],
  );
  const list = useList<T>(props.path ?? decl.path, query);

  const columns: Column<T>[] = props.columns
    ?? (decl.columns ?? ['id', 'name']).map((field) => ({ field }));
  const ordering = state.ordering ?? decl.defaultOrdering ?? '';
  const orderField = ordering.replace(/^-/, '');
  const choices: PickerFilter[] = [
    ...choiceFilters(decl).map((c) => ({ ...c, options: c.options.map((o) => ({ value: o, label: humanize(o) })) })),
    ...(props.pickers ?? []).filter((p) => p.options.length > 0),
  ];
  const limit = state.limit ?? DEFAULT_PAGE_LIMIT;
  const offset = state.offset ?? 0;
  const filtered = !!(state.search || state.id || state.idName || state.filters || state.assignedToMe);
  const canLike = (f: string) => decl.filters[f]?.ops.some((o) => o === 'like' || o === 'ilike');
  const updateRef = useRef(update);
  updateRef.current = update;
  const onText = useMemo(() => ({
    search: (v: string) => updateRef.current({ search: v }),
    id: (v: string) => updateRef.current({ id: v }),
    idName: (v: string) => updateRef.current({ idName: v }),
  }), []);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2 }}>
        {decl.search.length > 0 && <FilterText label="Search" value={state.search ?? ''} onChange={onText.search} icon width={240} />}
        {canLike('id') && <FilterText label="ID" value={state.id ?? ''} onChange={onText.id} width={170} />}
        {canLike('id') && canLike('name') && <FilterText label="ID or name" value={state.idName ?? ''} onChange={onText.idName} width={200} />}
        {choices.map((c) => (
          <TextField key={c.field} select size="small" label={c.label} sx={{ minWidth: 150 }}
            value={state.filters?.[c.field] ?? []}
            slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map((x) => c.options.find((o) => o.value === x)?.label ?? humanize(x)).join(', ') } }}
            onChange={(e) => {
              const v = e.target.value as unknown as string[] | string;
              update({ filters: { ...state.filters, [c.field]: typeof v === 'string' ? v.split(',') : v } });
            }}>
            {c.options.map((o) => (
              <MenuItem key={o.value} value={o.value} dense>
                <Checkbox size="small" checked={state.filters?.[c.field]?.includes(o.value) ?? false} sx={{ p: 0.5, mr: 1 }} />
                <ListItemText primary={o.label} />
              </MenuItem>
            ))}
          </TextField>
        ))}
        {assigneeField && (
          <FormControlLabel label="Assigned to me"
            control={<Switch checked={!!state.assignedToMe} onChange={(e) => update({ assignedToMe: e.target.checked })} />} />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {props.toolbar}
      </Box>
      <Box sx={{ height: 4 }}>{list.isFetching && !list.isPending && <LinearProgress />}</Box>
      {list.isError ? (
        <Box sx={{ p: 2 }}><ErrorState error={list.error} onRetry={() => void list.refetch()} /></Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={decl.title}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.field} sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: c.width }}
                    sortDirection={orderField === c.field ? (ordering.startsWith('-') ? 'desc' : 'asc') : false}>
                    {decl.ordering.includes(c.field) ? (
                      <TableSortLabel active={orderField === c.field} direction={ordering.startsWith('-') && orderField === c.field ? 'desc' : 'asc'}
                        onClick={() => update({ ordering: orderField === c.field && !ordering.startsWith('-') ? `-${c.field}` : c.field })}>
                        {c.label ?? humanize(c.field)}
                      </TableSortLabel>
                    ) : (c.label ?? humanize(c.field))}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending && Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <TableRow key={i} data-testid="skeleton-row">
                  {columns.map((c) => <TableCell key={c.field}><Skeleton variant="text" /></TableCell>)}
                </TableRow>
              ))}
              {list.data?.items.map((row, i) => (
                <TableRow key={row.id ?? i} hover={!!rowLink} sx={{ cursor: rowLink ? 'pointer' : undefined }}
                  onClick={rowLink ? () => navigate(rowLink(row)) : undefined}>
                  {columns.map((c) => (
                    <TableCell key={c.field} sx={c.field === 'id' ? { fontFamily: 'monospace', whiteSpace: 'nowrap' } : undefined}>
                      {c.render ? c.render(row) : renderValue(decl, c.field, getPath(row, c.field), hour12)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {list.data && list.data.items.length === 0 && !list.isError && (
        <EmptyState icon={<InboxOutlinedIcon />} title={filtered ? `No ${noun} match these filters` : `No ${noun} yet`}
          action={filtered ? <Button onClick={reset}>Reset filters</Button> : undefined} />
      )}
      {!list.isError && (list.data?.total ?? 0) > 0 && (
        <TablePagination component="div" count={list.data?.total ?? 0} page={Math.floor(offset / limit)} rowsPerPage={limit}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, page) => update({ offset: page * limit }, true)}
          onRowsPerPageChange={(e) => update({ limit: Number(e.target.value) })} />
      )}
    </Paper>
  );
}
