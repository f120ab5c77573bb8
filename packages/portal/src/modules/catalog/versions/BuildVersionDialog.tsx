import { ProductVersionCreate, type ProductVersion } from '@trellis/domain/catalog/product';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';

export const buildStartedMessage = (v: ProductVersion) =>
  `Version ${v.version} is being built; the list below refreshes until it is ready.`;

/** "Build version": freezes the live catalogue as the next version (built in the background). */
export function BuildVersionDialog({
  productId,
  open,
  onClose,
  onStarted,
}: {
  productId: string;
  open: boolean;
  onClose: () => void;
  onStarted?: (v: ProductVersion) => void;
}) {
  const path = `/products/${productId}/versions`;
  const build = useWrite<ProductVersion, Record<string, unknown>>({ method: 'POST', path }, { lists: [path] });
  return (
    <SchemaFormDialog
      open={open}
      title="Build version"
      submitLabel="Build"
      schema={ProductVersionCreate}
      intro="The current catalogue (items, parameters, templates, media, translations) is frozen as a new version that customers and providers get. A draft product and its draft items are published with its first version."
      onClose={onClose}
      onSubmit={async (body) => {
        const v = await build.mutateAsync(body);
        // The caller may move to another page and carry the message there.
        if (onStarted) onStarted(v);
        else notify('info', buildStartedMessage(v));
      }}
    />
  );
}
