import { registerResource } from '../../../resources/routes.ts';
import type { Api } from '../../types.ts';
import { domains } from './resource.ts';
import { domainUsers } from './users.ts';

/** /domains (list, get, create, update, delete, verify, retry) and /domains/{id}/users. */
export function domainRoutes({ app, db, config }: Api) {
  registerResource(app, db, domains(config));
  registerResource(app, db, domainUsers);
}
