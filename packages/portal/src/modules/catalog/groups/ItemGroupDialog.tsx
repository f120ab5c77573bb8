import { ItemGroupCreate, type ItemGroup } from '@trellis/domain/catalog/item';
import { z } from 'zod';
import { useWrite } from '../../../api/useWrite.ts';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';

/** The group's form: the create body's fields with their titles. */
const GroupForm = z.object({
  name: ItemGroupCreate.shape.name.meta({ title: 'Name' }),
  mpn: ItemGroupCreate.shape.mpn.meta({ title: 'MPN' }),
  description: ItemGroupCreate.shape.description.meta({ title: 'Description', multiline: true }),
});

export interface ItemGroupDialogProps {
  productId: string;
  open: boolean;
  group?: ItemGroup | null;
  onClose: () => void;
  onSaved: (group: ItemGroup) => void;
}

/** Create (POST) or edit (PUT) an item group: name, MPN, description. */
export function ItemGroupDialog({ productId, open, group, onClose, onSaved }: ItemGroupDialogProps) {
  const base = `/products/${productId}/item-groups`;
  const save = useWrite<ItemGroup, Record<string, unknown>>(
    { method: group ? 'PUT' : 'POST', path: group ? `${base}/${group.id}` : base },
    { objects: group ? [`${base}/${group.id}`] : [] },
  );
  return (
    <SchemaFormDialog
      open={open}
      title={group ? 'Edit item group' : 'Create item group'}
      submitLabel={group ? 'Save' : 'Create'}
      schema={GroupForm}
      defaults={group ? { name: group.name ?? '', mpn: group.mpn, description: group.description } : undefined}
      onClose={onClose}
      onSubmit={async (body) => onSaved(await save.mutateAsync(body))}
    />
  );
}
