import { caseAttachmentResource, type CaseAttachment } from '@trellis/domain/helpdesk/attachment';
import { caseMachine, waitingFor, type Case, type CaseState } from '@trellis/domain/helpdesk/case';
import { getPath } from '@trellis/domain/resource/fields';
import type { RqlNode } from '@trellis/domain/rql/ast';
import { parseRql } from '@trellis/domain/rql/parse';
import type { AuthContext } from '../../app/session/types.ts';
import { VENDOR_CONTEXT, type Call } from '../../test-utils.tsx';
import { PROVIDER } from '../catalog/common/testing.tsx';
import { listBody } from '../identity/testing.tsx';

// The helpdesk cases API as the server answers it (packages/server/src/modules/helpdesk/cases.ts, its test
// helpdesk-cases.test.ts), for mockApi: the demo's four cases between Demo Provider and Demo Vendor
// (db/seed/demo-helpdesk.ts), each account reading the cases it is a party of, lists filtered by their RQL with
// `waiting_for` derived from the state as the server's column is, actions moving the state as the machine does.
// Each case's attachments (server helpdesk/attachments.ts, helpdesk-attachments.test.ts) are listed oldest first and
// deleted by their uploader's account while the case is not closed; uploads go through XMLHttpRequest (FakeXhr).

type Handler = (call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

export { PROVIDER, VENDOR_CONTEXT };
const ref = (c: AuthContext) => ({ id: c.account.id, name: c.account.name });
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00+00:00`;

function makeCase(
  id: string,
  from: AuthContext,
  to: AuthContext,
  day: number,
  over: Partial<Case> & Pick<Case, 'subject' | 'description' | 'type' | 'priority' | 'state'>,
): Case {
  return {
    id,
    issuer: { account: ref(from), recipients: [] },
    receiver: { account: ref(to), recipients: [] },
    events: { created: { at: at(day) }, updated: { at: at(day) } },
    ...over,
  };
}

/** The demo's cases; the vendor's Vera handles the first one. */
export function demoCases(): Case[] {
  return [
    makeCase('CA-111-111-111', PROVIDER, VENDOR_CONTEXT, 20, {
      subject: 'Activation codes missing for two Secure Mail Suite orders',
      description:
        'Two customers ordered last week and got **no activation code**.\n\n- Both orders are approved\n- The e-mail address is right',
      type: 'technical',
      priority: 2,
      state: 'pending',
      product: { id: 'PRD-111-222-333', name: 'Secure Mail Suite' },
      receiver: {
        account: ref(VENDOR_CONTEXT),
        agent: { id: VENDOR_CONTEXT.user!.id, name: VENDOR_CONTEXT.user!.name },
        recipients: [],
      },
    }),
    makeCase('CA-222-222-222', VENDOR_CONTEXT, PROVIDER, 21, {
      subject: 'Please publish the new price list in your marketplace',
      description: 'Our prices change on the first of next month. Could you update the listing before then?',
      type: 'business',
      priority: 1,
      state: 'pending',
    }),
    makeCase('CA-333-333-333', PROVIDER, VENDOR_CONTEXT, 22, {
      subject: 'Invoice shows the wrong currency',
      description: "Last month's invoice is in USD; our contract says EUR.",
      type: 'business',
      priority: 0,
      state: 'resolved',
      // the same user id on the provider's side: not the vendor's "Mine" (each side names its own agent)
      issuer: {
        account: ref(PROVIDER),
        agent: { id: VENDOR_CONTEXT.user!.id, name: 'Vera at the provider' },
        recipients: [],
      },
    }),
    makeCase('CA-444-444-444', PROVIDER, VENDOR_CONTEXT, 23, {
      subject: 'How do our users sign in with SSO?',
      description: 'Is there a guide to set up single sign-on for our staff?',
      type: 'technical',
      priority: 1,
      state: 'closed',
      rating: 5,
      feedback: 'Clear answer, thank you.',
    }),
  ];
}

const valueAt = (c: Case, field: string): string | null => {
  const v = field === 'waiting_for' ? waitingFor(c) : getPath(c, field);
  return v === undefined || v === null ? null : String(v);
};

/** A filter as PostgreSQL reads it: a comparison with a missing value is not true. */
function matches(node: RqlNode, c: Case): boolean {
  switch (node.type) {
    case 'and':
      return node.args.every((a) => matches(a, c));
    case 'or':
      return node.args.some((a) => matches(a, c));
    case 'not':
      return !matches(node.arg, c);
    case 'compare': {
      const v = valueAt(c, node.field);
      if (node.op === 'eq') return v !== null && v === node.value;
      if (node.op === 'ne') return v !== null && v !== node.value;
      throw new Error(`the fake cases list does not take ${node.op}`);
    }
    case 'list': {
      const v = valueAt(c, node.field);
      return v !== null && node.values.includes(v) === (node.op === 'in');
    }
    case 'null':
      return (valueAt(c, node.field) === null) === node.isNull;
    default:
      throw new Error(`the fake cases list does not take ${node.type}`);
  }
}

/** A file of a case, uploaded by `by` on day `day` of the demo's month, as the server answers it. */
export function attachmentFixture(
  caseId: string,
  id: string,
  by: AuthContext,
  over: Partial<CaseAttachment> & Pick<CaseAttachment, 'name' | 'size'>,
  day = 24,
): CaseAttachment {
  return {
    id,
    account: ref(by),
    attachment: `/public/v1/helpdesk/cases/${caseId}/attachments/${id}?format=attachment`,
    type: 'application/pdf',
    events: { created: { at: at(day), by: { id: by.user!.id, name: by.user!.name } } },
    ...over,
  };
}

/**
 * The cases API for `me`: its routes for mockApi, and the cases and their attachments (by case id) as they are now.
 */
export function casesServer(
  me: AuthContext,
  cases: Case[] = demoCases(),
  attachments: Record<string, CaseAttachment[]> = {},
) {
  const mine = () => cases.filter((c) => [c.issuer.account.id, c.receiver.account.id].includes(me.account.id));
  const viewer = { side: me.account.type as 'vendor' | 'provider', accountId: me.account.id, userId: me.user?.id };
  const refused = (message: string) => ({ status: 400, body: { error_code: 'VAL_001', errors: [message] } });

  const routes: Record<string, Handler> = {
    'GET /helpdesk/cases': (call) => {
      const filter = parseRql(call.query).filter;
      return listBody(mine().filter((c) => !filter || matches(filter, c)));
    },
  };
  for (const c of cases) {
    const path = `/helpdesk/cases/${c.id}`;
    const current = () => cases.find((x) => x.id === c.id)!;
    const replace = (next: Case) => {
      cases[cases.indexOf(current())] = next;
      return { body: next };
    };
    routes[`GET ${path}`] = () => (mine().includes(current()) ? { body: current() } : undefined);
    routes[`PUT ${path}`] = (call) => {
      const body = call.body as Record<string, { agent?: { id: string } | null } | number | string>;
      const side = current().issuer.account.id === me.account.id ? 'issuer' : 'receiver';
      const next: Case = {
        ...current(),
        ...(body as Partial<Case>),
        issuer: current().issuer,
        receiver: current().receiver,
      };
      const own = body[side] as { agent?: { id: string } | null } | undefined;
      if (own?.agent !== undefined)
        next[side] = {
          ...current()[side],
          agent: own.agent
            ? { id: own.agent.id, name: own.agent.id === me.user?.id ? me.user.name : own.agent.id }
            : undefined,
        };
      return replace(next);
    };
    const files = () => (attachments[c.id] ??= []);
    routes[`GET ${path}/attachments`] = () => (mine().includes(current()) ? listBody(files()) : undefined);
    for (const a of files())
      routes[`DELETE ${path}/attachments/${a.id}`] = () => {
        if (!files().includes(a)) return undefined;
        const ruled = caseAttachmentResource.machine!.deletable!(a, viewer);
        if (ruled) return { status: 403, body: { error_code: 'AUTH_001', errors: [ruled.message] } };
        if (current().state === 'closed')
          return {
            status: 400,
            body: {
              error_code: 'STATE_001',
              errors: [`Case ${c.id} is in state 'closed': attachments can no longer be added or deleted.`],
            },
          };
        files().splice(files().indexOf(a), 1);
        return { status: 204 };
      };
    for (const [name, action] of Object.entries(caseMachine.actions))
      routes[`POST ${path}/${name}`] = (call) => {
        if (action.from && !action.from.includes(current().state))
          return refused(`Cannot ${name} a case in ${current().state}.`);
        const ruled = action.rule?.(current(), viewer);
        if (ruled) return { status: 403, body: { error_code: 'AUTH_001', errors: [ruled.message] } };
        return replace({ ...current(), state: action.to as CaseState, ...(call.body as object) });
      };
  }
  return { routes, cases, attachments };
}
