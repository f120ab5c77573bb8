import Box from '@mui/material/Box';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { RefLink } from '../../../components/display/FieldValue.tsx';

/**
 * A party of an agreement or contract: the caller's own account reads "(you)" ("You" in a list) and has no page to
 * open; a partner links to its page in the directory when it has one there (`linked`: a vendor and a distributor).
 */
export function AccountName({
  account,
  dense,
  linked = true,
}: {
  account: { id: string; name: string };
  dense?: boolean;
  linked?: boolean;
}) {
  const auth = useAuth();
  if (account.id === auth.account.id && dense) return <>You</>;
  if (account.id === auth.account.id)
    return (
      <>
        {account.name}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' (you)'}
        </Box>
      </>
    );
  return (
    <>
      <RefLink to={linked ? pathTo('partners.details', { id: account.id }) : undefined} inline={!dense}>
        {account.name}
      </RefLink>
      {!dense && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {` (${account.id})`}
        </Box>
      )}
    </>
  );
}

/** Whether the parties of a contract meet in the partner directory (a vendor and its distributor; not resellers). */
export const inDirectory = (c: { type: string }) => c.type === 'distribution' || c.type === 'program';
