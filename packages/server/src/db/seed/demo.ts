import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { addMember, createAccount, createUser } from '../../modules/identity/accounts/service.ts';

export const DEMO_PASSWORD = 'Trellis-demo-1';

export const DEMO_USERS = [
  { email: 'vendor@demo.trellis', name: 'Vera Vendor', accounts: ['Demo Vendor'] },
  { email: 'provider@demo.trellis', name: 'Paul Provider', accounts: ['Demo Provider'] },
  { email: 'other@demo.trellis', name: 'Olga Other', accounts: ['Other Vendor'] },
  { email: 'multi@demo.trellis', name: 'Max Multi', accounts: ['Demo Vendor', 'Demo Provider'] },
] as const;

export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** The demo tenants and logins of the README. Later areas add their demo objects after these. */
export async function seedDemo(db: Kysely<DB>) {
  return db.transaction().execute(async (trx) => {
    const accounts = {
      // MFA optional on the demo vendor (issue 14): its users are offered to set MFA up after the password, and may postpone
      'Demo Vendor': await createAccount(trx, {
        name: 'Demo Vendor',
        type: 'vendor',
        settings: { mfa: { policy: 'optional' } },
      }),
      'Demo Provider': await createAccount(trx, {
        name: 'Demo Provider',
        type: 'provider',
        roles: ['distributor', 'reseller'],
      }),
      'Other Vendor': await createAccount(trx, { name: 'Other Vendor', type: 'vendor' }),
    };
    const users: Record<string, { id: string; email: string }> = {};
    for (const u of DEMO_USERS) {
      const user = await createUser(trx, { email: u.email, name: u.name, password: DEMO_PASSWORD });
      users[u.email] = user;
      for (const name of u.accounts) {
        const a = accounts[name];
        await addMember(trx, a.account.id, user.id, { groups: [a.adminGroup.id] });
      }
    }
    return {
      vendor: accounts['Demo Vendor'].account,
      provider: accounts['Demo Provider'].account,
      other: accounts['Other Vendor'].account,
      users,
    };
  });
}
export type DemoData = Awaited<ReturnType<typeof seedDemo>>;
