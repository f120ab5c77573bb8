import { useParams } from 'react-router';
import { leadRecordResource, type LeadRecord } from '@trellis/domain/leads/lead-record';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { LeadAnswers } from './LeadAnswers.tsx';
import { pathTo } from '../../app/routes.ts';

/** One lead: who sent it, for which listing, the answers; the vendor qualifies or invalidates it (declared). */
export default function LeadRecordDetailsPage() {
  const { id = '' } = useParams();
  usePageChrome({ backRoute: pathTo('leads', { tab: 'records' }) }, []);
  return (
    <ResourceDetail<LeadRecord>
      resource={leadRecordResource}
      path={`${leadRecordResource.path}/${id}`}
      extra={(r) => [{ label: 'Answers', value: <LeadAnswers data={r.data} /> }]}
    />
  );
}
