import { useEffect, useMemo, useState } from 'react';
import { PARAMETER_NAME_RULE, type Parameter } from '@trellis/domain/catalog/parameter';
import {
  PARAMETER_SCOPE_LABELS as SCOPE_LABELS,
  SCOPES_BY_PHASE,
  type ParameterPhase,
} from '@trellis/domain/parameters/types';
import { useWrite } from '../../../api/useWrite.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import {
  NO_PROBLEMS,
  type DraftFlag,
  type DraftProblems,
  type ParameterDraft,
} from '../../../components/ParameterEditor/draft.ts';
import { ParameterFields } from '../../../components/ParameterEditor/ParameterFields.tsx';
import { serverProblems } from '../../../components/ParameterEditor/problems.ts';
import { parametersPath } from './data.ts';
import { draftBody, draftOf, draftProblems, emptyDraft } from './draft.ts';

export interface ParameterDialogProps {
  open: boolean;
  productId: string;
  phase: ParameterPhase;
  /** The parameter to edit; none creates one. */
  parameter?: Parameter | null;
  /** Every parameter of the product (name and dependency checks). */
  siblings: Parameter[];
  onClose: () => void;
  onSaved: (p: Parameter) => void;
}

const FLAGS: readonly DraftFlag[] = ['required', 'hidden', 'readonly', 'unique', 'reconciliation'];

/**
 * Create or edit a parameter definition: every field of spec §3, checked with the same schema and
 * definition rules as the server (parameterDefinitionIssues) before anything is sent.
 */
export function ParameterDialog({
  open,
  productId,
  phase,
  parameter,
  siblings,
  onClose,
  onSaved,
}: ParameterDialogProps) {
  const creating = !parameter;
  const one = parameter && `${parametersPath(productId)}/${parameter.id}`;
  const save = useWrite<Parameter, Record<string, unknown>>(
    { method: one ? 'PUT' : 'POST', path: one ?? parametersPath(productId) },
    { objects: one ? [one] : [] },
  );
  const [d, setD] = useState<ParameterDraft>(() => (parameter ? draftOf(parameter) : emptyDraft(phase)));
  const [problems, setProblems] = useState<DraftProblems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setD(parameter ? draftOf(parameter) : emptyDraft(phase));
    setProblems(NO_PROBLEMS);
  }, [open, parameter, phase]);
  const scopes = useMemo(
    () => SCOPES_BY_PHASE[phase].map((s) => ({ value: s, label: `${SCOPE_LABELS[s]} (${s})` })),
    [phase],
  );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = draftProblems(d, phase, creating, siblings, parameter?.id);
    setProblems(found);
    if (Object.keys(found.fields).length || found.other.length) return;
    setBusy(true);
    try {
      const body = draftBody(d, phase, creating);
      onSaved(await save.mutateAsync(body));
    } catch (error) {
      setProblems(serverProblems(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={creating ? 'Add parameter' : `Edit parameter ${parameter!.name}`}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel={creating ? 'Add' : 'Save'}
      busy={busy}
      error={problems.other.join('\n') || null}
      maxWidth="md"
    >
      <ParameterFields
        draft={d}
        onChange={(patch) => setD((cur) => ({ ...cur, ...patch }))}
        errors={problems.fields}
        creating={creating}
        nameHelp={`Identifies the parameter in requests. ${PARAMETER_NAME_RULE}.`}
        scopes={scopes}
        flags={FLAGS}
        candidates={siblings.filter((s) => s.phase === phase && s.id !== parameter?.id)}
      />
    </FormDialog>
  );
}
