export * from './modules.ts';
export * from './common.ts';
export * from './account.ts';
export * from './token.ts';
export * from './session.ts';
export * from './user.ts';
export * from './group.ts';
export * from './account-invitation.ts';
