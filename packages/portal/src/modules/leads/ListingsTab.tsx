import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { Listing } from '@trellis/domain/distribution/listing';
import type { LeadForm } from '@trellis/domain/leads/lead-form';
import { listAll } from '../../api/list.ts';
import { useWrite } from '../../api/useWrite.ts';
import { pathTo } from '../../app/routes.ts';
import { CopyField } from '../../components/CopyField.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { embedUrl } from './paths.ts';

/**
 * The vendor's listings and whether each uses this form: attach (a listing has one form, so this replaces the one it
 * had) or take it off; the public link of each listing the form serves, to put on a web page or in an iframe.
 */
export function ListingsTab({ form, canWrite }: { form: LeadForm; canWrite: boolean }) {
  const listings = useQuery({
    queryKey: ['list', '/listings', 'own-for-leads'],
    queryFn: ({ signal }) =>
      listAll<Listing>('/listings', `eq(vendor.id,${form.owner.id})&ordering(product.name)`, signal),
  });
  const objects = [`/leads/forms/${form.id}`];
  const attach = useWrite<unknown, string>(
    { method: 'PUT', path: (id) => `/leads/listings/${id}/form`, body: () => ({ id: form.id }) },
    { objects, notice: () => `${form.name} is attached.` },
  );
  const detach = useWrite<unknown, string>(
    { method: 'PUT', path: (id) => `/leads/listings/${id}/form`, body: () => ({ id: null }) },
    { objects, notice: () => `${form.name} is taken off the listing.` },
  );
  if (listings.isError) return <ErrorState error={listings.error} onRetry={() => void listings.refetch()} />;
  const rows = listings.data ?? [];
  const attached = new Set(form.listings);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        A listing uses one lead form: attaching this one replaces the form the listing had. Visitors see it while the
        form is active and the listing is listed.
      </Typography>
      {form.status !== 'active' && attached.size > 0 && (
        <Typography variant="body2" color="warning.main">
          This form is inactive: its listings take no leads until it is activated.
        </Typography>
      )}
      <Table size="small" aria-label="Listings">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell>Marketplace</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Public form</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {listings.isPending && (
            <TableRow>
              <TableCell colSpan={5}>Loading listings…</TableCell>
            </TableRow>
          )}
          {!listings.isPending && !rows.length && (
            <TableRow>
              <TableCell colSpan={5}>You have no listings yet: list a product in a marketplace first.</TableCell>
            </TableRow>
          )}
          {rows.map((l) => {
            const on = attached.has(l.id);
            return (
              <TableRow key={l.id} data-listing={l.id}>
                <TableCell>
                  <Link component={RouterLink} to={pathTo('listings.directory.details', { id: l.id })}>
                    {l.product.name}
                  </Link>
                </TableCell>
                <TableCell>{l.marketplace.name}</TableCell>
                <TableCell>
                  <StatusChip status={l.status} />
                </TableCell>
                <TableCell sx={{ minWidth: 260 }}>
                  {on ? <CopyField label="Link" value={embedUrl(l.id)} /> : '—'}
                </TableCell>
                <TableCell align="right">
                  {canWrite &&
                    (on ? (
                      <Button size="small" disabled={detach.isPending} onClick={() => detach.mutate(l.id)}>
                        Take off
                      </Button>
                    ) : (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={attach.isPending}
                        onClick={() => attach.mutate(l.id)}
                      >
                        Attach
                      </Button>
                    ))}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Stack>
  );
}
