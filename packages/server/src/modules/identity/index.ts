import { defineArea, type Api } from '../types.ts';
import { accountRoutes } from './accounts/routes.ts';
import { aclRoutes } from './acl/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { groupRoutes } from './groups/routes.ts';
import { domainRoutes } from './domains/routes.ts';
import { ssoRoutes } from './sso/routes.ts';
import { mfaRoutes } from './mfa/routes.ts';
import { accessRoutes, accessTables } from './access.ts';
import { passwordRoutes } from './password/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { moduleSettingsRoutes } from './settings/routes.ts';
import { tokenRoutes } from './tokens/routes.ts';
import { userRoutes } from './users/routes.ts';

/** Accounts, users and their memberships, groups, API tokens, sessions, login, passwords and MFA. */
export const identity = defineArea({
  name: 'identity',
  tables: accessTables,
  routes: (api: Api) => {
    authRoutes(api);
    passwordRoutes(api);
    sessionRoutes(api);
    accountRoutes(api);
    userRoutes(api);
    groupRoutes(api);
    tokenRoutes(api);
    domainRoutes(api);
    aclRoutes(api);
    moduleSettingsRoutes(api);
    mfaRoutes(api);
    accessRoutes(api);
    ssoRoutes(api);
  },
});
