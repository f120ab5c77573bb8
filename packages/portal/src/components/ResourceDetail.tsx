import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { actionsAllowedFrom, type ResourceDecl } from '@trellis/domain/resource/define';
import { allows } from '@trellis/domain/identity/modules';
import { formatDate } from '@trellis/domain/format/date';
import { apiRequest } from '../api/client.ts';
import { errorMessage } from '../api/errors.ts';
import { useGet } from '../api/hooks.ts';
import { usePageChrome } from '../app/chrome/usePageChrome.ts';
import { chrome } from '../app/chrome/store.ts';
import { notFoundPath } from '../app/routes.ts';
import { useAuth } from '../app/session/SessionProvider.tsx';
import { ErrorState } from './ErrorState.tsx';
import { FieldList } from './FieldList.tsx';
import { StatusChip } from './StatusChip.tsx';

interface Obj { id: string; name?: string; status?: string; events?: Record<string, { at?: string; by?: { name?: string } | null }> }

export interface DetailTab<T> { id: string; label: string; render: (obj: T) => ReactNode }

export interface ResourceDetailProps<T> {
  resource: ResourceDecl;
  /** URL of the object under /public/v1, e.g. `/auth/tokens/SU-123`. */
  path: string;
  tabs?: DetailTab<T>[];
  /** Body of the default "Details" tab; default: the declaration's columns plus events. */
  fields?: (obj: T) => { label: string; value: ReactNode }[];
  /** Extra header buttons, after the actions (so Delete can come last). */
  actions?: (obj: T) => ReactNode;
  /** What to tell the user after an action (default: "<Action>: done."); gets the action's answer. */
  actionMessage?: (action: string, answer: unknown) => ReactNode | undefined;
  /** Take over an action (ask first, collect a body): return true when the page handles it itself. */
  onAction?: (action: string, obj: T) => boolean;
  /** Narrow the actions the status allows to those this user may run on this object (e.g. only the invited side accepts). */
  canRun?: (action: string, obj: T) => boolean;
}

/** The default details: declared columns, then created/updated events. */
function defaultFields(decl: ResourceDecl, obj: Obj, hour12: boolean) {
  const items: { label: string; value: ReactNode }[] = [];
  for (const f of decl.columns ?? ['id', 'name']) {
    const v = (obj as unknown as Record<string, unknown>)[f];
    items.push({ label: f === 'id' ? 'ID' : f.charAt(0).toUpperCase() + f.slice(1).replace(/_/g, ' '),
      value: f === 'status' ? <StatusChip status={String(v ?? '')} /> : typeof v === 'object' && v ? JSON.stringify(v) : (v as ReactNode) });
  }
  for (const [name, ev] of Object.entries(obj.events ?? {})) {
    const when = formatDate(ev?.at, { hour12 });
    items.push({ label: `${name.charAt(0).toUpperCase()}${name.slice(1)}`, value: [when, ev?.by?.name].filter(Boolean).join(' by ') });
  }
  return items;
}

/**
 * One object: header (id, status chip, the actions its status allows this user), tabs, content.
 * A 404 sends the user to the not-found route with the original path.
 */
export function ResourceDetail<T extends Obj>({ resource: decl, path, tabs, fields, actions, actionMessage, onAction, canRun }: ResourceDetailProps<T>) {
  const auth = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const query = useGet<T>(path);
  const obj = query.data;
  const [busy, setBusy] = useState<string | null>(null);
  const hour12 = auth.user?.timeformat === '12h';

  const allTabs: DetailTab<T>[] = [
    { id: 'details', label: 'Details', render: (o) => <FieldList items={fields ? fields(o) : defaultFields(decl, o, hour12)} /> },
    ...(tabs ?? []),
  ];
  const activeTab = allTabs.find((t) => t.id === params.get('tab'))?.id ?? 'details';

  const canWrite = allows(auth.permissions, decl.module);
  const allowed = obj ? actionsAllowedFrom(decl, obj.status).filter((name) => {
    const by = decl.actions?.[name]?.by;
    return canWrite && (!by || by.includes(auth.account.type)) && (!canRun || canRun(name, obj));
  }) : [];

  const run = async (name: string) => {
    setBusy(name);
    try {
      const answer = (await apiRequest(`${path}/${name}`, { method: 'POST', body: {} })).data;
      const content = actionMessage?.(name, answer) ?? `${decl.actions?.[name]?.label ?? name}: done.`;
      chrome.set({ alert: { severity: 'success', content } });
      await client.invalidateQueries({ queryKey: ['get', path] });
      void client.invalidateQueries({ queryKey: ['list'] });
    } catch (err) {
      chrome.set({ alert: { severity: 'error', content: errorMessage(err) } });
    } finally {
      setBusy(null);
    }
  };
  useEffect(() => () => chrome.set({ alert: null }), []);

  usePageChrome({
    title: obj ? (obj.name ?? obj.id) : '',
    assistiveTitle: obj ? `${decl.title} · ${obj.id}` : decl.title,
    titleChip: obj?.status ? <StatusChip status={obj.status} /> : null,
    pageLoading: query.isPending,
    headerActions: obj ? (
      <Box sx={{ display: 'flex', gap: 1 }}>
        {allowed.map((name) => (
          <Button key={name} variant="outlined" size="small" disabled={busy !== null} onClick={() => { if (!onAction?.(name, obj)) void run(name); }}>
            {decl.actions?.[name]?.label ?? name}
          </Button>
        ))}
        {actions?.(obj)}
      </Box>
    ) : null,
    tabs: allTabs.length > 1 ? allTabs.map((t) => ({ id: t.id, label: t.label, to: `${location.pathname}?tab=${t.id}` })) : [],
    activeTab,
  }, [obj, busy, activeTab, allowed.join(), location.pathname]);

  if (query.error?.status === 404) return <Navigate to={notFoundPath(location.pathname)} replace />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!obj) {
    return <Paper variant="outlined" sx={{ p: 3 }}>{[1, 2, 3, 4].map((i) => <Skeleton key={i} height={28} />)}</Paper>;
  }
  const tab = allTabs.find((t) => t.id === activeTab)!;
  return <Paper variant="outlined" sx={{ p: 3 }}>{tab.render(obj)}</Paper>;
}
