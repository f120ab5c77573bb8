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
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useNavigate, useSearchParams } from 'react-router';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { nounOf, type ResourceDecl } from '@trellis/domain/resource/define';
import {
  DEFAULT_PAGE_LIMIT,
  FILTERS_RESTORED_MESSAGE,
  SKELETON_ROWS,
  URL_REPLACE_DEBOUNCE_MS,
} from '@trellis/domain/format/constants';
import { useList } from '../../api/hooks.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { useHour12, useViewer } from '../../app/session/useViewer.ts';
import { chrome } from '../../app/chrome/store.ts';
import { EmptyState } from '../EmptyState.tsx';
import { ErrorState } from '../ErrorState.tsx';
import { fieldLabel, partyPath, renderField, type DisplayContext } from '../display/FieldValue.tsx';
import { encodeState, initialState, normalizeState, saveStored, storageKey, type TableState } from './filterState.ts';
import { assigneeFieldFor, buildListQuery, choiceFilters, humanize, phoneColumns } from './query.ts';

export interface Column<T> {
  field: string;
  label?: string;
  render?: (row: T) => ReactNode;
  width?: number | string;
  /** Default: whether the declaration orders by `field`. */
  sortable?: boolean;
}

/** The RQL field a declared column sorts by: its own `sort`, itself, or (a reference) its name. */
function sortField(decl: ResourceDecl, key: string, side: 'vendor' | 'provider'): string | undefined {
  const f = decl.fields?.[key];
  if (f?.sort) return f.sort;
  const path = f?.kind === 'party' ? partyPath(f, { side, accountId: '' }) : key;
  if (!path) return undefined;
  return [path, `${path}.name`].find((p) => decl.ordering.includes(p));
}

const ROW_ACTIONS = '__actions';

/**
 * Rows rendered with the data (the first screenful); the rest of a longer page follows in a background render
 * (useDeferredValue), so 100 rows never take one long task (issue 19).
 */
export const FIRST_ROWS = 25;
// the deferred rows' first value when the table mounts with its data already there (a cached list)
const NO_ROWS: never[] = [];

// Shared by every row through the table's own styles, not an `sx` per row or cell (each costs an emotion
// serialisation per instance, hundreds on a page of 100 rows).
const LINK_ROW = 'TrellisTable-link';
const ID_CELL = 'TrellisTable-id';
const TABLE_SX = {
  [`& .${LINK_ROW}`]: { cursor: 'pointer' },
  [`& .${ID_CELL}`]: { fontFamily: 'monospace', whiteSpace: 'nowrap' },
} as const;

/** A column as the rows use it: always a renderer. */
interface BodyColumn<T> {
  field: string;
  mono: boolean;
  render: (row: T) => ReactNode;
}

interface BodyRowProps<T> {
  row: T;
  columns: BodyColumn<T>[];
  open?: (row: T) => void;
}

/** One row; memoised, so a table that renders again (its URL state, a refetch) leaves unchanged rows alone. */
const BodyRow = memo(function BodyRow<T>({ row, columns, open }: BodyRowProps<T>) {
  return (
    <TableRow hover={!!open} className={open ? LINK_ROW : undefined} onClick={open ? () => open(row) : undefined}>
      {columns.map((c) => (
        <TableCell key={c.field} className={c.mono ? ID_CELL : undefined}>
          {c.render(row)}
        </TableCell>
      ))}
    </TableRow>
  );
}) as <T>(props: BodyRowProps<T>) => ReactNode;

export interface ResourceTableProps<T> {
  resource: ResourceDecl;
  /** Concrete collection path (parents filled in); default: the declaration's path. */
  path?: string;
  /** Columns written out by the page, instead of the declared ones (until it declares them). */
  columns?: Column<T>[];
  /** A declared column shown its own way on this page. */
  render?: Partial<Record<string, (row: T) => ReactNode>>;
  /** A last, unlabelled cell per row for its actions (a ⋮ menu); clicks there do not open the row. */
  rowActions?: (row: T) => ReactNode;
  /** Where a row leads (its detail page). */
  rowLink?: (row: T) => string;
  /** A row's React key, where ids repeat (the versions of one object share its id); default the id. */
  rowKey?: (row: T) => string;
  /** Key of the remembered filters (local storage); default: the resource name. */
  stateKey?: string;
  /** Offer "Assigned to me" on this field; default the machine's `assigneeField`, to the side that assigns. */
  assigneeField?: string | null;
  /** Fixed filters of this view. */
  base?: (q: RqlBuilder) => RqlBuilder;
  /** Multi-select filters whose options the page supplies (products, customers, ...): an `in` term on `field`. */
  pickers?: PickerFilter[];
  /** Plural noun for messages ("tokens"). */
  noun?: string;
  /** The shape of an id, shown in the empty ID filter (e.g. `CT-0000-0000-0000`). */
  idPlaceholder?: string;
  toolbar?: ReactNode;
}

export interface PickerFilter {
  field: string;
  label: string;
  options: { value: string; label: string }[];
}

const PAGE_SIZES = [DEFAULT_PAGE_LIMIT, 25, 50, 100];

/** Debounced text input bound to one field of the table state. */
function FilterText({
  label,
  value,
  onChange,
  icon,
  width = 200,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  icon?: boolean;
  width?: number;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), URL_REPLACE_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      placeholder={placeholder}
      sx={{ width }}
      slotProps={{
        // a placeholder shows the expected shape, so the label stays above it
        ...(placeholder ? { inputLabel: { shrink: true } } : {}),
        ...(icon
          ? {
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }
          : {}),
      }}
    />
  );
}

/**
 * A server-side paged, sorted and filtered list of one resource. Filters come from the declaration;
 * the state lives in the URL (`state`) and local storage and is offered back with a RESET.
 */
export function ResourceTable<T extends { id?: string }>(props: ResourceTableProps<T>) {
  const { resource: decl, rowLink, base } = props;
  const key = props.stateKey ?? decl.name;
  const noun = props.noun ?? nounOf(decl);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const auth = useAuth();
  const viewer = useViewer();
  const hour12 = useHour12();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const display: DisplayContext = useMemo(
    () => ({ viewer, access: auth, hour12, dense: true }),
    [viewer, auth, hour12],
  );
  const assigneeField = props.assigneeField === undefined ? assigneeFieldFor(decl, viewer.side) : props.assigneeField;
  const userId = auth.user?.id;
  const defaults = { ordering: decl.defaultOrdering, limit: DEFAULT_PAGE_LIMIT };

  const [start] = useState(() => initialState(params.get('state'), key));
  const [state, setState] = useState<TableState>(start.state);
  const [restored, setRestored] = useState(start.restored);
  const update = (patch: Partial<TableState>, keepOffset = false) =>
    setState((s) => normalizeState({ ...s, ...patch, offset: keepOffset ? (patch.offset ?? s.offset) : 0 }, defaults));

  // Persist: local storage now, the URL after a short pause (typing should not flood history).
  const encoded = encodeState(state);
  // the URL of when the timer fires: the page may have navigated meanwhile (e.g. to `?version=2`), and the
  // router's functional update would start from the params of the render that set the timer
  const paramsNow = useRef(params);
  paramsNow.current = params;
  useEffect(() => {
    saveStored(key, state);
    const t = setTimeout(() => {
      // nothing to write: leave the URL alone (a navigation since the last render must not be undone)
      if ((paramsNow.current.get('state') ?? '') === encoded) return;
      setParams(
        () => {
          const next = new URLSearchParams(paramsNow.current);
          if (encoded) next.set('state', encoded);
          else next.delete('state');
          return next;
        },
        { replace: true },
      );
    }, URL_REPLACE_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [encoded, key]);

  const reset = () => {
    setState({});
    setRestored(false);
    try {
      localStorage.removeItem(storageKey(key));
    } catch {
      /* ignore */
    }
  };

  // The restore notice belongs to the page chrome; it goes when the user resets or leaves.
  useEffect(() => {
    if (!restored) return;
    chrome.set({
      alert: {
        severity: 'info',
        content: FILTERS_RESTORED_MESSAGE,
        action: (
          <Button color="inherit" size="small" onClick={reset}>
            Reset
          </Button>
        ),
      },
    });
    return () => chrome.set({ alert: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored]);

  const query = useMemo(
    () => buildListQuery(decl, state, { userId, assigneeField: assigneeField ?? undefined, base }),
    [decl, state, userId, assigneeField, base],
  );
  const list = useList<T>(props.path ?? decl.path, query);

  const { columns: given, render, rowActions } = props;
  const columns: Column<T>[] = useMemo(() => {
    const shown = phone && !given ? phoneColumns(decl) : (decl.list?.columns ?? ['id']);
    // its menu and dialogs (portals bubble through React) must not open the row
    const actionsCell = (row: T) => <span onClick={(e) => e.stopPropagation()}>{rowActions!(row)}</span>;
    return [
      ...(given ??
        shown.map((field) => {
          const f = decl.fields?.[field];
          return {
            field: sortField(decl, field, viewer.side) ?? field,
            label: f ? fieldLabel(f, viewer) : humanize(field),
            render: render?.[field] ?? ((row: T) => renderField(decl, field, row, display)),
            sortable: !!sortField(decl, field, viewer.side),
          };
        })),
      ...(rowActions ? [{ field: ROW_ACTIONS, label: '', width: 48, sortable: false, render: actionsCell }] : []),
    ];
  }, [given, render, rowActions, phone, decl, viewer, display]);
  const bodyColumns: BodyColumn<T>[] = useMemo(
    () =>
      columns.map((c) => ({
        field: c.field,
        mono: c.field === 'id' && !c.render,
        render: c.render ?? ((row: T) => renderField(decl, c.field, row, display)),
      })),
    [columns, decl, display],
  );
  // the page's rowLink may be a new function each render; the rows keep one handler
  const rowLinkNow = useRef(rowLink);
  rowLinkNow.current = rowLink;
  const openRow = useCallback((row: T) => navigate(rowLinkNow.current!(row)), [navigate]);
  const open = rowLink ? openRow : undefined;
  // the first screenful with the data, the rest in a background render that React can interrupt
  const items = list.data?.items;
  const settled = useDeferredValue(items, NO_ROWS);
  const rows = items && settled !== items ? items.slice(0, FIRST_ROWS) : items;
  const ordering = state.ordering ?? decl.defaultOrdering ?? '';
  const orderField = ordering.replace(/^-/, '');
  const choices: PickerFilter[] = [
    ...choiceFilters(decl),
    ...(props.pickers ?? []).filter((p) => p.options.length > 0),
  ];
  const limit = state.limit ?? DEFAULT_PAGE_LIMIT;
  const offset = state.offset ?? 0;
  const filtered = !!(state.search || state.id || state.idName || state.filters || state.assignedToMe);
  const canLike = (f: string) => decl.filters[f]?.ops.some((o) => o === 'like' || o === 'ilike');
  const updateRef = useRef(update);
  updateRef.current = update;
  const onText = useMemo(
    () => ({
      search: (v: string) => updateRef.current({ search: v }),
      id: (v: string) => updateRef.current({ id: v }),
      idName: (v: string) => updateRef.current({ idName: v }),
    }),
    [],
  );

  // a list with nothing to search, filter or add (a few fixed rows) starts with its table
  const hasToolbar =
    decl.search.length > 0 || canLike('id') || choices.length > 0 || !!assigneeField || !!props.toolbar;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box
        sx={{
          display: hasToolbar ? 'flex' : 'none',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'center',
          p: 2,
        }}
      >
        {decl.search.length > 0 && (
          <FilterText label="Search" value={state.search ?? ''} onChange={onText.search} icon width={240} />
        )}
        {canLike('id') && (
          <FilterText
            label="ID"
            value={state.id ?? ''}
            onChange={onText.id}
            width={props.idPlaceholder ? 200 : 170}
            placeholder={props.idPlaceholder}
          />
        )}
        {canLike('id') && canLike('name') && (
          <FilterText label="ID or name" value={state.idName ?? ''} onChange={onText.idName} width={200} />
        )}
        {choices.map((c) => (
          <TextField
            key={c.field}
            select
            size="small"
            label={c.label}
            sx={{ minWidth: 150 }}
            value={state.filters?.[c.field] ?? []}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (v) =>
                  (v as string[]).map((x) => c.options.find((o) => o.value === x)?.label ?? humanize(x)).join(', '),
              },
            }}
            onChange={(e) => {
              const v = e.target.value as unknown as string[] | string;
              update({ filters: { ...state.filters, [c.field]: typeof v === 'string' ? v.split(',') : v } });
            }}
          >
            {c.options.map((o) => (
              <MenuItem key={o.value} value={o.value} dense>
                <Checkbox
                  size="small"
                  checked={state.filters?.[c.field]?.includes(o.value) ?? false}
                  sx={{ p: 0.5, mr: 1 }}
                />
                <ListItemText primary={o.label} />
              </MenuItem>
            ))}
          </TextField>
        ))}
        {assigneeField && (
          <FormControlLabel
            label="Assigned to me"
            control={
              <Switch checked={!!state.assignedToMe} onChange={(e) => update({ assignedToMe: e.target.checked })} />
            }
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {props.toolbar}
      </Box>
      <Box sx={{ height: 4 }}>{list.isFetching && !list.isPending && <LinearProgress />}</Box>
      {list.isError ? (
        <Box sx={{ p: 2 }}>
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={decl.title} sx={TABLE_SX}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell
                    key={c.field}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: c.width }}
                    sortDirection={orderField === c.field ? (ordering.startsWith('-') ? 'desc' : 'asc') : false}
                  >
                    {(c.sortable ?? decl.ordering.includes(c.field)) ? (
                      <TableSortLabel
                        active={orderField === c.field}
                        direction={ordering.startsWith('-') && orderField === c.field ? 'desc' : 'asc'}
                        onClick={() =>
                          update({
                            ordering: orderField === c.field && !ordering.startsWith('-') ? `-${c.field}` : c.field,
                          })
                        }
                      >
                        {c.label ?? humanize(c.field)}
                      </TableSortLabel>
                    ) : (
                      (c.label ?? humanize(c.field))
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending &&
                Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <TableRow key={i} data-testid="skeleton-row">
                    {columns.map((c) => (
                      <TableCell key={c.field}>
                        <Skeleton variant="text" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              {rows?.map((row, i) => (
                <BodyRow key={props.rowKey?.(row) ?? row.id ?? i} row={row} columns={bodyColumns} open={open} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {list.data && list.data.items.length === 0 && !list.isError && (
        <EmptyState
          icon={<InboxOutlinedIcon />}
          title={filtered ? `No ${noun} match these filters` : `No ${noun} yet`}
          action={filtered ? <Button onClick={reset}>Reset filters</Button> : undefined}
        />
      )}
      {!list.isError && (list.data?.total ?? 0) > 0 && (
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={Math.floor(offset / limit)}
          rowsPerPage={limit}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, page) => update({ offset: page * limit }, true)}
          onRowsPerPageChange={(e) => update({ limit: Number(e.target.value) })}
        />
      )}
    </Paper>
  );
}
