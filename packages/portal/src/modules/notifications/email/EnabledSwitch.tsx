import Switch from '@mui/material/Switch';
import { errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';

export interface EnabledSwitchProps {
  /** The object's API path: PUT {enabled} there. */
  path: string;
  enabled: boolean;
  /** What the switch is named for assistive technology ("Enabled: Order created"). */
  label: string;
  /** The list the object is shown in (refetched afterwards). */
  list: string;
  disabled?: boolean;
  /** The notice after the change. */
  done: (enabled: boolean) => string;
}

/** A subscription's or a rule's Enabled switch: one PUT of `enabled`, the outcome in the page's notice. */
export function EnabledSwitch({ path, enabled, label, list, disabled, done }: EnabledSwitchProps) {
  const save = useWrite<{ enabled: boolean }, { enabled: boolean }>(
    { method: 'PUT', path },
    { objects: [path], lists: [list] },
  );
  const change = async (next: boolean) => {
    try {
      notify('success', done((await save.mutateAsync({ enabled: next })).enabled));
    } catch (err) {
      notify('error', errorMessage(err));
    }
  };
  return (
    <Switch
      size="small"
      checked={save.isPending ? !enabled : enabled}
      disabled={disabled || save.isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => void change(e.target.checked)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}
