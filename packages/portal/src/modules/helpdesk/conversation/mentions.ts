import { useMemo } from 'react';
import type { ConversationMessage } from '@trellis/domain/helpdesk/conversation';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useActiveMembers } from '../../../components/AssignUserDialog.tsx';

// Who the mention picker offers: the active users of one's own account (read with the users module; without it, or
// when the server refuses the list, none) and the users of either party who have written in the thread. The other
// party's user directory is not the portal's to read; the server mails only users of the two parties anyway.

export interface MentionPerson {
  id: string;
  name: string;
  /** The account's name, shown beside the person's. */
  account: string;
}

/**
 * The people a message may mention, one's own account first, without the signed-in user; `ownOnly` (a private
 * message): one's own account's alone. The account's users are read once `wanted` (the first `@` typed).
 */
export function useMentionPeople(messages: readonly ConversationMessage[], ownOnly: boolean, wanted: boolean) {
  const auth = useAuth();
  const members = useActiveMembers(wanted);
  return useMemo(() => {
    const people = new Map<string, MentionPerson>();
    const add = (p: MentionPerson) => {
      // the thread's authors also hold API tokens (SU-…): only users can be mentioned
      if (p.id !== auth.user?.id && p.id.startsWith('UR-') && !people.has(p.id)) people.set(p.id, p);
    };
    for (const u of members.data ?? []) add({ id: u.id, name: u.name || u.email, account: auth.account.name });
    const own = (m: ConversationMessage) => m.account.id === auth.account.id;
    const authors = [...messages.filter(own), ...(ownOnly ? [] : messages.filter((m) => !own(m)))];
    for (const m of authors) add({ id: m.creator.id, name: m.creator.name, account: m.account.name });
    return [...people.values()];
  }, [members.data, messages, ownOnly, auth.user?.id, auth.account.id, auth.account.name]);
}

/** Whether what is typed after the `@` starts the person's name or a word of it (in any case). */
export function matchesMention(p: MentionPerson, query: string) {
  const name = p.name.toLocaleLowerCase();
  const typed = query.trim().toLocaleLowerCase();
  return name.startsWith(typed) || name.includes(` ${typed}`);
}
