import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { allows } from '@trellis/domain/identity/modules';
import { deleteRefusal, sideWrites, type ResourceDecl } from '@trellis/domain/resource/define';
import { offeredActions, type ActionDecl } from '@trellis/domain/resource/machine';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { refetchAfterWrite } from '../../api/useWrite.ts';
import { notify } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { useViewer } from '../../app/session/useViewer.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { SchemaFormDialog } from '../form/SchemaFormDialog.tsx';
import { formFields } from '../form/schemaForm.ts';

type Obj = { id: string; status?: string };

export interface ActionDialogProps<T> {
  obj: T;
  open: boolean;
  onClose: () => void;
  /** Posts the action with this body; the bar refetches and tells the user. */
  run: (body: object) => Promise<T>;
}

/** A page's own handling of one action: a dialog of its own, or the whole click. */
export interface ActionOverride<T> {
  /** The button's words for this object (e.g. "Approve" or "Sign", by who acts). */
  label?: (obj: T) => string;
  dialog?: (props: ActionDialogProps<T>) => ReactNode;
  onClick?: (obj: T) => void | Promise<void>;
}

export interface ActionBarProps<T extends Obj> {
  resource: ResourceDecl;
  obj: T;
  /** URL of the object under /public/v1. */
  path: string;
  overrides?: Partial<Record<string, ActionOverride<T>>>;
  /** Offer Delete when the declaration allows it now; called after the object is gone. */
  onDeleted?: () => void;
  /** What Delete asks (default: "<title> <id> is deleted. This cannot be undone."). */
  deleteText?: (obj: T) => ReactNode;
  /** After an action succeeded, with its answer (e.g. to show validation results). */
  onDone?: (action: string, answer: T) => void;
  /** More buttons after the declared ones. */
  children?: ReactNode;
  /** Something before the buttons (the favorite star), shown to readers too. */
  before?: ReactNode;
}

/**
 * The header buttons of an object: every action its machine offers this user (status, side, shown), a guarded one
 * disabled with its hint; each opens what its declaration asks for — a confirmation, a dialog built from its body
 * schema, or the page's own dialog — then posts it, refetches and says what happened.
 */
export function ActionBar<T extends Obj>(props: ActionBarProps<T>) {
  const { resource: decl, obj, path, overrides = {} } = props;
  const auth = useAuth();
  const viewer = useViewer();
  const client = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const canWrite = allows(auth.permissions, decl.module) && sideWrites(decl, viewer.side);
  if (!canWrite)
    return props.children || props.before ? (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {props.before}
        {props.children}
      </Box>
    ) : null;
  const machine = decl.machine;
  const offered = offeredActions(machine, obj, viewer);
  const removal = decl.removal;
  const canDelete = (!!props.onDeleted || !!removal?.keeps) && !!decl.remove && !deleteRefusal(decl, obj, viewer);

  const run = async (name: string, body: object): Promise<T> => {
    const answer = await api.post<T>(`${path}/${name}`, body);
    await refetchAfterWrite(client, { objects: [path] });
    const a = machine!.actions[name];
    notify('success', a.done?.(answer ?? obj) ?? `${a.label}: done.`);
    props.onDone?.(name, answer);
    return answer;
  };
  const runNow = async (name: string, body: object = {}) => {
    setBusy(name);
    try {
      await run(name, body);
    } catch (err) {
      notify('error', errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const asksConfirm = (a: ActionDecl<T>) => !!a.confirm && (!a.confirm.when || a.confirm.when(obj, viewer));
  const fieldsOf = (a: ActionDecl<T>) => (a.form === false ? [] : formFields(a.form ?? a.body));
  const click = (name: string) => {
    const a = machine!.actions[name];
    const o = overrides[name];
    if (o?.onClick) return void o.onClick(obj);
    if (asksConfirm(a) || o?.dialog || fieldsOf(a).length) return setOpen(name);
    void runNow(name);
  };

  const declared = open && open !== 'delete' ? machine!.actions[open] : undefined;
  const label = open ? overrides[open]?.label?.(obj) : undefined;
  const current = declared && label ? { ...declared, label } : declared;
  const close = () => setOpen(null);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {props.before}
      {offered.map((a) => (
        <Tooltip key={a.name} title={a.disabled ?? ''}>
          <span>
            <Button
              variant="outlined"
              size="small"
              disabled={!!a.disabled || busy !== null}
              onClick={() => click(a.name)}
            >
              {overrides[a.name]?.label?.(obj) ?? a.label}
            </Button>
          </span>
        </Tooltip>
      ))}
      {props.children}
      {canDelete && (
        <Button
          variant="outlined"
          size="small"
          color="error"
          disabled={busy !== null}
          onClick={() => setOpen('delete')}
        >
          {removal?.label ?? 'Delete'}
        </Button>
      )}
      {current && open && overrides[open]?.dialog?.({ obj, open: true, onClose: close, run: (b) => run(open, b) })}
      {current && open && !overrides[open]?.dialog && asksConfirm(current) && (
        <ConfirmDialog
          open
          title={current.confirm!.title ?? current.label}
          confirmLabel={current.confirm!.confirmLabel ?? current.label}
          dismissLabel={current.confirm!.dismissLabel}
          destructive={current.confirm!.destructive}
          onClose={close}
          onConfirm={() => run(open, current.confirm!.body ?? {})}
        >
          {current.confirm!.text(obj, viewer)}
        </ConfirmDialog>
      )}
      {current && open && !overrides[open]?.dialog && !asksConfirm(current) && (
        <SchemaFormDialog
          open
          title={`${current.label} ${decl.title.toLowerCase()}`}
          submitLabel={current.label}
          schema={(current.form || current.body)!}
          intro={current.intro?.(obj)}
          onClose={close}
          onSubmit={(body) => run(open, body)}
        />
      )}
      <ConfirmDialog
        open={open === 'delete'}
        title={removal?.title?.(obj) ?? `${removal?.label ?? 'Delete'} ${decl.title.toLowerCase()}`}
        confirmLabel={removal?.label ?? 'Delete'}
        destructive
        onClose={close}
        onConfirm={async () => {
          await api.delete(path);
          await refetchAfterWrite(client, removal?.keeps ? { objects: [path] } : {});
          notify('success', removal?.done(obj) ?? `${decl.title} ${obj.id} was deleted.`);
          if (!removal?.keeps) props.onDeleted?.();
        }}
      >
        {props.deleteText?.(obj) ??
          removal?.confirm(obj) ??
          `${decl.title} ${obj.id} is deleted. This cannot be undone.`}
      </ConfirmDialog>
    </Box>
  );
}
