import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import {
  ITEM_PERIOD_LABELS,
  ITEM_PERIODS,
  ITEM_PRECISION_LABELS,
  ITEM_PRECISIONS,
  ITEM_TYPE_LABELS,
  ITEM_TYPES,
  type Item,
  type ItemType,
} from '@trellis/domain/catalog/item';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useItemGroups, useUnits } from '../common/data.ts';
import { itemFormBody, itemFormErrors, itemToForm, newItemForm, typeSwitch, type ItemFormValues } from './itemForm.ts';
import { EMPTY_SELECT } from '../common/selects.ts';

type Errors = Partial<Record<keyof ItemFormValues, string>>;

// Server field names → form fields ('commitment.count' → 'commitment').
const FIELD_OF: Record<string, keyof ItemFormValues> = {
  'commitment.count': 'commitment',
  commitment: 'commitment',
  'unit.id': 'unit',
  unit: 'unit',
  'group.id': 'group',
  group: 'group',
  'ui.visibility': 'visibility',
  ui: 'visibility',
};

export interface ItemDialogProps {
  productId: string;
  open: boolean;
  /** The item to edit; none creates one. */
  item?: Item | null;
  onClose: () => void;
  onSaved: (item: Item) => void;
}

/**
 * Create or edit an item. A new item starts from the domain defaults (spec §3/§9); switching the type re-applies
 * the type's defaults (pay-per-use: quantity -1 = unlimited, units × hours, one decimal). Once an item is no longer
 * a draft, its type fields are fixed.
 */
export function ItemDialog({ productId, open, item, onClose, onSaved }: ItemDialogProps) {
  const base = `/products/${productId}/items`;
  const save = useWrite<Item, Record<string, unknown>>(
    { method: item ? 'PUT' : 'POST', path: item ? `${base}/${item.id}` : base },
    { objects: item ? [`${base}/${item.id}`] : [] },
  );
  const units = useUnits();
  const groups = useItemGroups(productId);
  const [values, setValues] = useState<ItemFormValues>(() => newItemForm());
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(item ? itemToForm(item) : newItemForm());
    setErrors({});
    setFormError(null);
  }, [open, item]);

  const typeLocked = !!item && item.status !== 'draft';
  const set = (patch: Partial<ItemFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as (keyof ItemFormValues)[]) delete next[k];
      return next;
    });
  };
  const text = (field: keyof ItemFormValues) => ({
    value: values[field] as string,
    onChange: (e: { target: { value: string } }) => set({ [field]: e.target.value }),
    error: !!errors[field],
    helperText: errors[field],
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = itemFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFormError(null);
    try {
      const body = itemFormBody(values, item);
      onSaved(await save.mutateAsync(body));
    } catch (err) {
      const byField = err instanceof ApiError ? err.fieldErrors : {};
      const placed: Errors = {};
      let unplaced = Object.keys(byField).length === 0;
      for (const [key, messages] of Object.entries(byField)) {
        const field = FIELD_OF[key] ?? (key in values ? (key as keyof ItemFormValues) : undefined);
        if (field && messages[0]) placed[field] = messages[0];
        else unplaced = true;
      }
      setErrors(placed);
      setFormError(unplaced ? errorMessage(err) : null);
    } finally {
      setBusy(false);
    }
  };

  const unitOptions = units.data ?? [];
  const hasUnit = unitOptions.some((u) => u.id === values.unit);
  const ppu = values.type === 'ppu';
  return (
    <FormDialog
      open={open}
      title={item ? 'Edit item' : 'Create item'}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel={item ? 'Save' : 'Create'}
      busy={busy}
      error={formError}
      maxWidth="md"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Name" required autoFocus fullWidth {...text('name')} />
        <TextField label="MPN" required fullWidth {...text('mpn')} />
      </Stack>
      <TextField
        label="Display name"
        fullWidth
        {...text('display_name')}
        helperText={errors.display_name ?? 'What customers see; the name when left empty.'}
      />
      <TextField label="Description" fullWidth multiline minRows={2} {...text('description')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Type"
          fullWidth
          value={values.type}
          disabled={typeLocked}
          onChange={(e) => set(typeSwitch(values, e.target.value as ItemType))}
          error={!!errors.type}
          helperText={errors.type}
        >
          {ITEM_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {ITEM_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Period"
          fullWidth
          value={values.period}
          disabled={typeLocked}
          onChange={(e) => set({ period: e.target.value as ItemFormValues['period'] })}
          error={!!errors.period}
          helperText={errors.period}
        >
          {ITEM_PERIODS.map((p) => (
            <MenuItem key={p} value={p} disabled={ppu && p === 'onetime'}>
              {ITEM_PERIOD_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Commitment"
          fullWidth
          disabled={typeLocked || ppu}
          {...text('commitment')}
          helperText={errors.commitment ?? 'Periods the customer commits to.'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Unit"
          fullWidth
          value={hasUnit || !units.isSuccess ? values.unit : ''}
          disabled={typeLocked}
          onChange={(e) => set({ unit: e.target.value })}
          error={!!errors.unit}
          helperText={errors.unit}
        >
          {!hasUnit && <MenuItem value={values.unit}>{values.unit}</MenuItem>}
          {unitOptions.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.title || u.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Precision"
          fullWidth
          value={values.precision}
          disabled={typeLocked}
          onChange={(e) => set({ precision: e.target.value as ItemFormValues['precision'] })}
          error={!!errors.precision}
          helperText={errors.precision}
        >
          {ITEM_PRECISIONS.map((p) => (
            <MenuItem key={p} value={p}>
              {ITEM_PRECISION_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Quantity"
          fullWidth
          disabled={typeLocked || ppu}
          {...text('quantity')}
          helperText={errors.quantity ?? (ppu ? 'Unlimited for pay-as-you-go items.' : '-1 = unlimited.')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Group"
          fullWidth
          slotProps={EMPTY_SELECT}
          value={values.group}
          onChange={(e) => set({ group: e.target.value })}
          error={!!errors.group}
          helperText={errors.group}
        >
          <MenuItem value="">
            <em>No group</em>
          </MenuItem>
          {(groups.data ?? []).map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name ?? g.mpn}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="External ID" fullWidth {...text('external_id')} />
      </Stack>
      <FormControlLabel
        label="Visible to customers"
        control={<Switch checked={values.visibility} onChange={(e) => set({ visibility: e.target.checked })} />}
      />
    </FormDialog>
  );
}
