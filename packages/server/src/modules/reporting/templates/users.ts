import { defineReport } from '../definition.ts';

// The account's users and what they may do: each user with its groups, and the modules those groups grant.
export default defineReport({
  columns: [
    { key: 'id', title: 'User ID' },
    { key: 'name', title: 'Name' },
    { key: 'email', title: 'E-mail' },
    { key: 'status', title: 'Status' },
    { key: 'groups', title: 'Groups' },
    { key: 'modules', title: 'Modules' },
  ],
  async *rows(src) {
    const params = { accountId: src.account.id };
    const modulesOf = new Map<string, string[]>();
    for await (const g of src.list('group', '', params))
      modulesOf.set(
        g.id,
        (g.permissions ?? []).map((p: any) => p.object?.id ?? p.id),
      );
    for await (const u of src.list('account-user', '', params)) {
      const groups: { id: string; name?: string }[] = u.groups ?? [];
      const modules = [...new Set(groups.flatMap((g) => modulesOf.get(g.id) ?? []))].sort();
      yield {
        id: u.id,
        name: u.name,
        email: u.email,
        status: u.status,
        groups: groups.map((g) => g.name ?? g.id).join(', '),
        modules: modules.join(', '),
      };
    }
  },
});
