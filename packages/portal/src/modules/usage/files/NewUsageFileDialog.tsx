import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { Product } from '@trellis/domain/catalog/product';
import type { Marketplace } from '@trellis/domain/distribution/marketplace';
import { CONTRACT_TYPE_LABELS, type Contract } from '@trellis/domain/partners/contract';
import { UsageFileCreate, type UsageFile } from '@trellis/domain/usage/file';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';

const FIELDS = ['name', 'product', 'contract', 'marketplace', 'first', 'last', 'description'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const SELECT = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
const DATE = { inputLabel: { shrink: true } } as const;

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
/** The previous calendar month (UTC): what a vendor usually reports. */
function lastMonth(now = new Date()): { first: string; last: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { first: day(first), last: day(last) };
}

/**
 * The period as the API takes it, from two days of the form (UTC, both included): from the start of the first day to
 * the start of the day after the last, as the demo's monthly files are.
 */
export function periodOf(first: string, last: string): { from?: string; to?: string } {
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  return {
    from: Number.isNaN(start) ? undefined : new Date(start).toISOString(),
    to: Number.isNaN(end) ? undefined : new Date(end + DAY_MS).toISOString(),
  };
}

function bodyOf(v: Values) {
  return {
    name: v.name,
    ...(v.description.trim() ? { description: v.description } : {}),
    ...(v.product ? { product: { id: v.product } } : {}),
    ...(v.contract ? { contract: { id: v.contract } } : {}),
    ...(v.marketplace ? { marketplace: { id: v.marketplace } } : {}),
    period: periodOf(v.first, v.last),
  };
}

/** A body field's path → the form field that shows its message. */
function fieldOf(path: readonly PropertyKey[] | string): Field | undefined {
  const [head, sub] = typeof path === 'string' ? path.split('.') : path.map(String);
  if (head === 'period') return sub === 'to' ? 'last' : 'first';
  return (FIELDS as readonly string[]).includes(head) ? (head as Field) : undefined;
}

/** The declaration's create schema checks the form, so the messages are the server's. */
const resolver: Resolver<Values> = async (values) => {
  const parsed = UsageFileCreate.safeParse(bodyOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Partial<Record<Field, { type: string; message: string }>> = {};
  for (const issue of parsed.error.issues) {
    const f = fieldOf(issue.path);
    if (f && !errors[f]) errors[f] = { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * The vendor starts a usage file (a draft): which of its products, under which active contract (the provider that
 * bills it), optionally in which of that provider's marketplaces, and for which period.
 */
export function NewUsageFileDialog({
  open,
  accountId,
  onClose,
  onCreated,
}: {
  open: boolean;
  accountId: string;
  onClose: () => void;
  onCreated: (f: UsageFile) => void;
}) {
  const blank = (): Values => ({
    name: '',
    product: '',
    contract: '',
    marketplace: '',
    description: '',
    ...lastMonth(),
  });
  const form = useForm<Values>({ resolver, defaultValues: blank() });
  const [error, setError] = useState<string | null>(null);
  const products = useQuery({
    queryKey: ['list', '/products', 'own', accountId],
    queryFn: ({ signal }) => listAll<Product>('/products', `eq(owner.id,${accountId})&ordering(name)`, signal),
    enabled: open,
  });
  const contracts = useQuery({
    queryKey: ['list', '/contracts', 'active', accountId],
    queryFn: ({ signal }) =>
      listAll<Contract>('/contracts', `eq(status,active)&eq(owner.id,${accountId})&ordering(issuer.name)`, signal),
    enabled: open,
  });
  const contract = contracts.data?.find((c) => c.id === form.watch('contract'));
  const issuer = contract?.issuer.id;
  const marketplaces = useQuery({
    queryKey: ['list', '/marketplaces', 'of', issuer],
    queryFn: ({ signal }) => listAll<Marketplace>('/marketplaces', `eq(owner.id,${issuer})&ordering(name)`, signal),
    enabled: open && !!issuer,
  });
  const create = useWrite<UsageFile, Values>(
    { method: 'POST', path: '/usage/files', body: bodyOf },
    { lists: ['/usage/files'] },
  );
  useEffect(() => {
    if (!open) return;
    form.reset(blank());
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form each time the dialog opens
  }, [open]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onCreated(await create.mutateAsync(values));
    } catch (err) {
      const byField = err instanceof ApiError ? err.fieldErrors : {};
      let unplaced = Object.keys(byField).length === 0;
      for (const [key, messages] of Object.entries(byField)) {
        const f = fieldOf(key);
        if (f) form.setError(f, { type: 'server', message: messages[0] });
        else unplaced = true;
      }
      if (unplaced) setError(errorMessage(err));
    }
  });

  const errors = form.formState.errors;
  const select = (
    name: 'product' | 'contract' | 'marketplace',
    label: string,
    options: { value: string; label: string }[],
    help: string,
    opts: { required?: boolean; disabled?: boolean; none?: string } = {},
  ) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          select
          label={label}
          required={opts.required}
          disabled={opts.disabled}
          fullWidth
          {...field}
          onChange={(e) => {
            field.onChange(e);
            // a new contract brings its own marketplace (or none)
            if (name === 'contract')
              form.setValue('marketplace', contracts.data?.find((c) => c.id === e.target.value)?.marketplace?.id ?? '');
          }}
          slotProps={SELECT}
          error={!!errors[name]}
          helperText={errors[name]?.message ?? help}
        >
          <MenuItem value="" disabled={opts.required}>
            <em>{opts.none ?? `Choose a ${label.toLowerCase()}`}</em>
          </MenuItem>
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <FormDialog
      open={open}
      title="New usage file"
      submitLabel="Create"
      busy={form.formState.isSubmitting}
      submitDisabled={products.isPending || contracts.isPending}
      error={error}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <TextField
        label="Name"
        required
        fullWidth
        {...form.register('name')}
        error={!!errors.name}
        helperText={errors.name?.message ?? 'E.g. the product and the month: "Mail storage November".'}
      />
      {select(
        'product',
        'Product',
        (products.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.id})` })),
        products.data?.length === 0 ? 'You have no product yet.' : 'The product whose pay-per-use items were used.',
        { required: true },
      )}
      {select(
        'contract',
        'Contract',
        (contracts.data ?? []).map((c) => ({
          value: c.id,
          // the agreement tells apart two contracts with the same provider
          label: `${c.issuer.name} · ${CONTRACT_TYPE_LABELS[c.type]} · ${c.agreement.name} · ${c.id}`,
        })),
        contracts.data?.length === 0
          ? 'You have no active contract: usage is reported to a provider you have a contract with.'
          : 'The provider who bills the usage, by your active contract with it.',
        { required: true },
      )}
      {select(
        'marketplace',
        'Marketplace',
        // the contract's own marketplace is a choice before the provider's list arrives
        [
          ...(contract?.marketplace && !marketplaces.data?.some((m) => m.id === contract.marketplace!.id)
            ? [contract.marketplace]
            : []),
          ...(marketplaces.data ?? []),
        ].map((m) => ({ value: m.id, label: `${m.name} (${m.id})` })),
        contract
          ? "Where the usage was sold; the contract's marketplace when none is chosen."
          : 'Choose the contract first.',
        { disabled: !contract, none: 'The contract’s marketplace' },
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="First day"
          type="date"
          required
          fullWidth
          {...form.register('first')}
          slotProps={DATE}
          error={!!errors.first}
          helperText={errors.first?.message ?? 'UTC, included.'}
        />
        <TextField
          label="Last day"
          type="date"
          required
          fullWidth
          {...form.register('last')}
          slotProps={DATE}
          error={!!errors.last}
          helperText={errors.last?.message ?? 'UTC, included.'}
        />
      </Stack>
      <TextField
        label="Description"
        fullWidth
        multiline
        minRows={2}
        {...form.register('description')}
        error={!!errors.description}
        helperText={errors.description?.message}
      />
    </FormDialog>
  );
}
