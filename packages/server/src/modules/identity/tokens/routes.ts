import { registerResource } from '../../../resources/routes.ts';
import type { Api } from '../../types.ts';
import { tokenPermissionRoutes } from './permissions.ts';
import { tokens } from './service.ts';

/** /auth/tokens (list, get, create, update, delete, activate, deactivate, rotate, renew) and its permissions. */
export function tokenRoutes({ app, db }: Api) {
  registerResource(app, db, tokens);
  tokenPermissionRoutes(app, db);
}
