import { allows, ALL_MODULES, type Viewer } from '@trellis/domain';
import { ApiError } from './errors.ts';

export interface Actor {
  id: string;
  name: string;
  /** Set on the actor of an impersonation session: who of the managing account is logged in as this user. */
  impersonator?: { id: string; name: string };
}

/** Who is calling and in which account: every query and write runs with one. */
export interface Ctx {
  account: { id: string; name: string; type: 'vendor' | 'provider'; roles: string[] };
  /** The human behind the call (session, or the token's creator for audit purposes is not used). */
  user: Actor | null;
  token: Actor | null;
  /** Granted module ids (MD-0000 = all). */
  modules: string[];
  /** mfaStep: the session must complete MFA (enrol or verify) before anything else (identity/mfa/session-mfa.ts). */
  session: { id: string; mfaStep?: 'enrol' | 'verify' } | null;
  ip: string;
  /**
   * An impersonation session (identity/impersonation): the user or API token of a managing account that is logged in
   * as `user`. Every stamp and audit record of the session names both.
   */
  impersonator?: Impersonator | null;
}

export interface Impersonator {
  id: string;
  name: string;
  type: 'user' | 'token';
  account: { id: string; name: string };
}

/** The name written into events.*.by and audit records (with the impersonator in an impersonation session). */
export function actorOf(ctx: Ctx): Actor {
  const actor = ctx.token ?? ctx.user ?? { id: 'system', name: 'System' };
  const by = ctx.impersonator;
  return by ? { id: actor.id, name: actor.name, impersonator: { id: by.id, name: by.name } } : actor;
}

export function can(ctx: Ctx, module: string): boolean {
  return allows(ctx.modules, module);
}

export function requireModule(ctx: Ctx, module: string): void {
  if (!can(ctx, module)) throw ApiError.forbidden(`Access to module ${module} is not granted.`);
}

export function hasAllModules(ctx: Ctx): boolean {
  return ctx.modules.includes(ALL_MODULES);
}

/** A context for the system itself (seed, jobs, CLI). */
export function systemCtx(account: Ctx['account']): Ctx {
  return { account, user: null, token: null, modules: [ALL_MODULES], session: null, ip: '127.0.0.1' };
}

/** The caller as the domain's machine rules see it. */
export function viewerOf(ctx: Ctx): Viewer {
  return { side: ctx.account.type, accountId: ctx.account.id, ...(ctx.user ? { userId: ctx.user.id } : {}) };
}
