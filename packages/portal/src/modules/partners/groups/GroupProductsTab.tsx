import { groupProductResource, type GroupProduct, type ProductGroup } from '@trellis/domain/partners/catalog-group';
import { useList } from '../../../api/hooks.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { pathTo } from '../../../app/routes.ts';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { LinkPicker } from './LinkPicker.tsx';
import { useRemoval } from './useRemoval.tsx';

/** A group's products: a picker of the products the owner can see, and Remove with a confirmation. */
export function GroupProductsTab({ group, canWrite }: { group: ProductGroup; canWrite: boolean }) {
  const path = `/catalog/groups/${group.id}/products`;
  const groupPath = `/catalog/groups/${group.id}`;
  const changed = { objects: [groupPath], lists: [path, '/catalog/groups'] };
  const add = useWrite<GroupProduct, string>(
    { method: 'POST', path, body: (id) => ({ id }) },
    { ...changed, notice: (p) => `${p.name} was added to ${group.name}.` },
  );
  const remove = useWrite<void, GroupProduct>({ method: 'DELETE', path: (p) => `${path}/${p.id}` }, changed);
  const removal = useRemoval<GroupProduct>({
    title: 'Remove product',
    from: 'the group',
    confirm: (p) => (
      <>
        Remove <b>{p.name}</b> from {group.name}? Agreements that cover the group no longer include it.
      </>
    ),
    remove: (p) => remove.mutateAsync(p),
  });
  // the ids already in the group (a group holds few), so the picker does not offer them again
  const inGroup = useList<GroupProduct>(path, 'limit=1000', { enabled: canWrite });

  return (
    <>
      {canWrite && (
        <LinkPicker
          source="/products"
          label="Add a product"
          linked={(inGroup.data?.items ?? []).map((p) => p.id)}
          onAdd={(id) => add.mutateAsync(id)}
        />
      )}
      <ResourceTable<GroupProduct>
        key="products"
        resource={groupProductResource}
        path={path}
        stateKey="group-products"
        noun="products"
        rowLink={(p) => pathTo('product', { id: p.id })}
        rowActions={canWrite ? removal.button : undefined}
      />
      {removal.dialog}
    </>
  );
}
