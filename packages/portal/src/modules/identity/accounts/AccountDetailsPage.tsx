import { useParams } from 'react-router';
import { accountResource, type Account } from '@trellis/domain/identity/account';
import { formatDate } from '@trellis/domain/format/date';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';

export default function AccountDetailsPage() {
  const { id } = useParams();
  const auth = useAuth();
  const hour12 = auth.user?.timeformat === '12h';
  return (
    <ResourceDetail<Account>
      resource={accountResource}
      path={`/accounts/${id}`}
      items={(a) => [
        { label: 'ID', value: a.id },
        { label: 'Name', value: a.name },
        { label: 'Type', value: a.type === 'vendor' ? 'Vendor' : 'Provider' },
        { label: 'Roles', value: a.roles.join(', ') },
        { label: 'External ID', value: a.external_id },
        { label: 'Description', value: a.description },
        { label: 'Created', value: formatDate(a.events.created?.at, { hour12 }) },
      ]}
    />
  );
}
