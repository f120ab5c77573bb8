import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { NothingConfigured } from './NothingConfigured.tsx';

export default function EmailPage() {
  usePageChrome({ title: 'E-mail' });
  return (
    <NothingConfigured title="No e-mail notification rules configured yet" icon={<MailOutlineIcon />}>
      Trellis sends the e-mails it must (invitations, password links) through the server's mail settings.
      Notification rules and sender settings per account are not available in this version yet.
    </NothingConfigured>
  );
}
