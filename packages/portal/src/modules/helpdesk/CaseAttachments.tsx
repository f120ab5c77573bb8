import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useId, useState } from 'react';
import { formatBytes } from '@trellis/domain/format/bytes';
import { formatDate } from '@trellis/domain/format/date';
import {
  CASE_ATTACHMENT_EXTENSIONS,
  CASE_ATTACHMENT_MAX_BYTES,
  CASE_ATTACHMENTS_MAX,
  caseAttachmentResource,
  type CaseAttachment,
} from '@trellis/domain/helpdesk/attachment';
import type { Case } from '@trellis/domain/helpdesk/case';
import { deleteRefusal } from '@trellis/domain/resource/define';
import { useWrite } from '../../api/useWrite.ts';
import { notify } from '../../app/notices.ts';
import { useHour12, useViewer } from '../../app/session/useViewer.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { actorName } from '../../components/display/actor.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { UploadProgress, useFileUpload } from '../../components/useFileUpload.tsx';
import {
  ATTACHMENT_FIELD,
  attachmentDownload,
  attachmentPath,
  attachmentRefusal,
  attachmentsPath,
  useAttachmentUpload,
  useCaseAttachments,
} from './attachments.ts';

const removal = caseAttachmentResource.removal!;

/**
 * The files of a case, which both its parties read: each a download with its size, uploader and date, and Delete on
 * the files of the reader's account. While the case is open and holds fewer than the most it may, a file is chosen or
 * dropped on the section, checked for its type and size before a byte goes out, and sent with a progress bar that can
 * be cancelled; the server's refusal is shown under it. A closed case keeps its files: nothing is added or deleted.
 */
export function CaseAttachments({ obj: c }: { obj: Case }) {
  const viewer = useViewer();
  const headingId = useId();
  const hintId = useId();
  const files = useCaseAttachments(c.id);
  const { input, sending, over, error, clearError, send, dropTarget, cancel } = useFileUpload({
    check: attachmentRefusal,
    upload: useAttachmentUpload(c.id),
    field: ATTACHMENT_FIELD,
    onDone: (created) => notify('success', `${created.name} is attached to the case.`),
  });
  const [deleting, setDeleting] = useState<CaseAttachment | null>(null);
  const remove = useWrite<null, CaseAttachment>(
    { method: 'DELETE', path: (a) => attachmentPath(c.id, a.id) },
    { lists: [attachmentsPath(c.id)] },
  );
  const closed = c.state === 'closed';
  const list = files.data;
  const full = !!list && list.length >= CASE_ATTACHMENTS_MAX;
  const canUpload = !closed && !!list && !full;
  // the uploader's account deletes its own, while the case is not closed
  const canDelete = (a: CaseAttachment) => !closed && !deleteRefusal(caseAttachmentResource, a, viewer);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      {...dropTarget(canUpload)}
      sx={{
        p: { xs: 1.5, sm: 2 },
        mb: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        borderColor: over ? 'primary.main' : undefined,
        bgcolor: over ? 'action.hover' : undefined,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="subtitle1" component="h2">
            Attachments
          </Typography>
          <Typography id={hintId} variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            {list ? `${list.length} of ${CASE_ATTACHMENTS_MAX} files` : 'Files'} · both parties of the case read them
            {canUpload && ` · drop a file here or attach one, up to ${formatBytes(CASE_ATTACHMENT_MAX_BYTES)}`}
          </Typography>
        </Box>
        {canUpload && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<AttachFileIcon />}
            disabled={!!sending}
            onClick={() => input.current?.click()}
            aria-describedby={hintId}
          >
            Attach file
          </Button>
        )}
      </Box>

      <FileList caseId={c.id} files={files} canDelete={canDelete} onDelete={setDeleting} />

      {sending && <UploadProgress sending={sending} onCancel={cancel} />}
      {error && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }} onClose={clearError}>
          {error}
        </Alert>
      )}
      {closed ? (
        <Typography variant="body2" color="text.secondary">
          The case is closed: its files are kept, and none can be added or deleted.
        </Typography>
      ) : (
        full && (
          <Typography variant="body2" color="text.secondary">
            A case holds at most {CASE_ATTACHMENTS_MAX} attachments; delete one first.
          </Typography>
        )
      )}
      {canUpload && (
        <input
          ref={input}
          type="file"
          hidden
          data-testid="attachment-input"
          accept={CASE_ATTACHMENT_EXTENSIONS.map((t) => `.${t}`).join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void send(file);
          }}
        />
      )}

      <ConfirmDialog
        open={!!deleting}
        title={`${removal.label} attachment`}
        confirmLabel={removal.label}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const a = deleting!;
          await remove.mutateAsync(a);
          notify('success', removal.done(a));
        }}
      >
        {deleting && removal.confirm(deleting)}
      </ConfirmDialog>
    </Paper>
  );
}

/** The files, oldest first, or why there are none; loading and errors stay in this part of the section. */
function FileList({
  caseId,
  files,
  canDelete,
  onDelete,
}: {
  caseId: string;
  files: ReturnType<typeof useCaseAttachments>;
  canDelete: (a: CaseAttachment) => boolean;
  onDelete: (a: CaseAttachment) => void;
}) {
  const hour12 = useHour12();
  // a refresh that fails keeps what was read
  if (files.isError && !files.data) return <ErrorState error={files.error} onRetry={() => void files.refetch()} />;
  if (!files.data)
    return (
      <Box role="status" aria-busy="true" aria-label="Loading attachments">
        <Skeleton height={40} />
      </Box>
    );
  if (!files.data.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No files attached.
      </Typography>
    );
  return (
    <Box component="ul" aria-label="Attached files" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column' }}>
      {files.data.map((a) => {
        const created = a.events.created;
        const by = actorName(created?.by);
        return (
          <Box
            component="li"
            key={a.id}
            sx={{
              listStyle: 'none',
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              py: 0.75,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            <InsertDriveFileOutlinedIcon color="action" fontSize="small" />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Link
                href={attachmentDownload(caseId, a.id)}
                download={a.name}
                variant="body2"
                sx={{ display: 'block', wordBreak: 'break-word' }}
              >
                {a.name}
              </Link>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
                {formatBytes(a.size)} · {by ? `${by}, ${a.account.name}` : a.account.name}
                {created?.at && (
                  <>
                    {' · '}
                    <time dateTime={created.at}>{formatDate(created.at, { hour12 })}</time>
                  </>
                )}
              </Typography>
            </Box>
            {canDelete(a) && (
              <Tooltip title={removal.label}>
                <IconButton size="small" aria-label={`${removal.label} ${a.name}`} onClick={() => onDelete(a)}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
