import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import type { TierAccount } from '@trellis/domain/customers/tier-account';
import { listAll } from '../../api/list.ts';
import { TIER_PATH } from './data.ts';
import { versionChanges } from './versionChanges.ts';

const empty = (
  <Box component="span" sx={{ color: 'text.secondary' }}>
    empty
  </Box>
);

/** What this version of a tier account changed against the one before it (read from the account's versions). */
export function AccountChanges({ account }: { account: TierAccount }) {
  const path = `${TIER_PATH}/${account.id}/versions`;
  const query = `eq(version,${account.version - 1})`;
  const previous = useQuery({
    queryKey: ['list', path, query],
    queryFn: ({ signal }) => listAll<TierAccount>(path, query, signal),
    enabled: account.version > 1,
  });
  if (account.version <= 1) return <>First version</>;
  if (previous.isError)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        The previous version cannot be read.
      </Box>
    );
  if (!previous.data) return <>…</>;
  const before = previous.data[0];
  if (!before)
    return <Box component="span" sx={{ color: 'text.secondary' }}>{`Version ${account.version - 1} is not kept.`}</Box>;
  const changes = versionChanges(before, account);
  if (!changes.length) return <>No visible change</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label="Changes">
      {changes.map((c) => (
        <li key={c.field}>
          <b>{c.field}</b>: {c.before || empty} → {c.after || empty}
        </li>
      ))}
    </Box>
  );
}
