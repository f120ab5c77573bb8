import type { Case, Request, SlaEntityType, TierConfigRequest } from '@trellis/domain';

/**
 * The objects service levels follow: which resource holds them, where they are stored, the status they wait in,
 * and whose SLA settings apply — the account that serves them (the vendor of a request, the receiver of a case).
 */
export interface TrackedKind<T = any> {
  entityType: SlaEntityType;
  /** The resource declaration's name (its store hook keeps the indicator). */
  resource: string;
  table: 'asset_requests' | 'tier_config_requests' | 'helpdesk_cases';
  /** The table's column of the status the object waits in. */
  statusColumn: 'status' | 'state';
  status(obj: T): string;
  owner(obj: T): string;
  /** The final action of a terminating objective, as a machine action and its body. */
  finalAction?: { action: string; body: (status: string, days: number) => unknown };
}

const reject = {
  action: 'fail',
  body: (status: string, days: number) => ({
    reason: `Rejected automatically: the request waited ${days} days as ${status}, longer than the service level allows.`,
  }),
};

export const TRACKED: readonly TrackedKind[] = [
  {
    entityType: 'subscription_request',
    resource: 'request',
    table: 'asset_requests',
    statusColumn: 'status',
    status: (r: Request) => r.status,
    owner: (r: Request) => r.asset.connection.vendor.id,
    finalAction: reject,
  } satisfies TrackedKind<Request>,
  {
    entityType: 'tier_config_request',
    resource: 'tier-config-request',
    table: 'tier_config_requests',
    statusColumn: 'status',
    status: (r: TierConfigRequest) => r.status,
    owner: (r: TierConfigRequest) => r.configuration.connection.vendor.id,
    finalAction: reject,
  } satisfies TrackedKind<TierConfigRequest>,
  {
    entityType: 'case',
    resource: 'helpdesk-case',
    table: 'helpdesk_cases',
    statusColumn: 'state',
    status: (c: Case) => c.state,
    owner: (c: Case) => c.receiver.account.id,
  } satisfies TrackedKind<Case>,
];

export const trackedKind = (entityType: string): TrackedKind | undefined =>
  TRACKED.find((k) => k.entityType === entityType);
