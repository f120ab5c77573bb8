import Avatar from '@mui/material/Avatar';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { IconUpload } from '../../../components/IconUpload.tsx';

export function ProductAvatar({
  icon,
  name,
  size = 32,
}: {
  icon: string | null | undefined;
  name: string;
  size?: number;
}) {
  return (
    <Avatar
      variant="rounded"
      src={icon ?? undefined}
      alt={name}
      sx={{ width: size, height: size, bgcolor: icon ? 'transparent' : 'action.selected' }}
    >
      <Inventory2OutlinedIcon sx={{ fontSize: size * 0.6, color: 'text.secondary' }} />
    </Avatar>
  );
}

/** The product's icon with upload and remove for the owning vendor. */
export function ProductIcon({
  productId,
  icon,
  name,
  readOnly,
}: {
  productId: string;
  icon: string | null;
  name: string;
  readOnly: boolean;
}) {
  return (
    <IconUpload
      object={`/products/${productId}`}
      icon={icon}
      canEdit={!readOnly}
      removable
      preview={<ProductAvatar icon={icon} name={name} size={72} />}
    />
  );
}
