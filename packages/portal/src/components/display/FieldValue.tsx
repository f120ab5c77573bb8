import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import { getPath, type FieldDisplay } from '@trellis/domain/resource/fields';
import type { Viewer } from '@trellis/domain/resource/machine';
import { formatBytes } from '@trellis/domain/format/bytes';
import { formatDate } from '@trellis/domain/format/date';
import {
  addressLines,
  countryName,
  enumLabel,
  formatContact,
  formatMoney,
  formatPhone,
  formatQuantity,
  type AddressParts,
  type ContactParts,
  type PhoneParts,
} from '@trellis/domain/format/display';
import { formatDuration } from '@trellis/domain/format/duration';
import { formatPercent } from '@trellis/domain/format/percent';
import { truncate } from '@trellis/domain/format/truncate';
import type { ObjectSli } from '@trellis/domain/slm/sli';
import { canAccess, type AccessSubject } from '../../app/access.ts';
import { findRoute, pathTo } from '../../app/routes.ts';
import { SliChip } from '../SliChip.tsx';
import { StatusChip } from '../StatusChip.tsx';

// One value, one rendering (DESIGN §3): every screen shows a declared field through this, by its display kind.

export interface DisplayContext {
  viewer: Viewer;
  /** The signed-in user's access, to link only to pages they may open. */
  access: AccessSubject;
  hour12: boolean;
  /** In a list cell: long text is truncated (spec §9) and references show their name only. */
  dense?: boolean;
}

type Ref = { id: string; name?: string | null; email?: string } | null | undefined;

export const EMPTY = (
  <Box component="span" sx={{ color: 'text.secondary' }}>
    —
  </Box>
);

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The URL of a referenced object's page, when the route exists and this user may open it. */
export function refUrl(
  f: Pick<FieldDisplay, 'route' | 'routeParams'>,
  ref: Ref,
  obj: unknown,
  access: AccessSubject,
): string | undefined {
  if (!f.route || !ref?.id) return undefined;
  const route = findRoute(f.route);
  if (!route || !canAccess(route, access)) return undefined;
  const params: Record<string, string> = { id: ref.id };
  for (const [k, path] of Object.entries(f.routeParams ?? {})) params[k] = String(getPath(obj, path) ?? '');
  try {
    return pathTo(f.route, params);
  } catch {
    return undefined;
  }
}

/**
 * A link to another object's page, or plain text when there is none for this user; `inline` (inside a sentence)
 * underlines it, as colour alone does not tell it apart there.
 */
export function RefLink({ to, inline, children }: { to?: string; inline?: boolean; children: ReactNode }) {
  if (!to) return <>{children}</>;
  return (
    <Link component={RouterLink} to={to} underline={inline ? 'always' : 'hover'} onClick={(e) => e.stopPropagation()}>
      {children}
    </Link>
  );
}

function RefValue({ f, ref, obj, ctx }: { f: FieldDisplay; ref: Ref; obj: unknown; ctx: DisplayContext }) {
  if (!ref?.id) return EMPTY;
  const to = refUrl(f, ref, obj, ctx.access);
  const name = ref.name || ref.id;
  // a plain span: a Box costs an emotion style per instance, in every row of a list
  return (
    <span>
      {/* followed by its id, the link sits in text: underlined */}
      <RefLink to={to} inline={!!ref.name && !ctx.dense}>
        {name}
      </RefLink>
      {ref.name && !ctx.dense && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {` (${ref.id})`}
        </Box>
      )}
    </span>
  );
}

/** Which path a "party" field shows to this viewer: the provider to a vendor, the vendor to a provider. */
export const partyPath = (f: FieldDisplay, viewer: Viewer) =>
  f.party ? (viewer.side === 'vendor' ? f.party.provider : f.party.vendor) : undefined;

/** The label of a field for this viewer ("Provider" or "Vendor" for the other party). */
export function fieldLabel(f: FieldDisplay, viewer: Viewer): string {
  if (f.kind === 'party') return viewer.side === 'vendor' ? 'Provider' : 'Vendor';
  return f.label;
}

/** The value of `key` of `obj`, rendered by its declared display kind. */
export function renderField(decl: ResourceDecl, key: string, obj: unknown, ctx: DisplayContext): ReactNode {
  const f = decl.fields?.[key];
  if (!f) return renderPlain(getPath(obj, key));
  return renderKind(
    f,
    f.kind === 'party' ? getPath(obj, partyPath(f, ctx.viewer)!) : getPath(obj, key),
    obj,
    ctx,
    decl,
  );
}

function renderPlain(v: unknown): ReactNode {
  if (isEmpty(v)) return EMPTY;
  if (typeof v === 'object') return (v as { name?: string; id?: string }).name ?? (v as { id?: string }).id ?? '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

export function renderKind(
  f: FieldDisplay,
  v: unknown,
  obj: unknown,
  ctx: DisplayContext,
  decl?: ResourceDecl,
): ReactNode {
  if (isEmpty(v) && f.kind !== 'bool') return f.empty ?? EMPTY;
  switch (f.kind) {
    case 'id':
      return (
        <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {String(v)}
        </Box>
      );
    case 'status':
      return <StatusChip status={String(v)} machine={decl?.machine} />;
    case 'sli':
      return <SliChip sli={v as ObjectSli} dense={ctx.dense} />;
    case 'enum':
      return enumLabel(String(v), f.labels);
    case 'list':
      return (v as unknown[])
        .map((x) =>
          typeof x === 'object' && x ? ((x as Ref)?.name ?? (x as Ref)?.id) : enumLabel(String(x), f.labels),
        )
        .join(', ');
    case 'date':
      return formatDate(String(v), { hour12: ctx.hour12 }) || String(v);
    case 'money':
      return formatMoney(v as number, f.currency ? String(getPath(obj, f.currency) ?? '') : undefined);
    case 'bytes':
      return formatBytes(v as number);
    case 'percent':
      return formatPercent(v as number);
    case 'duration':
      return formatDuration(Number(v) * 1000);
    case 'bool':
      return v ? 'Yes' : 'No';
    case 'ref':
    case 'party':
      return <RefValue f={f} ref={v as Ref} obj={obj} ctx={ctx} />;
    case 'user': {
      const u = v as Ref;
      return ctx.dense || !u?.email ? (u?.name ?? u?.id) : `${u.name} (${u.email})`;
    }
    case 'country':
      return countryName(String(v));
    case 'phone':
      return formatPhone(v as PhoneParts) || EMPTY;
    case 'quantity':
      return formatQuantity(v as number);
    case 'address': {
      const lines = addressLines(v as AddressParts);
      if (!lines.length) return EMPTY;
      return ctx.dense ? (
        lines.join(', ')
      ) : (
        <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
          {lines.join('\n')}
        </Box>
      );
    }
    case 'contact':
      return formatContact(v as ContactParts) || EMPTY;
    case 'email':
      return <Link href={`mailto:${String(v)}`}>{String(v)}</Link>;
    case 'url':
      return (
        <Link href={String(v)} target="_blank" rel="noreferrer noopener">
          {String(v)}
        </Link>
      );
    case 'multiline':
    case 'markdown':
      return ctx.dense ? (
        truncate(String(v))
      ) : (
        <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
          {String(v)}
        </Box>
      );
    case 'number':
      return Number(v).toLocaleString('en-US', { maximumFractionDigits: 10 });
    default:
      return ctx.dense ? truncate(String(v)) : String(v);
  }
}
