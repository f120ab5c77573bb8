import Box from '@mui/material/Box';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { RefLink } from '../../../components/display/FieldValue.tsx';

/**
 * A party of an agreement or contract: the caller's own account reads "(you)" and has no page to open; a partner
 * links to its page in the directory.
 */
export function AccountName({ account, dense }: { account: { id: string; name: string }; dense?: boolean }) {
  const auth = useAuth();
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
      <RefLink to={pathTo('partners.details', { id: account.id })} inline={!dense}>
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
