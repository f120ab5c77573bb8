import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import type { ActionDecl } from '@trellis/domain/resource/machine';
import { listAll } from '../../../api/list.ts';
import type { ActionDialogProps } from '../../../components/actions/ActionBar.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';

type Named = { id: string; name: string };

export interface EndSaleDialogProps<T extends Named> extends ActionDialogProps<T> {
  /** The machine's endsale action: its body, intro and wording. */
  action: ActionDecl<T>;
  /** "product" or "item": for the wording. */
  noun: string;
  /** What may replace it (other products of the vendor, other items of the product): a list and its RQL. */
  replacements: { path: string; query: string };
}

/**
 * End of sale (the action bar's dialog for `endsale`): the body's notes, and a replacement picked from the
 * vendor's other products or the product's other items; the bar posts it, refetches and says what happened.
 */
export function EndSaleDialog<T extends Named>({
  obj,
  open,
  onClose,
  run,
  action,
  noun,
  replacements,
}: EndSaleDialogProps<T>) {
  const others = useQuery({
    queryKey: ['list', replacements.path, 'replacements', replacements.query],
    enabled: open,
    queryFn: ({ signal }) => listAll<Named>(replacements.path, replacements.query, signal),
  });
  const schema = useMemo(() => {
    const body = action.body as z.ZodObject<{ end_of_sale_notes: z.ZodType }>;
    const options = (others.data ?? []).filter((o) => o.id !== obj.id);
    if (!options.length) return z.object({ end_of_sale_notes: body.shape.end_of_sale_notes });
    const labels = Object.fromEntries([['', 'None'], ...options.map((o) => [o.id, `${o.name} (${o.id})`])]);
    return z.object({
      end_of_sale_notes: body.shape.end_of_sale_notes,
      replacement: z
        .enum(['', ...options.map((o) => o.id)] as [string, ...string[]])
        .optional()
        .meta({ title: 'Replacement', description: `The ${noun} customers should move to.`, labels }),
    });
  }, [action.body, others.data, obj.id, noun]);

  return (
    <SchemaFormDialog
      // a new form once the replacements are known
      key={others.data ? 'loaded' : 'loading'}
      open={open}
      title={`End of sale: ${obj.name}`}
      submitLabel="End sale"
      schema={schema}
      intro={action.intro?.(obj)}
      onClose={onClose}
      onSubmit={({ replacement, ...body }) => run({ ...body, replacement: replacement ? { id: replacement } : null })}
    />
  );
}
