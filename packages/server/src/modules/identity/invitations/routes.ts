import { Account, AccountSignUp } from '@trellis/domain';
import { describeRoute } from '../../../openapi/openapi.ts';
import { presentObject } from '../../../resources/engine.ts';
import { registerResource } from '../../../resources/routes.ts';
import type { Api } from '../../types.ts';
import { accounts } from '../accounts/routes.ts';
import { accountInvitations } from './account-invitations.ts';
import { signUp } from './signup.ts';

describeRoute('post', '/accounts', {
  summary:
    'Open an account with an account invitation code (?code=…): the new account is managed by the inviting one, with ' +
    'an admin group and the signing-up user as its first member. `user` (name, password) makes a new user for the ' +
    "invitation's e-mail; a user that exists signs in first and sends no `user`. 401 'Invalid confirmation code', " +
    "403 'Confirmation code is expired'.",
  tag: 'accounts',
  body: AccountSignUp,
  response: Account,
  status: 201,
});

export function invitationRoutes({ app, db, config }: Api) {
  registerResource(app, db, accountInvitations(config));

  app.post('/accounts', { config: { public: true, rateLimit: { name: 'account-signup' } } }, async (req, reply) => {
    const { code } = req.query as { code?: string };
    const account = await signUp(db, req, code);
    const ctx = req.ctx ?? {
      account: { id: account.id, name: account.name, type: account.type, roles: account.roles },
      user: null,
      token: null,
      modules: [],
      session: null,
      ip: req.ip,
    };
    return reply.code(201).send(await presentObject(accounts, ctx, account, db));
  });
}
