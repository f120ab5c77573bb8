import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import { getPath, type FieldKind } from '@trellis/domain/resource/fields';
import { humanize, stateOf } from '@trellis/domain/resource/machine';
import { actorName } from './display/actor.ts';
import { formatDate } from '@trellis/domain/format/date';
import { useGet } from '../api/hooks.ts';
import { chrome } from '../app/chrome/store.ts';
import { usePageChrome } from '../app/chrome/usePageChrome.ts';
import { notFoundPath } from '../app/routes.ts';
import { useAuth } from '../app/session/SessionProvider.tsx';
import { useHour12, useViewer } from '../app/session/useViewer.ts';
import { ActionBar, type ActionOverride } from './actions/ActionBar.tsx';
import { fieldLabel, renderField, type DisplayContext } from './display/FieldValue.tsx';
import { ErrorState } from './ErrorState.tsx';
import { FieldList } from './FieldList.tsx';
import { StatusChip } from './StatusChip.tsx';
import { FavoriteButton } from './favorites/FavoriteButton.tsx';

type Obj = {
  id: string;
  name?: string;
  status?: string;
  events?: Record<string, { at?: string; by?: { name?: string } | null } | undefined>;
};

export interface DetailTab<T> {
  id: string;
  label: string;
  render: (obj: T) => ReactNode;
}

export interface DetailItem {
  label: string;
  value: ReactNode;
}

export interface ResourceDetailProps<T extends Obj> {
  resource: ResourceDecl;
  /** URL of the object under /public/v1, e.g. `/auth/tokens/SU-123`. */
  path: string;
  /** Tabs after Details. */
  tabs?: DetailTab<T>[];
  /** The first tab's label (default Details) and what it shows before and after the declared fields. */
  details?: { label?: string; before?: (obj: T) => ReactNode; after?: (obj: T) => ReactNode };
  /** The Details tab's fields (default: the declaration's `detail.fields`). */
  fields?: readonly string[];
  /** A field shown its own way on this page; the declaration's display otherwise. */
  render?: Partial<Record<string, (obj: T) => ReactNode>>;
  /** Rows after the declared fields (things that are not a field of the object). */
  extra?: (obj: T) => DetailItem[];
  /** The Details tab's rows written out by the page, instead of the declared fields (until it declares them). */
  items?: (obj: T) => DetailItem[];
  /** The page's own handling of actions (dialogs with pickers, validation flows). */
  actions?: Partial<Record<string, ActionOverride<T>>>;
  /** More header buttons (e.g. Edit), after the declared actions. */
  buttons?: (obj: T) => ReactNode;
  /** Offer Delete when the declaration allows it; where to go afterwards. */
  onDeleted?: (obj: T) => void;
  onActionDone?: (action: string, answer: T) => void;
  /** Shown above the tabs' content (e.g. why the object waits). */
  banner?: (obj: T) => ReactNode;
  title?: (obj: T) => string;
  /** The small text above the title (default: the resource's title and the object's id). */
  assistiveTitle?: (obj: T) => string;
  titleChip?: (obj: T) => ReactNode;
  /** Where tabs live: default `?tab=`; a page with `:tab` in its route passes its URLs. */
  tabUrl?: (tab: string) => string;
  activeTab?: string;
}

const REFERENCE_KINDS: readonly FieldKind[] = ['ref', 'party', 'user'];

/**
 * One object: header (title, status chip, the actions its machine offers this user), tabs, and the Details tab
 * derived from the declaration — its fields, a References block and an Events block. A 404 sends the user to the
 * not-found page with the original path.
 */
export function ResourceDetail<T extends Obj>(props: ResourceDetailProps<T>) {
  const { resource: decl, path } = props;
  const auth = useAuth();
  const viewer = useViewer();
  const hour12 = useHour12();
  const location = useLocation();
  const [params] = useSearchParams();
  const query = useGet<T>(path);
  const obj = query.data;
  const ctx: DisplayContext = { viewer, access: auth, hour12 };

  const allTabs: DetailTab<T>[] = [
    {
      id: 'details',
      label: props.details?.label ?? 'Details',
      render: (o) => (
        <>
          {props.details?.before?.(o)}
          <DetailsTab {...props} obj={o} ctx={ctx} />
          {props.details?.after?.(o)}
        </>
      ),
    },
    ...(props.tabs ?? []),
  ];
  const requested = props.activeTab ?? params.get('tab');
  const activeTab = allTabs.find((t) => t.id === requested)?.id ?? 'details';
  const tabUrl = props.tabUrl ?? ((id: string) => `${location.pathname}?tab=${id}`);
  useEffect(() => () => chrome.set({ alert: null }), []);

  usePageChrome(
    {
      title: obj ? (props.title?.(obj) ?? obj.name ?? obj.id) : '',
      assistiveTitle: obj ? (props.assistiveTitle?.(obj) ?? `${decl.title} · ${obj.id}`) : decl.title,
      titleChip: obj
        ? (props.titleChip?.(obj) ?? <StatusChip status={stateOf(decl.machine, obj)} machine={decl.machine} />)
        : null,
      pageLoading: query.isPending,
      headerActions: obj ? (
        <ActionBar
          before={
            decl.path.includes(':') ? null : (
              <FavoriteButton resource={decl.name} id={obj.id} name={props.title?.(obj) ?? obj.name ?? obj.id} />
            )
          }
          resource={decl}
          obj={obj}
          path={path}
          overrides={props.actions}
          onDeleted={props.onDeleted ? () => props.onDeleted!(obj) : undefined}
          onDone={props.onActionDone}
        >
          {props.buttons?.(obj)}
        </ActionBar>
      ) : null,
      tabs: allTabs.length > 1 ? allTabs.map((t) => ({ id: t.id, label: t.label, to: tabUrl(t.id) })) : [],
      activeTab,
    },
    [obj, activeTab, location.pathname],
  );

  if (query.error?.status === 404) return <Navigate to={notFoundPath(location.pathname)} replace />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!obj) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Paper>
    );
  }
  const tab = allTabs.find((t) => t.id === activeTab)!;
  return (
    <>
      {props.banner?.(obj)}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {tab.render(obj)}
      </Paper>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography component="h2" variant="subtitle2" sx={{ mb: 1.5, color: 'text.secondary' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The declared fields, then the objects this one refers to, then what happened to it when. */
function DetailsTab<T extends Obj>(props: ResourceDetailProps<T> & { obj: T; ctx: DisplayContext }) {
  const { resource: decl, obj, ctx } = props;
  const present = (key: string) => {
    const v = getPath(obj, key);
    return v !== null && v !== undefined && v !== '';
  };
  // a field declared hideEmpty is left out while it holds nothing
  const keys = (props.fields ?? decl.detail?.fields ?? []).filter((k) => !decl.fields?.[k]?.hideEmpty || present(k));
  const item = (key: string): DetailItem => {
    const f = decl.fields?.[key];
    return {
      label: f ? fieldLabel(f, ctx.viewer) : humanize(key),
      value: props.render?.[key] ? props.render[key]!(obj) : renderField(decl, key, obj, ctx),
    };
  };
  const isRef = (key: string) => REFERENCE_KINDS.includes(decl.fields?.[key]?.kind as FieldKind);
  const general = props.items
    ? props.items(obj)
    : [...keys.filter((k) => !isRef(k)).map(item), ...(props.extra?.(obj) ?? [])];
  const refs = keys.filter(isRef).map(item);
  const events = Object.entries(obj.events ?? {})
    .filter(([, e]) => e?.at)
    .sort(([, a], [, b]) => String(a!.at).localeCompare(String(b!.at)))
    .map(([name, e]) => ({
      label: humanize(name),
      value: [formatDate(e!.at, { hour12: ctx.hour12 }), actorName(e!.by)].filter(Boolean).join(' by '),
    }));
  return (
    <>
      <FieldList items={general} />
      {refs.length > 0 && (
        <Section title="References">
          <FieldList items={refs} />
        </Section>
      )}
      {events.length > 0 && (
        <Section title="Events">
          <FieldList items={events} />
        </Section>
      )}
    </>
  );
}
