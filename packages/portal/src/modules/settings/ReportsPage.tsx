import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { NothingConfigured } from './NothingConfigured.tsx';

export default function ReportsPage() {
  usePageChrome({ title: 'Reports' });
  return (
    <NothingConfigured title="No report templates or repositories configured yet" icon={<AssessmentOutlinedIcon />}>
      Report templates and repositories are not available in this version of Trellis yet.
    </NothingConfigured>
  );
}
