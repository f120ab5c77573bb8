import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ProductTemplateCreate,
  TEMPLATE_SCOPE_LABELS,
  TEMPLATE_TYPE_LABELS,
  type ProductTemplate,
} from '@trellis/domain/catalog/content';
import { listAll } from '../../../api/list.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { partPath } from '../common/paths.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

export interface TemplatesTabProps {
  productId: string;
  readOnly: boolean;
  version?: number;
}

/** Templates (messages shown to customers at fulfillment, inquiry, ...): a list and the selected one's editor. */
export function TemplatesTab({ productId, readOnly, version }: TemplatesTabProps) {
  const [params, setParams] = useSearchParams();
  const path = partPath(productId, 'templates', version);
  const templates = useQuery({
    queryKey: ['list', path, 'all'],
    queryFn: ({ signal }) => listAll<ProductTemplate>(path, 'ordering(position,name)', signal),
  });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ProductTemplate | null>(null);
  const remove = useWrite<void, ProductTemplate>(
    { method: 'DELETE', path: (t) => `/products/${productId}/templates/${t.id}` },
    { lists: [path], notice: () => `Template ${deleting?.name} was deleted.` },
  );
  const list = templates.data ?? [];
  const selected = list.find((t) => t.id === params.get('template')) ?? list[0];
  const select = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('template', id);
        else next.delete('template');
        return next;
      },
      { replace: true },
    );

  return (
    <Paper
      variant="outlined"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px 1fr' }, minHeight: 420 }}
    >
      <Box
        sx={{ borderRight: { md: 1 }, borderBottom: { xs: 1, md: 0 }, borderColor: { xs: 'divider', md: 'divider' } }}
      >
        <Box sx={{ p: 2, display: 'flex', alignItems: 'center' }}>
          <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
            Templates
          </Typography>
          {!readOnly && (
            <Button size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create
            </Button>
          )}
        </Box>
        {templates.isPending && [1, 2, 3].map((i) => <Skeleton key={i} sx={{ mx: 2 }} height={40} />)}
        <List component="nav" dense aria-label="Templates">
          {list.map((t) => (
            <ListItemButton key={t.id} selected={t.id === selected?.id} onClick={() => select(t.id)}>
              <ListItemText
                primary={t.name}
                secondary={[TEMPLATE_SCOPE_LABELS[t.scope] ?? t.scope, t.type ? TEMPLATE_TYPE_LABELS[t.type] : null]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItemButton>
          ))}
        </List>
      </Box>
      <Box sx={{ p: 2, minWidth: 0 }}>
        {templates.isError && <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />}
        {templates.isSuccess && !selected && (
          <EmptyState icon={<DescriptionOutlinedIcon />} title="No templates yet">
            {readOnly
              ? 'This product has no templates.'
              : 'Templates are the messages customers read when their order is fulfilled, needs input or waits.'}
          </EmptyState>
        )}
        {selected && (
          <TemplateEditor
            key={`${selected.id}:${selected.events.updated?.at ?? ''}`}
            productId={productId}
            template={selected}
            readOnly={readOnly}
            canPreview={!version}
            onDelete={() => setDeleting(selected)}
          />
        )}
      </Box>
      <CreateTemplateDialog
        productId={productId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(t) => {
          setCreating(false);
          notify('success', `Template ${t.name} was created.`);
          select(t.id);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete template"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await remove.mutateAsync(deleting!);
          select(null);
        }}
      >
        Delete the template <b>{deleting?.name}</b>?
      </ConfirmDialog>
    </Paper>
  );
}

/** A new template: name, scope and type (the create body's fields); it starts from a greeting to edit. */
function CreateTemplateDialog({
  productId,
  open,
  onClose,
  onCreated,
}: {
  productId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (t: ProductTemplate) => void;
}) {
  const create = useWrite<ProductTemplate, Record<string, unknown>>({
    method: 'POST',
    path: `/products/${productId}/templates`,
  });
  return (
    <SchemaFormDialog
      open={open}
      title="Create template"
      submitLabel="Create"
      schema={ProductTemplateCreate}
      defaults={{ scope: 'asset', type: 'fulfillment' }}
      onClose={onClose}
      onSubmit={async (body) =>
        onCreated(
          await create.mutateAsync({
            ...body,
            body: `# ${String(body.name)}\n\nHello {{ asset.tiers.customer.name }},\n`,
          }),
        )
      }
    />
  );
}
