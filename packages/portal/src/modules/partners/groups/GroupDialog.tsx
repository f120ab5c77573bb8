import { z } from 'zod';
import { ProductGroupCreate, type ProductGroup } from '@trellis/domain/partners/catalog-group';
import { maxLength } from '@trellis/domain/validation/messages';
import { useWrite } from '../../../api/useWrite.ts';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';

/** The group's form: its name and description (products are added on the group's page). */
const GroupForm = z.object({
  name: ProductGroupCreate.shape.name,
  description: z.string().trim().max(4096, maxLength(4096)).optional().meta({ title: 'Description', multiline: true }),
});

export interface GroupDialogProps {
  open: boolean;
  /** The group to edit; a new one when absent. */
  group?: ProductGroup | null;
  onClose: () => void;
  onSaved: (group: ProductGroup) => void;
}

/** Create (POST) or edit (PUT) a catalog group: name and description. */
export function GroupDialog({ open, group, onClose, onSaved }: GroupDialogProps) {
  const path = group ? `/catalog/groups/${group.id}` : '/catalog/groups';
  const save = useWrite<ProductGroup, Record<string, unknown>>(
    { method: group ? 'PUT' : 'POST', path },
    { objects: group ? [path] : [], lists: ['/catalog/groups'] },
  );
  return (
    <SchemaFormDialog
      open={open}
      title={group ? 'Edit catalog group' : 'Create catalog group'}
      submitLabel={group ? 'Save' : 'Create'}
      schema={GroupForm}
      defaults={group ? { name: group.name, description: group.description ?? '' } : undefined}
      onClose={onClose}
      onSubmit={async (body) => onSaved(await save.mutateAsync(body))}
    />
  );
}
