import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { setsParamValue, type RequestParam } from '@trellis/domain/fulfillment/common';
import { allows } from '@trellis/domain/identity/modules';
import type { ResourceDecl } from '@trellis/domain/resource/define';
import { refusal, type Viewer } from '@trellis/domain/resource/machine';
import { api } from '../../../api/client.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { notify, useNotice } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useViewer } from '../../../app/session/useViewer.ts';
import type { ActionOverride } from '../../../components/actions/ActionBar.tsx';
import { ResourceDetail, type DetailTab } from '../../../components/ResourceDetail.tsx';
import {
  paramErrorsFromApi,
  titledMessage,
  validateRequestParams,
  type ParamErrors,
  type RequestParamChange,
} from '../../../components/RequestParams/index.ts';
import { StatusTypeChips } from '../../../components/StatusChip.tsx';
import { ParametersTab } from './ParametersTab.tsx';

/** What a request object has in common: fulfillment requests and tier config requests. */
export interface RequestLike {
  id: string;
  type: string;
  status: string;
  assignee: { id: string; name: string } | null;
  events: Record<string, { at?: string; by?: { id: string; name: string } | null }>;
}

/** One family of requests, as the shared frame shows it. */
export interface RequestKind<R extends RequestLike> {
  resource: ResourceDecl;
  /** The request's URL under /public/v1. */
  api: (id: string) => string;
  /** The portal page of the request, on a tab. */
  url: (id: string, tab?: string) => string;
  /** The list the back arrow leads to. */
  list: string;
  /** The Parameters tab (the reference's scope name for fulfillment requests). */
  paramsTab: { id: string; label: string };
  /** The request's parameters as the editor edits them. */
  params: (r: R) => RequestParam[];
  /** PUT and validate bodies holding these parameter values. */
  paramsBody: (changes: RequestParamChange[]) => object;
  /** Whether this viewer may change parameter values now (the domain's rule). */
  paramsEditable: (r: R, viewer: Viewer) => boolean;
  /** What this side can do on the Parameters tab now, in a sentence. */
  guidance: (r: R, viewer: Viewer) => string | null;
  /** The small text above the title. */
  assistiveTitle: (r: R) => string;
  /** Where Submit posts (a draft purchase submits through `purchase`, the reference's name). */
  submitAction?: (r: R) => string;
}

export interface RequestFrameProps<R extends RequestLike> {
  kind: RequestKind<R>;
  /** Why the request waits (tiers setup), above the tabs. */
  banner?: (r: R) => ReactNode;
  /** Tabs between Details and Parameters, and after Parameters. */
  before?: DetailTab<R>[];
  after?: DetailTab<R>[];
  /** Dialogs with pickers: approve (template), inquire (template, the marked parameters). */
  dialogs?: Partial<Record<string, ActionOverride<R>>>;
  /** A tab name the URL may still carry, and the tab it means now. */
  tabAliases?: Record<string, string>;
}

/** The request's saved values, as validation takes them: only those this side sets (the server refuses others). */
const ownValues = (params: readonly RequestParam[], own: (p: RequestParam) => boolean): RequestParamChange[] =>
  params.filter(own).map((p) => ({
    id: p.id,
    value: p.value,
    ...(p.structured_value !== undefined ? { structured_value: p.structured_value } : {}),
  }));

/** The values validation messages judged, to tell whether they still belong to the request. */
const signature = (params: readonly RequestParam[]) =>
  JSON.stringify(params.map((p) => [p.id, p.value, p.structured_value ?? null]));

/**
 * The page of one request, fulfillment or tier config: its id with status and type chips, the declared Details,
 * the Parameters tab in the shared editor, the audit trail, and the actions its machine offers this side (the
 * action bar). The frame adds the flows the declaration cannot: Validate and Submit run the dynamic validation and
 * put its messages on the Parameters tab; the provider's answer to an inquiry (Send to pending) likewise.
 */
export function RequestFrame<R extends RequestLike>({
  kind,
  banner,
  before = [],
  after = [],
  ...props
}: RequestFrameProps<R>) {
  const { id = '', tab } = useParams();
  const auth = useAuth();
  const viewer = useViewer();
  const navigate = useNavigate();
  const client = useQueryClient();
  const path = kind.api(id);
  const [validation, setValidation] = useState<{ sig: string; errors: ParamErrors } | null>(null);
  const canWrite = allows(auth.permissions, kind.resource.module);
  usePageChrome({ backRoute: kind.list }, [kind.list]);
  // The message the page we came from handed over (a purchase placed, a change asked for).
  useNotice(id);

  /** The parameters whose values this side sets now. */
  const own = (r: R) => (p: RequestParam) =>
    canWrite && kind.paramsEditable(r, viewer) && setsParamValue(viewer.side, p);
  const ids = (r: R) => kind.params(r).map((p) => p.id);
  /** Problems in the parameters: the user lands on the fields with their messages. */
  const showErrors = (r: R, errors: ParamErrors) => {
    setValidation({ sig: signature(kind.params(r)), errors });
    navigate(kind.url(r.id, kind.paramsTab.id));
    notify('error', 'Some parameters are not valid. Fix them and try again.');
  };
  /** A failed action: parameters on their fields, anything else as a notice (parameters named by their titles). */
  const failed = (r: R, err: unknown) => {
    const errors = paramErrorsFromApi(err, ids(r));
    if (errors) showErrors(r, errors);
    else notify('error', titledMessage(err, kind.params(r)));
  };
  /** Dynamic validation of the saved values (spec §4). */
  const checked = async (r: R): Promise<boolean> => {
    const { errors } = await validateRequestParams<R>(
      path,
      kind.paramsBody(ownValues(kind.params(r), own(r))),
      kind.params,
      ids(r),
    );
    await refetchAfterWrite(client, { objects: [path] });
    if (errors) showErrors(r, errors);
    else setValidation(null);
    return !errors;
  };
  /** Post an action the frame runs itself, then refetch and say what happened (the declaration's words). */
  const post = async (r: R, action: string, endpoint = action) => {
    const answer = await api.post<R | null>(`${path}/${endpoint}`, {});
    await refetchAfterWrite(client, { objects: [path] });
    const a = kind.resource.machine!.actions[action];
    notify('success', a.done?.(answer ?? r) ?? `${a.label}: done.`);
  };
  const guarded = (work: (r: R) => Promise<void>) => ({
    onClick: async (r: R) => {
      try {
        await work(r);
      } catch (err) {
        failed(r, err);
      }
    },
  });

  const actions: Partial<Record<string, ActionOverride<R>>> = {
    validate: guarded(async (r) => {
      if (await checked(r)) notify('success', 'All parameters are valid.');
    }),
    // Spec §4: a draft is validated first, then submitted.
    submit: guarded(async (r) => {
      if (await checked(r)) await post(r, 'submit', kind.submitAction?.(r));
    }),
    // The provider's answer to an inquiry: what it cannot fix yet shows on the fields.
    pend: guarded((r) => post(r, 'pend')),
    ...props.dialogs,
  };

  const paramsTab: DetailTab<R> = {
    id: kind.paramsTab.id,
    label: kind.paramsTab.label,
    render: (r) => {
      const current = validation?.sig === signature(kind.params(r)) ? validation.errors : null;
      const mayValidate = canWrite && !refusal(kind.resource.machine!, 'validate', r, viewer);
      return (
        <ParametersTab
          params={kind.params(r)}
          path={path}
          guidance={canWrite ? kind.guidance(r, viewer) : null}
          editable={own(r)}
          markErrors={canWrite && kind.paramsEditable(r, viewer) && viewer.side === 'vendor'}
          body={kind.paramsBody}
          errors={current}
          onValidate={
            mayValidate
              ? async (values) => {
                  const mine = values.filter((v) => own(r)(kind.params(r).find((p) => p.id === v.id)!));
                  const res = await validateRequestParams<R>(path, kind.paramsBody(mine), kind.params, ids(r));
                  await refetchAfterWrite(client, { objects: [path] });
                  if (res.params) return res.params;
                  const found = res.errors ?? {};
                  return kind.params(r).map((p) => ({
                    ...p,
                    value_error: found[p.id]?.value_error ?? '',
                    structured_error: found[p.id]?.structured_error,
                  }));
                }
              : undefined
          }
        />
      );
    },
  };

  const active = tab ? (props.tabAliases?.[tab] ?? tab) : undefined;
  return (
    <ResourceDetail<R>
      resource={kind.resource}
      path={path}
      title={(r) => r.id}
      assistiveTitle={kind.assistiveTitle}
      titleChip={(r) => <StatusTypeChips status={r.status} type={r.type} machine={kind.resource.machine} />}
      banner={banner}
      render={{ assignee: (r) => <Assignee assignee={r.assignee} me={viewer.userId} /> }}
      tabs={[...before, paramsTab, ...after]}
      actions={actions}
      onDeleted={() => navigate(kind.list)}
      tabUrl={(t) => kind.url(id, t === 'details' ? undefined : t)}
      activeTab={active}
    />
  );
}

/** Who works on the request: "Me (name)" for the signed-in user. */
function Assignee({ assignee, me }: { assignee: RequestLike['assignee']; me?: string }) {
  if (!assignee) return <>Nobody</>;
  return <>{assignee.id === me ? `Me (${assignee.name || assignee.id})` : `${assignee.name} (${assignee.id})`}</>;
}

/** A hint above the tabs (e.g. while the request waits for its tiers setup). */
export function FrameHint({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid={testId}>
      {children}
    </Alert>
  );
}
