import { useEffect, useState } from 'react';
import { PARAMETER_NAME_RULE } from '@trellis/domain/catalog/parameter';
import type { FormField } from '@trellis/domain/parameters/form-schema';
import { FormDialog } from '../FormDialog.tsx';
import { draftOf, emptyDraft, hasProblems, NO_PROBLEMS, type DraftProblems } from '../ParameterEditor/draft.ts';
import { ParameterFields } from '../ParameterEditor/ParameterFields.tsx';
import { FIELD_FLAGS, fieldOfDraft, fieldProblems } from './fields.ts';

export interface FieldDialogProps {
  open: boolean;
  /** The form's fields as they are now. */
  fields: readonly FormField[];
  /** The field edited (its index), or null to add one. */
  index: number | null;
  onClose: () => void;
  onSave: (field: FormField, index: number) => void;
}

/** Add or edit one field of a custom form with the catalogue's parameter editor, checked as the server will. */
export function FieldDialog({ open, fields, index, onClose, onSave }: FieldDialogProps) {
  const editing = index === null ? null : fields[index];
  const at = index ?? fields.length;
  const [d, setD] = useState(() => (editing ? draftOf(editing) : emptyDraft()));
  const [problems, setProblems] = useState<DraftProblems>(NO_PROBLEMS);
  useEffect(() => {
    if (!open) return;
    setD(editing ? draftOf(editing) : emptyDraft());
    setProblems(NO_PROBLEMS);
  }, [open, editing]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = fieldProblems(d, fields, at);
    setProblems(found);
    if (!hasProblems(found)) onSave(fieldOfDraft(d, at), at);
  };

  return (
    <FormDialog
      open={open}
      title={editing ? `Edit field ${editing.title}` : 'Add field'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={editing ? 'Done' : 'Add'}
      error={problems.other.join('\n') || null}
      maxWidth="md"
    >
      <ParameterFields
        draft={d}
        onChange={(patch) => setD((cur) => ({ ...cur, ...patch }))}
        errors={problems.fields}
        creating={!editing}
        nameHelp={`Identifies the answer in the partner's data. ${PARAMETER_NAME_RULE}.`}
        flags={FIELD_FLAGS}
        candidates={fields.filter((_, i) => i !== at)}
        within="in this form"
        noun="field"
      />
    </FormDialog>
  );
}
