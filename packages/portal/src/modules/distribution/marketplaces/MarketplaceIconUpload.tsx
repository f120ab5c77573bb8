import { IconUpload } from '../../../components/IconUpload.tsx';
import { MarketplaceAvatar } from '../common/Marketplace.tsx';

/** The marketplace's icon; its owner uploads a new one. */
export function MarketplaceIconUpload({
  marketplaceId,
  icon,
  name,
  canEdit,
}: {
  marketplaceId: string;
  icon: string | null;
  name: string;
  canEdit: boolean;
}) {
  return (
    <IconUpload
      object={`/marketplaces/${marketplaceId}`}
      icon={icon}
      canEdit={canEdit}
      preview={<MarketplaceAvatar icon={icon} name={name} size={56} />}
    />
  );
}
