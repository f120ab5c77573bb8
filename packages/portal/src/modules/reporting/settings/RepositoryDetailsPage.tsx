import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { editRefusal } from '@trellis/domain/resource/define';
import { reportRepositoryResource, type ReportsRepository } from '@trellis/domain/reporting/repository';
import { reportTemplateResource, type ReportTemplate } from '@trellis/domain/reporting/template';
import { api } from '../../../api/client.ts';
import { useGet } from '../../../api/hooks.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { notify, useNotice, type NoticeState } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useViewer } from '../../../app/session/useViewer.ts';
import { ActionBar } from '../../../components/actions/ActionBar.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { repositoriesPath, repositoryApiPath, templateApiPath, templatePagePath } from '../paths.ts';
import { REPOSITORY_POLL_MS, isConfiguring, ownRepository, shortCommit } from './repositories.ts';
import { RepositoryUploadDialog } from './RepositoryUploadDialog.tsx';

/** The repository as the detail page takes it (its name is null until a manifest named it). */
type Shown = Omit<ReportsRepository, 'name'> & { name?: string };

const nameOf = (r: { id: string; name?: string | null }) => r.name ?? r.id;

/** The commit as git shows one: its first characters, the whole SHA-1 on hover. */
const commit = (r: Shown) =>
  r.git.commit ? (
    <Box component="code" title={r.git.commit} sx={{ fontFamily: 'monospace' }}>
      {shortCommit(r.git.commit)}
    </Box>
  ) : null;

/** Why the repository is not ready: its code being checked (with a bar), or what the check found wrong. */
function Banner({ repository: r, own }: { repository: Shown; own: boolean }) {
  if (isConfiguring(r))
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        Checking the code of tag {r.git.tag}. Its templates make no reports until it is ready; this page follows it.
        <LinearProgress aria-label="Configuring the repository" sx={{ mt: 1 }} />
      </Alert>
    );
  if (r.status !== 'failed') return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      <AlertTitle>Tag {r.git.tag} could not be configured</AlertTitle>
      <Box sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{r.notes || 'The repository failed.'}</Box>
      {own && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Upload a corrected version, or use another tag.
        </Typography>
      )}
    </Alert>
  );
}

/** A button of the owner's that waits while the repository is configuring (the server refuses changes then). */
function OwnerButton({ refusal, children }: { refusal: string | null; children: ReactNode }) {
  return (
    <Tooltip title={refusal ?? ''}>
      <span>{children}</span>
    </Tooltip>
  );
}

/** The repository's versions, newest first: the one in use marked, the others each offered to its owner. */
function Tags({
  repository: r,
  own,
  refusal,
  onUse,
}: {
  repository: Shown;
  own: boolean;
  refusal: string | null;
  onUse: (tag: string) => void;
}) {
  return (
    <Box component="section" aria-labelledby="repository-tags" sx={{ mt: 3 }}>
      <Typography id="repository-tags" component="h2" variant="subtitle2" sx={{ mb: 1, color: 'text.secondary' }}>
        Tags
      </Typography>
      <Box component="ul" aria-labelledby="repository-tags" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {r.tags.map((tag) => (
          <Box
            component="li"
            key={tag}
            sx={{
              display: 'flex',
              alignItems: 'center',
              flexWrap: 'wrap',
              gap: 1,
              py: 0.75,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {tag}
            </Typography>
            {tag === r.git.tag && <Chip size="small" color="primary" variant="outlined" label="In use" />}
            <Box sx={{ flexGrow: 1 }} />
            {own && tag !== r.git.tag && (
              <OwnerButton refusal={refusal}>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={!!refusal}
                  onClick={() => onUse(tag)}
                  aria-label={`Use tag ${tag}`}
                >
                  Use
                </Button>
              </OwnerButton>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The repository's templates, each to its page; its owner enables and disables them here too. */
function Templates({ repository: r }: { repository: Shown }) {
  return (
    <ResourceTable<ReportTemplate>
      resource={reportTemplateResource}
      noun="templates in this repository"
      stateKey={`repository-templates-${r.id}`}
      base={(q) => q.eq('repository.id', r.id)}
      rowLink={(t) => templatePagePath(t.id)}
      rowActions={(t) => <ActionBar resource={reportTemplateResource} obj={t} path={templateApiPath(t.id)} />}
    />
  );
}

/**
 * One report repository: what it is and which version (tag, commit) it runs; while it is configuring a bar, polled
 * until it is ready or failed; why it failed. Its owner uploads a new version, switches to another of its tags and
 * deletes it; the built-in repository is Trellis's, read-only. Its templates are a tab.
 */
export default function RepositoryDetailsPage() {
  const { id = '' } = useParams();
  const path = repositoryApiPath(id);
  const auth = useAuth();
  const viewer = useViewer();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [switchTo, setSwitchTo] = useState<string | null>(null);
  const canWrite = allows(auth.permissions, reportRepositoryResource.module);
  // the page's object, polled while it is configuring (the details below read the same query)
  const query = useGet<ReportsRepository>(path, {
    refetchInterval: (q) => (isConfiguring(q.state.data) ? REPOSITORY_POLL_MS : false),
  });
  useNotice(id);
  usePageChrome({ backRoute: repositoriesPath() });

  // a configuration that ended changed the templates (new, gone, unblocked): their lists are read again
  const status = query.data?.status;
  const before = useRef(status);
  useEffect(() => {
    if (before.current === 'configuring' && status && status !== 'configuring')
      void client.invalidateQueries({ queryKey: ['list', reportTemplateResource.path] });
    before.current = status;
  }, [status, client]);

  const use = useWrite<ReportsRepository, string>(
    { method: 'PUT', path, body: (tag) => ({ git: { tag } }) },
    { lists: [reportRepositoryResource.path, reportTemplateResource.path], objects: [path] },
  );

  const changeable = (r: Pick<Shown, 'repository_type' | 'owner'>) => canWrite && ownRepository(r, viewer);
  // the owner's changes wait while it is configuring: the reason, shown on the disabled buttons
  const waiting = (r: Shown) => editRefusal(reportRepositoryResource, r, viewer)?.message ?? null;
  const repository = query.data;

  return (
    <>
      <ResourceDetail<Shown>
        resource={reportRepositoryResource}
        path={path}
        render={{ 'git.commit': commit }}
        banner={(r) => <Banner repository={r} own={changeable(r)} />}
        details={{
          after: (r) => <Tags repository={r} own={changeable(r)} refusal={waiting(r)} onUse={setSwitchTo} />,
        }}
        tabs={[{ id: 'templates', label: 'Templates', render: (r) => <Templates repository={r} /> }]}
        buttons={(r) =>
          changeable(r) && (
            <>
              <OwnerButton refusal={waiting(r)}>
                <Button variant="outlined" size="small" disabled={!!waiting(r)} onClick={() => setUploading(true)}>
                  Upload new version
                </Button>
              </OwnerButton>
              <OwnerButton refusal={waiting(r)}>
                <Button
                  variant="outlined"
                  size="small"
                  color="error"
                  disabled={!!waiting(r)}
                  onClick={() => setDeleting(true)}
                >
                  Delete
                </Button>
              </OwnerButton>
            </>
          )
        }
      />
      {repository && changeable(repository) && (
        <>
          <RepositoryUploadDialog
            open={uploading}
            repository={repository}
            onClose={() => setUploading(false)}
            onSaved={(r) => {
              setUploading(false);
              notify('success', `Tag ${r.git.tag} of ${nameOf(r)} is uploaded; its code is being checked.`);
            }}
          />
          <ConfirmDialog
            open={switchTo !== null}
            title={`Use tag ${switchTo ?? ''}`}
            confirmLabel="Use"
            onClose={() => setSwitchTo(null)}
            onConfirm={async () => {
              const r = await use.mutateAsync(switchTo!);
              notify('success', `${nameOf(r)} uses tag ${r.git.tag} once its code is checked.`);
            }}
          >
            {`${nameOf(repository)} is configured again with tag ${switchTo ?? ''} (now ${repository.git.tag}). Its templates make no reports until it is ready.`}
          </ConfirmDialog>
          <ConfirmDialog
            open={deleting}
            title="Delete report repository"
            confirmLabel="Delete"
            destructive
            onClose={() => setDeleting(false)}
            onConfirm={async () => {
              await api.delete(path);
              void client.invalidateQueries({ queryKey: ['list'] });
              navigate(repositoriesPath(), {
                state: {
                  notice: { severity: 'success', content: `Report repository ${nameOf(repository)} was deleted.` },
                } satisfies NoticeState,
              });
            }}
          >
            {`${nameOf(repository)} and its templates are deleted; the reports made from them stay. This cannot be undone.`}
          </ConfirmDialog>
        </>
      )}
    </>
  );
}
