import type { Agreement } from '@trellis/domain/partners/agreement';
import { agreementProductGroupResource, type ProductGroup } from '@trellis/domain/partners/catalog-group';
import { allows } from '@trellis/domain/identity/modules';
import { useList } from '../../../api/hooks.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { LinkPicker } from './LinkPicker.tsx';
import { useRemoval } from './useRemoval.tsx';

/**
 * The catalog groups an agreement covers (a tab of the agreement's page). Its owner adds one of its own groups and
 * removes them; a partner under the agreement reads the list.
 */
export function AgreementProductGroupsTab({ agreement }: { agreement: Agreement }) {
  const auth = useAuth();
  const path = `/agreements/${agreement.id}/product-groups`;
  const owns = agreement.owner.id === auth.account.id && allows(auth.permissions, agreementProductGroupResource.module);
  const changed = { lists: [path, '/catalog/groups', `/agreements/${agreement.id}/products`] };
  const add = useWrite<ProductGroup, string>(
    { method: 'POST', path, body: (id) => ({ id }) },
    { ...changed, notice: (g) => `${agreement.title} now covers ${g.name}.` },
  );
  const remove = useWrite<void, ProductGroup>({ method: 'DELETE', path: (g) => `${path}/${g.id}` }, changed);
  const removal = useRemoval<ProductGroup>({
    title: 'Remove catalog group',
    from: 'the agreement',
    confirm: (g) => (
      <>
        {agreement.title} no longer covers <b>{g.name}</b> and its products. The group itself stays.
      </>
    ),
    remove: (g) => remove.mutateAsync(g),
  });
  const covered = useList<ProductGroup>(path, 'limit=1000', { enabled: owns });

  return (
    <>
      {owns && (
        <LinkPicker
          source="/catalog/groups"
          label="Add a catalog group"
          linked={(covered.data?.items ?? []).map((g) => g.id)}
          onAdd={(id) => add.mutateAsync(id)}
        />
      )}
      <ResourceTable<ProductGroup>
        key="product-groups"
        resource={agreementProductGroupResource}
        path={path}
        stateKey="agreement-product-groups"
        noun="catalog groups"
        // only the owner can open its groups
        rowLink={owns ? (g) => pathTo('partners.groups.details', { id: g.id }) : undefined}
        rowActions={owns ? removal.button : undefined}
      />
      {removal.dialog}
    </>
  );
}
