import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { Item } from '@trellis/domain/catalog/item';
import type { Product } from '@trellis/domain/catalog/product';
import type { UsageFile } from '@trellis/domain/usage/file';
import {
  USAGE_RULE_ACTION_LABELS,
  USAGE_RULE_ACTIONS,
  USAGE_RULE_FIELDS,
  USAGE_RULE_MAX,
  USAGE_RULE_SCOPE_LABELS,
  USAGE_RULE_SCOPES,
  usageRuleResource,
  type UsageRule,
} from '@trellis/domain/usage/rule';
import { api } from '../../../api/client.ts';
import { listAll } from '../../../api/list.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EditDeleteMenu } from '../../../components/EditDeleteMenu.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';

const names = (scope: keyof typeof USAGE_RULE_FIELDS) => Object.keys(USAGE_RULE_FIELDS[scope]).join(', ');
const CONDITION_HELP =
  `RQL, such as gt(usage,100); empty for all of the item's usage. Each record: ${names('record')}. ` +
  `The item's totals: ${names('file')}.`;

/** The rule as the form asks for it: the item by id among the product's pay-per-use items. */
function ruleForm(items: Item[]) {
  const ids = items.map((i) => i.id) as [string, ...string[]];
  return z.object({
    item: z
      .enum(ids, { error: 'Choose an item' })
      .meta({ title: 'Item', labels: Object.fromEntries(items.map((i) => [i.id, `${i.name} (${i.mpn})`])) }),
    action: z.enum(USAGE_RULE_ACTIONS).meta({ title: 'Action', labels: USAGE_RULE_ACTION_LABELS }),
    scope: z.enum(USAGE_RULE_SCOPES).meta({ title: 'Applies to', labels: USAGE_RULE_SCOPE_LABELS }),
    rule: z
      .string()
      .max(USAGE_RULE_MAX, `Input must be at most ${USAGE_RULE_MAX} characters`)
      .optional()
      .meta({ title: 'Condition', description: CONDITION_HELP }),
  });
}
const bodyOf = (v: Record<string, unknown>) => ({ ...v, item: { id: v.item }, rule: v.rule || null });
const describe = (r: UsageRule) =>
  `${USAGE_RULE_ACTION_LABELS[r.action]} ${r.item.name}${r.rule ? ` when ${r.rule}` : ''}`;

/** One product's rules: the list, add, edit and delete. */
function ProductRules({ productId }: { productId: string }) {
  const client = useQueryClient();
  const path = `/products/${productId}/usage/rules`;
  const items = useQuery({
    queryKey: ['list', `/products/${productId}/items`, 'ppu'],
    queryFn: ({ signal }) => listAll<Item>(`/products/${productId}/items`, 'eq(type,ppu)&ordering(name)', signal),
  });
  const schema = useMemo(() => (items.data?.length ? ruleForm(items.data) : null), [items.data]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UsageRule | null>(null);
  const [deleting, setDeleting] = useState<UsageRule | null>(null);
  const refetch = () => refetchAfterWrite(client, { lists: [path] });

  if (items.error) return <ErrorState error={items.error} onRetry={() => void items.refetch()} />;
  if (items.data && !items.data.length)
    return <Alert severity="info">This product has no pay-per-use items: no usage is reported for it.</Alert>;
  return (
    <>
      <ResourceTable<UsageRule>
        key={path}
        resource={usageRuleResource}
        path={path}
        stateKey="usage-rules"
        noun="usage rules"
        rowActions={(r) => (
          <EditDeleteMenu row={r} label={`Actions for rule ${r.id}`} onEdit={setEditing} onDelete={setDeleting} />
        )}
        toolbar={
          <Button variant="outlined" startIcon={<AddIcon />} disabled={!schema} onClick={() => setAdding(true)}>
            Add rule
          </Button>
        }
      />
      {schema && (
        <>
          <SchemaFormDialog
            open={adding}
            title="Add a usage rule"
            submitLabel="Add"
            schema={schema}
            defaults={{ item: items.data![0].id, action: 'accept', scope: 'record', rule: '' }}
            onClose={() => setAdding(false)}
            onSubmit={async (body) => {
              const made = await api.post<UsageRule>(path, bodyOf(body));
              await refetch();
              notify('success', `Usage rule ${made.id} was added: ${describe(made)}.`);
            }}
          />
          <SchemaFormDialog
            open={!!editing}
            title={`Edit usage rule ${editing?.id ?? ''}`}
            submitLabel="Save"
            schema={schema}
            defaults={
              editing
                ? { item: editing.item.id, action: editing.action, scope: editing.scope, rule: editing.rule ?? '' }
                : {}
            }
            onClose={() => setEditing(null)}
            onSubmit={async (body) => {
              await api.put<UsageRule>(`${path}/${editing!.id}`, bodyOf(body));
              await refetch();
              notify('success', `Usage rule ${editing!.id} was saved.`);
            }}
          />
        </>
      )}
      <ConfirmDialog
        open={!!deleting}
        title="Delete the usage rule"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.delete(`${path}/${deleting!.id}`);
          await refetch();
          notify('success', `Usage rule ${deleting!.id} was deleted.`);
        }}
      >
        {deleting && describe(deleting)} no longer applies to files submitted from now on.
      </ConfirmDialog>
    </>
  );
}

/**
 * The provider's usage rules, one product at a time: what happens to a usage file when a vendor submits it. A reject
 * rule that applies rejects it, a manual one keeps it for review, and accept rules covering all of its usage accept it.
 */
export function UsageRulesTab() {
  const [params, setParams] = useSearchParams();
  const products = useQuery({
    queryKey: ['list', '/products', 'all'],
    queryFn: ({ signal }) => listAll<Product>('/products', 'ordering(name)', signal),
  });
  // the product of the latest file a vendor submitted, else the first
  const latest = useQuery({
    queryKey: ['list', '/usage/files', 'latest'],
    queryFn: ({ signal }) => api.get<UsageFile[]>('/usage/files', 'ordering(-created)&limit=1', signal),
  });
  const productId =
    params.get('product') ?? (latest.isPending ? '' : (latest.data?.[0]?.product.id ?? products.data?.[0]?.id ?? ''));
  if (products.error) return <ErrorState error={products.error} onRetry={() => void products.refetch()} />;
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        When a vendor submits a usage file, your rules for its product decide first: a <b>reject</b> rule that applies
        rejects the file, a <b>review manually</b> rule that applies keeps it for you, and <b>accept</b> rules that hold
        for all of every item&apos;s usage accept it. Any other file waits for your review.
      </Alert>
      <TextField
        select
        label="Product"
        value={productId}
        disabled={!products.data?.length}
        onChange={(e) => setParams({ product: e.target.value }, { replace: true })}
        sx={{ maxWidth: 420 }}
        helperText={products.data && !products.data.length ? 'No product is distributed to you yet.' : undefined}
      >
        {(products.data ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name} ({p.id})
          </MenuItem>
        ))}
      </TextField>
      {productId && <ProductRules productId={productId} />}
    </Stack>
  );
}
