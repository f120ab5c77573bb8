import { z } from 'zod';
import { ACL_LISTS } from '@trellis/domain';
import { can } from '../../../http/context.ts';
import { requireCtx, sendList } from '../../../http/reply.ts';
import { describeRoute } from '../../../openapi/openapi.ts';
import { registerResource } from '../../../resources/routes.ts';
import type { Api } from '../../types.ts';
import { aclRules } from './rules.ts';

const AclListInfo = z.object({ id: z.string(), name: z.string(), description: z.string(), module: z.string() });

describeRoute('get', '/acl', {
  summary:
    "The account's access lists the caller manages: `account` (portal sign-in) and `integrations` (API tokens); " +
    'their rules are at /acl/{acl}/rules',
  tag: 'access rules',
  response: z.array(AclListInfo),
});

/** /acl (the lists) and /acl/{acl}/rules (list, get, create, update, delete). */
export function aclRoutes({ app, db }: Api) {
  app.get('/acl', async (req, reply) => {
    const ctx = requireCtx(req);
    const lists = Object.values(ACL_LISTS).filter((l) => can(ctx, l.module));
    return sendList(reply, lists, 0, lists.length);
  });
  registerResource(app, db, aclRules);
}
