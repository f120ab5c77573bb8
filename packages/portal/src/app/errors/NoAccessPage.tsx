import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { usePageChrome } from '../chrome/usePageChrome.ts';
import { EmptyState } from '../../components/EmptyState.tsx';

/** A page the account's kind or the user's permissions do not include. */
export default function NoAccessPage() {
  usePageChrome({ title: 'No access' });
  return (
    <EmptyState icon={<LockOutlinedIcon />} title="You do not have access to this page">
      Ask an administrator of your account to add the needed permission to one of your groups.
    </EmptyState>
  );
}
