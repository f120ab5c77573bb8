import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import TranslateIcon from '@mui/icons-material/Translate';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  LOCALIZATION_MODULE,
  translationAccess,
  translationResource,
  type ProductLocalization,
  type Translation,
} from '@trellis/domain/catalog/localization';
import { deleteRefusal } from '@trellis/domain/resource/define';
import { offeredActions } from '@trellis/domain/resource/machine';
import { allows } from '@trellis/domain/identity/modules';
import { POLLING_INTERVAL_MS } from '@trellis/domain/format/constants';
import { errorMessage } from '../../../api/errors.ts';
import { listAll } from '../../../api/list.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useViewer } from '../../../app/session/useViewer.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { useProduct } from '../common/data.ts';
import { useViewedVersion } from '../common/paths.ts';
import { AttributesEditor } from './AttributesEditor.tsx';
import { loadDrafts, saveDrafts, type Drafts } from './draftStore.ts';
import { LocaleDialog } from './LocaleDialog.tsx';

export interface LocalizationTabProps {
  productId: string;
  /** Providers and non-latest versions see the catalogue read-only. */
  readOnly: boolean;
}

const TRANSLATIONS = '/localization/translations';
const progress = (s?: { total: number; translated: number }) => (s ? `${s.translated} / ${s.total}` : '—');
const busy = (t: Translation) => t.status === 'processing' || (t.auto?.enabled && t.auto.status === 'processing');

/** As built in a version: the frozen list, nothing to change. */
function VersionLocalizations({ productId, version }: { productId: string; version: number }) {
  const path = `/products/${productId}/versions/${version}/localizations`;
  const list = useQuery({
    queryKey: ['list', path, 'all'],
    queryFn: ({ signal }) => listAll<ProductLocalization>(path, 'ordering(locale.id)', signal),
  });
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Stack spacing={2}>
      <Alert severity="info">{`Translations as they were when version ${version} was built. Open the live catalogue to change them.`}</Alert>
      <Paper variant="outlined">
        <Table size="small" aria-label="Translations">
          <TableHead>
            <TableRow>
              {['Locale', 'Primary', 'Status', 'Translated'].map((h) => (
                <TableCell key={h} sx={{ fontWeight: 600 }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data?.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{`${l.locale.name} (${l.locale.id})`}</TableCell>
                <TableCell>{l.primary ? 'Yes' : 'No'}</TableCell>
                <TableCell>
                  <StatusChip status={l.status} />
                </TableCell>
                <TableCell>{progress(l.stats)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {list.data?.length === 0 && <EmptyState title="No translations in this version" />}
      </Paper>
    </Stack>
  );
}

/**
 * The product's translations (spec §3/§4/§6): create one per locale, activate / clone / make primary /
 * retry by state and translationAccess(), and edit attribute values (original vs value, status) with
 * unsaved text kept in session storage per product; xlsx download and upload.
 */
export function LocalizationTab({ productId, readOnly }: LocalizationTabProps) {
  const auth = useAuth();
  const viewer = useViewer();
  const version = useViewedVersion();
  const product = useProduct(productId);
  const [params, setParams] = useSearchParams();
  const [drafts, setDrafts] = useState<Drafts>(() => loadDrafts(productId));
  const [creating, setCreating] = useState(false);
  const [cloning, setCloning] = useState<Translation | null>(null);
  const [deleting, setDeleting] = useState<Translation | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  useEffect(() => setDrafts(loadDrafts(productId)), [productId]);
  const machine = translationResource.machine!;
  const run = useWrite<Translation, { t: Translation; name: string }>({
    method: 'POST',
    path: (v) => `${TRANSLATIONS}/${v.t.id}/${v.name}`,
    body: () => ({}),
  });
  const clone = useWrite<Translation, { t: Translation; body: object }>({
    method: 'POST',
    path: (v) => `${TRANSLATIONS}/${v.t.id}/clone`,
    body: (v) => v.body,
  });
  const add = useWrite<ProductLocalization | Translation, { vendor: boolean; body: object }>({
    method: 'POST',
    path: (v) => (v.vendor ? `/products/${productId}/localizations` : TRANSLATIONS),
    body: (v) => (v.vendor ? v.body : { ...v.body, context: { instance_id: productId } }),
  });
  const remove = useWrite<void, Translation>({ method: 'DELETE', path: (t) => `${TRANSLATIONS}/${t.id}` });

  const vendorOwner = auth.account.type === 'vendor' && !!product.data && product.data.owner.id === auth.account.id;
  const canLocalize = allows(auth.permissions, LOCALIZATION_MODULE);
  const latestVersion = !version;
  const base = translationAccess({
    accountType: auth.account.type,
    productOwner: vendorOwner,
    canLocalize,
    latestVersion,
    translation: null,
  });
  const hasAccess = canLocalize || (auth.account.type === 'vendor' && allows(auth.permissions, 'MD-0002'));

  const query = `eq(context.instance_id,${productId})&ordering(locale.id)`;
  const list = useQuery({
    queryKey: ['list', TRANSLATIONS, query],
    queryFn: ({ signal }) => listAll<Translation>(TRANSLATIONS, query, signal),
    enabled: hasAccess && latestVersion,
    refetchInterval: (q) => (q.state.data?.some(busy) ? POLLING_INTERVAL_MS : false),
  });

  if (version) return <VersionLocalizations productId={productId} version={version} />;
  if (!hasAccess)
    return <Alert severity="info">{`Translations need the localization permission (${LOCALIZATION_MODULE}).`}</Alert>;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;

  const translations = list.data ?? [];
  const accessOf = (t: Translation) =>
    translationAccess({
      accountType: auth.account.type,
      productOwner: vendorOwner,
      canLocalize,
      latestVersion,
      translation: {
        owned: t.owned ?? t.owner.id === auth.account.id,
        primary: t.primary,
        empty: (t.stats?.translated ?? 0) === 0,
      },
    });
  const selected = base.canSwitch ? translations.find((t) => t.id === params.get('translation')) : undefined;
  const select = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('translation', id);
        else next.delete('translation');
        return next;
      },
      { replace: true },
    );
  const updateDraft = (translationId: string, d: Record<string, string>) => {
    const next = { ...drafts, [translationId]: d };
    if (!Object.keys(d).length) delete next[translationId];
    setDrafts(next);
    saveDrafts(productId, next);
  };
  /** Runs a machine action of a translation; its done message is the machine's. */
  const action = async (t: Translation, name: string) => {
    setRunning(`${t.id}:${name}`);
    try {
      const answer = await run.mutateAsync({ t, name });
      notify('success', machine.actions[name].done?.(answer) ?? `${machine.actions[name].label}: done.`);
    } catch (err) {
      notify('error', errorMessage(err));
    } finally {
      setRunning(null);
    }
  };
  const mine = translations.filter((t) => t.owned ?? t.owner.id === auth.account.id).map((t) => t.locale.id);
  // Anyone who may switch translations may start their own (the vendor's first one becomes primary).
  const canCreate = base.canSwitch && (vendorOwner ? !readOnly : canLocalize);

  return (
    <Stack spacing={2}>
      {!base.canSwitch && (
        <Alert severity="info">
          Switching translations needs the localization permission or the product&apos;s vendor.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
          <Box sx={{ flexGrow: 1 }} />
          {canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Add translation
            </Button>
          )}
        </Box>
        <Box sx={{ height: 4 }}>{list.isFetching && <LinearProgress />}</Box>
        <Table size="small" aria-label="Translations">
          <TableHead>
            <TableRow>
              {['Locale', 'Owner', 'Status', 'Translated', ''].map((h, i) => (
                <TableCell key={i} sx={{ fontWeight: 600 }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {translations.map((t) => {
              const a = accessOf(t);
              const owned = t.owned ?? t.owner.id === auth.account.id;
              // the actions the translation machine offers this user (owner, status, guard), within spec §6 access
              const actions = offeredActions(machine, t, viewer).filter((o) =>
                o.name === 'clone' ? base.canSwitch : a.canEditTranslation,
              );
              const canDelete = a.canEditTranslation && !deleteRefusal(translationResource, t, viewer);
              return (
                <TableRow key={t.id} selected={selected?.id === t.id}>
                  <TableCell>
                    {`${t.locale.name} (${t.locale.id})`}
                    {t.primary && <Chip size="small" color="primary" label="Primary" sx={{ ml: 1 }} />}
                    {drafts[t.id] && (
                      <Chip size="small" color="info" variant="outlined" label="Unsaved" sx={{ ml: 1 }} />
                    )}
                  </TableCell>
                  <TableCell>{owned ? `${t.owner.name} (you)` : t.owner.name}</TableCell>
                  <TableCell>
                    <StatusChip status={t.status} />
                    {t.auto?.enabled && t.auto.status === 'failed' && (
                      <Chip size="small" color="error" label="Automatic translation failed" sx={{ ml: 1 }} />
                    )}
                  </TableCell>
                  <TableCell>{progress(t.stats)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {base.canSwitch && (
                      <Button
                        size="small"
                        variant={selected?.id === t.id ? 'contained' : 'text'}
                        startIcon={<TranslateIcon />}
                        onClick={() => select(selected?.id === t.id ? null : t.id)}
                      >
                        {a.canEditTranslation ? 'Edit' : 'View'}
                      </Button>
                    )}
                    {actions.map((o) => (
                      <Button
                        key={o.name}
                        size="small"
                        disabled={running !== null || !!o.disabled}
                        onClick={() => (o.name === 'clone' ? setCloning(t) : void action(t, o.name))}
                      >
                        {o.label}
                      </Button>
                    ))}
                    {canDelete && (
                      <Button size="small" color="error" disabled={running !== null} onClick={() => setDeleting(t)}>
                        Delete
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {list.data && translations.length === 0 && (
          <EmptyState icon={<TranslateIcon />} title="No translations yet">
            {canCreate
              ? "Add a translation: the first one holds the product's own texts and becomes primary."
              : undefined}
          </EmptyState>
        )}
      </Paper>

      {selected && (
        <AttributesEditor
          key={selected.id}
          translation={selected}
          canEdit={accessOf(selected).canEditTranslation}
          draft={drafts[selected.id] ?? {}}
          onDraftChange={(d) => updateDraft(selected.id, d)}
        />
      )}

      <LocaleDialog
        open={creating}
        title="Add translation"
        submitLabel="Add"
        exclude={mine}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => {
          const made = await add.mutateAsync({ vendor: vendorOwner, body });
          const id = 'translation' in made ? made.translation.id : made.id;
          select(id);
          notify('success', `${made.locale.name} translation added.`);
        }}
      />
      <LocaleDialog
        open={!!cloning}
        title={`Clone ${cloning?.locale.name ?? ''} translation`}
        submitLabel="Clone"
        initialLocale={cloning?.locale.id}
        onClose={() => setCloning(null)}
        onSubmit={async (body) => {
          const copy = await clone.mutateAsync({ t: cloning!, body });
          select(copy.id);
          notify('success', machine.actions.clone.done!(copy));
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete translation"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await remove.mutateAsync(deleting!);
          updateDraft(deleting!.id, {});
          if (selected?.id === deleting!.id) select(null);
        }}
      >
        Delete the {deleting?.locale.name} translation and its values?
      </ConfirmDialog>
    </Stack>
  );
}
