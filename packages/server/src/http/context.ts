import { allows, ALL_MODULES, type Viewer } from '@trellis/domain';
import { ApiError } from './errors.ts';

export interface Actor {
  id: string;
  name: string;
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
}

/** The name written into events.*.by and audit records. */
export function actorOf(ctx: Ctx): Actor {
  return ctx.token ?? ctx.user ?? { id: 'system', name: 'System' };
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
