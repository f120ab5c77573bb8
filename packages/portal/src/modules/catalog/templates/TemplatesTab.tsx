import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TEMPLATE_SCOPES, TEMPLATE_TYPES, type ProductTemplate } from '@trellis/domain/catalog/content';
import { api } from '../../../api/client.ts';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notify } from '../common/notify.ts';
import { partPath } from '../common/paths.ts';
import { SCOPE_LABELS, TemplateEditor, TYPE_LABELS } from './TemplateEditor.tsx';

export interface TemplatesTabProps { productId: string; readOnly: boolean; version?: number }

/** Templates (messages shown to customers at fulfillment, inquiry, ...): a list and the selected one's editor. */
export function TemplatesTab({ productId, readOnly, version }: TemplatesTabProps) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const path = partPath(productId, 'templates', version);
  const templates = useQuery({ queryKey: ['list', path, 'all'], queryFn: ({ signal }) => listAll<ProductTemplate>(path, 'ordering(position,name)', signal) });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ProductTemplate | null>(null);
  const list = templates.data ?? [];
  const selected = list.find((t) => t.id === params.get('template')) ?? list[0];
  const select = (id: string | null) => setParams((p) => {
    const next = new URLSearchParams(p);
    if (id) next.set('template', id);
    else next.delete('template');
    return next;
  }, { replace: true });

  return (
    <Paper variant="outlined" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px 1fr' }, minHeight: 420 }}>
      <Box sx={{ borderRight: { md: 1 }, borderBottom: { xs: 1, md: 0 }, borderColor: { xs: 'divider', md: 'divider' } }}>
        <Box sx={{ p: 2, display: 'flex', alignItems: 'center' }}>
          <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>Templates</Typography>
          {!readOnly && <Button size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>Create</Button>}
        </Box>
        {templates.isPending && [1, 2, 3].map((i) => <Skeleton key={i} sx={{ mx: 2 }} height={40} />)}
        <List dense aria-label="Templates">
          {list.map((t) => (
            <ListItemButton key={t.id} selected={t.id === selected?.id} onClick={() => select(t.id)}>
              <ListItemText primary={t.name}
                secondary={[SCOPE_LABELS[t.scope] ?? t.scope, t.type ? TYPE_LABELS[t.type] : null].filter(Boolean).join(' · ')} />
            </ListItemButton>
          ))}
        </List>
      </Box>
      <Box sx={{ p: 2, minWidth: 0 }}>
        {templates.isError && <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />}
        {templates.isSuccess && !selected && (
          <EmptyState icon={<DescriptionOutlinedIcon />} title="No templates yet">
            {readOnly ? 'This product has no templates.' : 'Templates are the messages customers read when their order is fulfilled, needs input or waits.'}
          </EmptyState>
        )}
        {selected && (
          <TemplateEditor key={`${selected.id}:${selected.events.updated?.at ?? ''}`} productId={productId} template={selected}
            readOnly={readOnly} canPreview={!version} onDelete={() => setDeleting(selected)} />
        )}
      </Box>
      <CreateTemplateDialog productId={productId} open={creating} onClose={() => setCreating(false)}
        onCreated={(t) => {
          setCreating(false);
          notify('success', `Template ${t.name} was created.`);
          select(t.id);
        }} />
      <ConfirmDialog open={!!deleting} title="Delete template" confirmLabel="Delete" destructive onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.delete(`/products/${productId}/templates/${deleting!.id}`);
          notify('success', `Template ${deleting!.name} was deleted.`);
          select(null);
          await client.invalidateQueries({ queryKey: ['list'] });
        }}>
        Delete the template <b>{deleting?.name}</b>?
      </ConfirmDialog>
    </Paper>
  );
}

function CreateTemplateDialog({ productId, open, onClose, onCreated }: {
  productId: string; open: boolean; onClose: () => void; onCreated: (t: ProductTemplate) => void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<string>('asset');
  const [type, setType] = useState<string>('fulfillment');
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = () => { setName(''); setScope('asset'); setType('fulfillment'); setError(null); setNameError(null); };
  return (
    <FormDialog open={open} title="Create template" submitLabel="Create" busy={busy} error={error}
      onClose={() => { reset(); onClose(); }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return setNameError('This field is required');
        setBusy(true);
        api.post<ProductTemplate>(`/products/${productId}/templates`, { name: name.trim(), scope, type, body: `# ${name.trim()}\n\nHello {{ asset.tiers.customer.name }},\n` })
          .then(async (t) => {
            await client.invalidateQueries({ queryKey: ['list'] });
            reset();
            onCreated(t);
          }, (err) => {
            const f = err instanceof ApiError ? err.fieldErrors.name?.[0] : undefined;
            if (f) setNameError(f);
            else setError(errorMessage(err));
          })
          .finally(() => setBusy(false));
      }}>
      <TextField label="Name" required autoFocus fullWidth value={name} onChange={(e) => { setName(e.target.value); setNameError(null); }}
        error={!!nameError} helperText={nameError} />
      <TextField select label="Scope" fullWidth value={scope} onChange={(e) => setScope(e.target.value)}>
        {TEMPLATE_SCOPES.map((s) => <MenuItem key={s} value={s}>{SCOPE_LABELS[s]}</MenuItem>)}
      </TextField>
      <TextField select label="Type" fullWidth value={type} onChange={(e) => setType(e.target.value)}>
        {TEMPLATE_TYPES.map((t) => <MenuItem key={t} value={t}>{TYPE_LABELS[t]}</MenuItem>)}
      </TextField>
    </FormDialog>
  );
}
