import Alert from '@mui/material/Alert';
import type { RequestParam } from '@trellis/domain/fulfillment/common';
import { useWrite } from '../../../api/useWrite.ts';
import {
  RequestParamsEditor,
  type ParamErrors,
  type RequestParamChange,
} from '../../../components/RequestParams/index.ts';

export interface ParametersTabProps {
  params: readonly RequestParam[];
  /** The request's URL: saving is a PUT of `body(changes)`. */
  path: string;
  body: (changes: RequestParamChange[]) => object;
  /** What this side can do here now, in a sentence. */
  guidance: string | null;
  editable: (p: RequestParam) => boolean;
  /** The vendor marks the provider's values invalid (value_error), to inquire. */
  markErrors: boolean;
  /** Messages of a failed Validate / Submit / Approve, while the values they judged are unchanged. */
  errors: ParamErrors | null;
  onValidate?: (values: RequestParamChange[]) => Promise<readonly RequestParam[]>;
}

/**
 * A request's parameters in the shared editor: each side edits its own values (the provider the ordering ones, the
 * vendor the fulfillment ones and marks on the provider's), Save is PUT, Validate the dynamic validation.
 */
export function ParametersTab(props: ParametersTabProps) {
  const save = useWrite<unknown, RequestParamChange[]>(
    { method: 'PUT', path: props.path, body: props.body },
    { objects: [props.path] },
  );
  return (
    <>
      {props.guidance && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {props.guidance}
        </Alert>
      )}
      <RequestParamsEditor
        params={props.params}
        editable={props.editable}
        markErrors={props.markErrors}
        onSave={(changes) => save.mutateAsync(changes)}
        onValidate={props.onValidate}
        errors={props.errors ?? undefined}
      />
    </>
  );
}
