import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import type { RequestParam } from '@trellis/domain/fulfillment/common';
import {
  DISPLAY_TYPES,
  type ParamError,
  type ParamValue,
  type ParameterConstraints,
} from '@trellis/domain/parameters/types';
import { errorMessage } from '../../api/errors.ts';
import {
  ParameterForm,
  type FormParameter,
  type ParameterFormGroup,
  type ParamValues,
} from '../ParameterForm/index.ts';
import { paramErrorsFromApi, paramErrorsOf, type ParamErrors } from './paramErrors.ts';

/** What a save sends for one parameter (reference PUT /requests/{id} `asset.params[]`). */
export interface RequestParamChange {
  id: string;
  value?: string | null;
  structured_value?: unknown;
  value_error?: string;
}

export interface RequestParamsEditorProps {
  params: readonly RequestParam[];
  /** Which parameters the current side may change now; the others show read-only. Default: none. */
  editable?: (p: RequestParam) => boolean;
  /** The vendor may mark the other side's parameters invalid (`value_error`), to inquire. */
  markErrors?: boolean;
  /** Saves the changed values (and marks); a 400 naming parameters puts its messages on the fields. */
  onSave?: (changes: RequestParamChange[]) => Promise<unknown> | void;
  /**
   * Dynamic validation of the values as they are in the form (saved or not). Resolve with the validated
   * parameters (their `value_error`s show) or nothing; a 400 naming parameters puts its messages on the fields.
   */
  onValidate?: (values: RequestParamChange[]) => Promise<readonly RequestParam[] | void | unknown> | void;
  busy?: boolean;
  /** Messages from outside (e.g. a failed submit), by parameter id; they replace the object's own. */
  errors?: ParamErrors;
}

const GROUPS: { id: string; label: string }[] = [
  { id: 'ordering', label: 'Ordering parameters' },
  { id: 'fulfillment', label: 'Fulfillment parameters' },
];

const nameOf = (p: RequestParam) => p.name || p.id;
const valueOf = (p: RequestParam): ParamValue => ({
  value: p.value,
  ...(p.structured_value !== undefined ? { structured_value: p.structured_value } : {}),
});
/** Equal values compare equal whether empty is '' or null. */
const sameValue = (a: ParamValue | undefined, b: ParamValue | undefined) =>
  JSON.stringify([a?.value || null, a?.structured_value ?? null]) ===
  JSON.stringify([b?.value || null, b?.structured_value ?? null]);
const carriesValue = (p: RequestParam) => !DISPLAY_TYPES.includes(p.type as never);

/** The parameter as the order form shows it here: every one visible (hidden only means hidden from customers), read-only unless editable. */
function formParameter(p: RequestParam, canEdit: boolean): FormParameter {
  const c = p.constraints as ParameterConstraints;
  return {
    id: p.id,
    name: nameOf(p),
    title: p.title,
    description: p.description,
    hint: p.description || null,
    type: p.type,
    scope: p.scope,
    constraints: {
      ...c,
      hidden: false,
      readonly: !canEdit,
      dependency: c.dependency ? { ...c.dependency, readonly: null } : c.dependency,
    },
  };
}

interface Draft {
  sig: string;
  values: ParamValues;
  marks: Record<string, string>;
  /** Messages of the last failed save / validation, by parameter id. */
  failed: ParamErrors | null;
  /** Parameters changed since those messages: their old message no longer applies. */
  touched: string[];
  notice: { severity: 'success' | 'error'; text: string } | null;
}

const signature = (params: readonly RequestParam[]) =>
  JSON.stringify(
    params.map((p) => [p.id, p.value, p.structured_value ?? null, p.value_error, p.structured_error ?? null]),
  );
const freshDraft = (params: readonly RequestParam[], sig: string): Draft => ({
  sig,
  values: Object.fromEntries(params.map((p) => [nameOf(p), valueOf(p)])),
  marks: Object.fromEntries(params.map((p) => [p.id, p.value_error ?? ''])),
  failed: null,
  touched: [],
  notice: null,
});

/**
 * A request's (or tier config's) parameters in the shared order form, grouped by phase: the current side edits
 * its own (`editable`), the vendor may mark the others invalid, and errors of the object, of a failed save and of
 * dynamic validation show on the fields. Reused by the fulfillment request and tier config pages.
 */
export function RequestParamsEditor({
  params,
  editable = () => false,
  markErrors = false,
  onSave,
  onValidate,
  busy = false,
  errors,
}: RequestParamsEditorProps) {
  const sig = signature(params);
  const [draft, setDraft] = useState<Draft>(() => freshDraft(params, sig));
  const [working, setWorking] = useState(false);
  // The object changed (saved, refetched): start again from it, keeping the last outcome message.
  const d = draft.sig === sig ? draft : { ...freshDraft(params, sig), notice: draft.notice };
  if (d !== draft) setDraft(d);

  const canEdit = useMemo(() => new Map(params.map((p) => [p.id, editable(p)])), [params, editable]);
  const byName = useMemo(() => new Map(params.map((p) => [nameOf(p), p])), [params]);
  const form = useMemo(() => params.map((p) => formParameter(p, !!canEdit.get(p.id))), [params, canEdit]);
  const groups: ParameterFormGroup[] = GROUPS.map((g) => ({
    ...g,
    match: (fp) => byName.get(fp.name)?.phase === g.id,
  }));
  const markable = (p: RequestParam) => markErrors && carriesValue(p) && !canEdit.get(p.id);
  const anyEditable = params.some((p) => canEdit.get(p.id) || markable(p));
  const disabled = busy || working;

  const changes: RequestParamChange[] = [];
  for (const p of params) {
    const change: RequestParamChange = { id: p.id };
    const v = d.values[nameOf(p)];
    if (canEdit.get(p.id) && !sameValue(v, valueOf(p))) {
      change.value = v?.value ?? null;
      if (v?.structured_value !== undefined) change.structured_value = v.structured_value;
    }
    if (markable(p) && (d.marks[p.id] ?? '') !== (p.value_error ?? '')) change.value_error = d.marks[p.id].trim();
    if (Object.keys(change).length > 1) changes.push(change);
  }

  const shown: Record<string, ParamError> = {};
  const base = d.failed ?? errors ?? paramErrorsOf(params);
  for (const p of params) {
    const e = base[p.id];
    if (e && !d.touched.includes(p.id)) shown[nameOf(p)] = e;
  }

  const onChange = (values: ParamValues) => {
    const touched = params.filter((p) => !sameValue(values[nameOf(p)], d.values[nameOf(p)])).map((p) => p.id);
    setDraft({ ...d, values, touched: [...new Set([...d.touched, ...touched])], notice: null });
  };
  const attempt = async (work: () => Promise<ParamErrors | null>, okText: string) => {
    setWorking(true);
    try {
      const found = await work();
      setDraft((cur) => ({
        ...cur,
        failed: found,
        touched: [],
        notice: found
          ? { severity: 'error', text: 'Some parameters are not valid.' }
          : { severity: 'success', text: okText },
      }));
    } catch (err) {
      const found = paramErrorsFromApi(
        err,
        params.map((p) => p.id),
      );
      const text = found ? errorMessage(err).split('\n')[0] : errorMessage(err);
      setDraft((cur) => ({
        ...cur,
        failed: found ?? cur.failed,
        touched: found ? [] : cur.touched,
        notice: { severity: 'error', text },
      }));
    } finally {
      setWorking(false);
    }
  };
  const save = () =>
    attempt(async () => {
      await onSave?.(changes);
      return null;
    }, 'The parameters were saved.');
  const validate = () =>
    attempt(async () => {
      const values = params.filter(carriesValue).map((p) => {
        const v = d.values[nameOf(p)];
        return {
          id: p.id,
          value: v?.value ?? null,
          ...(v?.structured_value !== undefined ? { structured_value: v.structured_value } : {}),
        };
      });
      const answer = await onValidate?.(values);
      const checked = Array.isArray(answer) ? (answer as RequestParam[]) : null;
      const found = checked ? paramErrorsOf(checked) : null;
      return found && Object.keys(found).length ? found : null;
    }, 'All parameters are valid.');

  const markField = (fp: FormParameter) => {
    const p = byName.get(fp.name);
    if (!p || !markable(p)) return null;
    return (
      <TextField
        size="small"
        fullWidth
        sx={{ mt: 1 }}
        label={`Mark ${p.title || p.id} invalid`}
        placeholder="What the provider has to fix"
        value={d.marks[p.id] ?? ''}
        disabled={disabled}
        slotProps={{ htmlInput: { 'data-mark-invalid': p.id } }}
        helperText="Leave empty when the value is fine."
        onChange={(e) => setDraft({ ...d, marks: { ...d.marks, [p.id]: e.target.value }, notice: null })}
      />
    );
  };

  return (
    <Stack spacing={2}>
      {d.notice && (
        <Alert
          severity={d.notice.severity}
          role={d.notice.severity === 'error' ? 'alert' : 'status'}
          sx={{ whiteSpace: 'pre-line' }}
        >
          {d.notice.text}
        </Alert>
      )}
      <ParameterForm
        parameters={form}
        values={d.values}
        onChange={onChange}
        errors={shown}
        readOnly={disabled || !anyEditable}
        groups={groups}
        fieldExtra={markField}
      />
      {(anyEditable || onValidate) && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          {anyEditable && onSave && (
            <Button variant="contained" disabled={disabled || !changes.length} onClick={() => void save()}>
              Save
            </Button>
          )}
          {anyEditable && onSave && (
            <Button disabled={disabled || !changes.length} onClick={() => setDraft(freshDraft(params, sig))}>
              Discard changes
            </Button>
          )}
          {onValidate && (
            <Button variant="outlined" disabled={disabled} onClick={() => void validate()}>
              Validate
            </Button>
          )}
        </Box>
      )}
    </Stack>
  );
}
