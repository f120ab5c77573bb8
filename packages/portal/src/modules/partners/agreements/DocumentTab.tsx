import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import type { Agreement, AgreementVersion } from '@trellis/domain/partners/agreement';
import { formatDate } from '@trellis/domain/format/date';
import { errorMessage } from '../../../api/errors.ts';
import { useGet } from '../../../api/hooks.ts';
import { useHour12 } from '../../../app/session/useViewer.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { DocumentView } from './document/DocumentView.tsx';

/** The terms partners sign now: the active version's document, in the page. */
export function DocumentTab({ agreement, own }: { agreement: Agreement; own: boolean }) {
  const hour12 = useHour12();
  const active = agreement.version?.active ? agreement.version : undefined;
  const query = useGet<AgreementVersion>(active ? `/agreements/${agreement.id}/versions/${active.version}` : null);
  if (!active)
    return (
      <EmptyState icon={<DescriptionOutlinedIcon />} title="No active version yet">
        {own
          ? 'Activate a version under Versions: partners sign the agreement from then on.'
          : 'The distributor has not published the terms yet.'}
      </EmptyState>
    );
  if (query.isError) return <Typography color="error">{errorMessage(query.error)}</Typography>;
  if (!query.data) return <Skeleton variant="rounded" height={240} />;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {`Version ${active.version}, published ${formatDate(active.version_created, { hour12 })} by ${active.author.name}`}
      </Typography>
      <DocumentView
        agreementId={agreement.id}
        version={active.version}
        document={query.data.document}
        title={`${agreement.title}, version ${active.version}`}
      />
    </>
  );
}
