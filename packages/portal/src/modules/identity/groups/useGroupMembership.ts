import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountUser } from '@trellis/domain/identity/user';
import { api } from '../../../api/client.ts';
import { listAll } from '../../../api/list.ts';

export type Member = AccountUser & { events: AccountUser['events'] & { added?: { at?: string } } };

/**
 * A group's members, changed by replacing the whole list (PUT /accounts/{a}/groups/{g}/users). The new list
 * shows at once; if the change fails the old membership is restored and the error is rethrown (spec §8),
 * so the caller shows the server's message.
 */
export function useGroupMembership(path: string) {
  const client = useQueryClient();
  const key = ['list', path, 'all'];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => listAll<Member>(path, 'ordering(name)', signal) });
  const [shown, setShown] = useState<Member[] | null>(null);
  const [saving, setSaving] = useState(false);
  const members = shown ?? query.data ?? [];

  async function replace(next: Member[]): Promise<void> {
    const previous = members;
    setShown(next);
    setSaving(true);
    try {
      await api.put(
        path,
        next.map((m) => ({ id: m.id })),
      );
      await client.refetchQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['get'] });
      setShown(null);
    } catch (err) {
      setShown(previous);
      throw err;
    } finally {
      setSaving(false);
    }
  }

  return {
    members,
    loading: query.isPending,
    error: query.error,
    saving,
    add: (users: AccountUser[]) =>
      replace([...members, ...(users.filter((u) => !members.some((m) => m.id === u.id)) as Member[])]),
    remove: (id: string) => replace(members.filter((m) => m.id !== id)),
  };
}
