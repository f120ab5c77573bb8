import { useMemo } from 'react';
import { z } from 'zod';
import { ProductCreate, type Product } from '@trellis/domain/catalog/product';
import { useWrite } from '../../../api/useWrite.ts';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { useCategories } from '../common/data.ts';

/** The category picker's labels: "Family › Category", and None. */
export function categoryLabels(categories: { id: string; name: string; parent: { name?: string } | null }[]) {
  return Object.fromEntries([
    ['', 'None'],
    ...categories.map((c) => [c.id, c.parent ? `${c.parent.name} › ${c.name}` : c.name]),
  ]);
}

/** A new draft product: name, short description, category (the create body, with the categories to pick from). */
export function CreateProductDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (p: Product) => void;
}) {
  const categories = useCategories();
  const create = useWrite<Product, Record<string, unknown>>({ method: 'POST', path: '/products' });
  const schema = useMemo(() => {
    const ids = (categories.data ?? []).map((c) => c.id);
    return z.object({
      name: ProductCreate.shape.name.meta({ title: 'Name', description: 'At most 80 characters.' }),
      short_description: ProductCreate.shape.short_description.meta({ title: 'Short description', multiline: true }),
      category: z
        .enum(['', ...ids] as [string, ...string[]])
        .optional()
        .meta({ title: 'Category', labels: categoryLabels(categories.data ?? []) }),
    });
  }, [categories.data]);
  return (
    <SchemaFormDialog
      open={open}
      title="Create product"
      submitLabel="Create"
      schema={schema}
      onClose={onClose}
      onSubmit={async ({ category, ...body }) =>
        onCreated(await create.mutateAsync({ ...body, ...(category ? { category: { id: category } } : {}) }))
      }
    />
  );
}
