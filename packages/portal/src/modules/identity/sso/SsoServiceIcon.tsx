import Typography from '@mui/material/Typography';
import { IMAGE_EXTENSIONS } from '@trellis/domain/catalog/content';
import { IconUpload } from '../../../components/IconUpload.tsx';

const KINDS = [...IMAGE_EXTENSIONS, 'svg'];

/** The icon of the service's sign-in button; an administrator uploads a new one. */
export function SsoServiceIcon({ id, icon, canEdit }: { id: string; icon?: string; canEdit: boolean }) {
  return (
    <IconUpload
      object={`/sso/services/${id}`}
      icon={icon}
      canEdit={canEdit}
      kinds={KINDS}
      hint={`A square image (${KINDS.join(', ')}), at most 1 MB.`}
      preview={
        icon ? (
          <img src={icon} alt="Icon of the sign-in button" width={32} height={32} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            None
          </Typography>
        )
      }
    />
  );
}
