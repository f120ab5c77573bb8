import { useParams } from 'react-router';
import { accountResource, type Account } from '@trellis/domain/identity/account';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';

/** One account the user belongs to: its declared fields and events. */
export default function AccountDetailsPage() {
  const { id } = useParams();
  return <ResourceDetail<Account> resource={accountResource} path={`/accounts/${id}`} />;
}
