import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useSearchParams } from 'react-router';
import { CONTRACT_ID_PLACEHOLDER } from '@trellis/domain/format/constants';
import { allows } from '@trellis/domain/identity/modules';
import {
  CONTRACT_TYPE_LABELS,
  CONTRACT_TYPES,
  contractResource,
  type Contract,
  type ContractType,
} from '@trellis/domain/partners/contract';
import { contractsWaitingFor } from '@trellis/domain/partners/waiting';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import type { ListTab } from '../../../components/TabbedListPage.tsx';
import { AccountName, inDirectory } from '../common/AccountName.tsx';

/** URL parameters of the contracts list: the kind shown (`kind`) and "waiting for me" (`waiting=1`). */
export const KIND_PARAM = 'kind';
export const WAITING_PARAM = 'waiting';

// the kind is chosen with the chips, so the table does not offer it again as a filter
const listed = { ...contractResource, list: { ...contractResource.list!, filters: ['status'] } };

/** The Contracts tab: every contract of the caller, by kind, or only those waiting for it (the dashboard's card). */
export function useContractsTab(): ListTab | null {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  if (!allows(auth.permissions, contractResource.module)) return null;
  const kind = CONTRACT_TYPES.find((t) => t === params.get(KIND_PARAM));
  const waiting = params.get(WAITING_PARAM) === '1';
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const base = (q: RqlBuilder) => {
    if (kind) q.eq('type', kind);
    if (waiting) q.where(contractsWaitingFor(auth.account.id));
    return q;
  };
  const chip = (label: string, selected: boolean, onClick: () => void) => (
    <Chip
      key={label}
      label={label}
      onClick={onClick}
      color={selected ? 'primary' : 'default'}
      variant={selected ? 'filled' : 'outlined'}
      aria-pressed={selected}
    />
  );

  return {
    content: (
      <>
        <Box role="toolbar" aria-label="Kind" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          {chip('All', !kind, () => set(KIND_PARAM, null))}
          {CONTRACT_TYPES.map((t: ContractType) => chip(CONTRACT_TYPE_LABELS[t], kind === t, () => set(KIND_PARAM, t)))}
          <Box sx={{ flexGrow: 1 }} />
          {chip('Waiting for me', waiting, () => set(WAITING_PARAM, waiting ? null : '1'))}
        </Box>
        <ResourceTable<Contract>
          // a new kind starts at its first page
          key={`contracts-${kind ?? 'all'}-${waiting}`}
          resource={listed}
          noun="contracts"
          base={base}
          idPlaceholder={CONTRACT_ID_PLACEHOLDER}
          render={{
            // the row opens the contract: the agreement's name is not a link of its own here
            agreement: (c) => c.agreement.name,
            issuer: (c) => <AccountName account={c.issuer} dense linked={inDirectory(c)} />,
            owner: (c) => <AccountName account={c.owner} dense linked={inDirectory(c)} />,
          }}
          rowLink={(c) => pathTo('partners.contracts.details', { id: c.id })}
        />
      </>
    ),
  };
}
