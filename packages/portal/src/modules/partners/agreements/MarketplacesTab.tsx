import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import {
  agreementMarketplaceResource,
  type Agreement,
  type AgreementMarketplace,
} from '@trellis/domain/partners/agreement';
import { errorMessage } from '../../../api/errors.ts';
import { useList } from '../../../api/hooks.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { pathTo } from '../../../app/routes.ts';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { EMPTY_SELECT } from '../../catalog/common/selects.ts';
import { useRemoval } from '../groups/useRemoval.tsx';
import { useOwnMarketplaces } from './data.ts';

/** The marketplaces an agreement covers (its partners list there); its owner adds one of its own or removes one. */
export function MarketplacesTab({ agreement, own }: { agreement: Agreement; own: boolean }) {
  const path = `/agreements/${agreement.id}/marketplaces`;
  const changed = { lists: [path], objects: [`/agreements/${agreement.id}`] };
  const covered = useList<AgreementMarketplace>(path, 'limit=1000', { enabled: own });
  const mine = useOwnMarketplaces(agreement.owner.id, own);
  const [adding, setAdding] = useState('');
  const add = useWrite<AgreementMarketplace, string>(
    { method: 'POST', path, body: (id) => ({ id }) },
    { ...changed, notice: (m) => `"${agreement.title}" now covers ${m.name}.` },
  );
  const remove = useWrite<void, AgreementMarketplace>({ method: 'DELETE', path: (m) => `${path}/${m.id}` }, changed);
  const removal = useRemoval<AgreementMarketplace>({
    title: 'Remove marketplace',
    from: 'the agreement',
    confirm: (m) => `"${agreement.title}" no longer covers ${m.name}.`,
    remove: (m) => remove.mutateAsync(m),
  });
  const addable = (mine.data ?? []).filter((m) => !covered.data?.items.some((c) => c.id === m.id));

  return (
    <>
      {own && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <TextField
            select
            size="small"
            label="Add a marketplace"
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
            slotProps={EMPTY_SELECT}
            sx={{ minWidth: 260, flexGrow: { xs: 1, sm: 0 } }}
            disabled={addable.length === 0}
          >
            <MenuItem value="" disabled>
              <em>{addable.length ? 'Choose one of yours' : 'All your marketplaces are covered'}</em>
            </MenuItem>
            {addable.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.name} ({m.id})
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={!adding || add.isPending}
            onClick={() =>
              add.mutateAsync(adding).then(
                () => setAdding(''),
                (err) => notify('error', errorMessage(err)),
              )
            }
          >
            Add
          </Button>
        </Box>
      )}
      <ResourceTable<AgreementMarketplace>
        key="marketplaces"
        resource={agreementMarketplaceResource}
        path={path}
        stateKey="agreement-marketplaces"
        noun="marketplaces"
        rowLink={(m) => pathTo('marketplaces.details', { id: m.id })}
        rowActions={own ? removal.button : undefined}
      />
      {removal.dialog}
    </>
  );
}
