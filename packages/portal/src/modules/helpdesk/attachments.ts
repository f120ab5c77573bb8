import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatBytes } from '@trellis/domain/format/bytes';
import {
  CASE_ATTACHMENT_EXTENSIONS,
  CASE_ATTACHMENT_MAX_BYTES,
  type CaseAttachment,
} from '@trellis/domain/helpdesk/attachment';
import { caseResource } from '@trellis/domain/helpdesk/case';
import { FILE_TYPE } from '@trellis/domain/validation/messages';
import { fileType } from '@trellis/domain/validation/rules';
import { apiUrl } from '../../api/client.ts';
import type { ApiError } from '../../api/errors.ts';
import { listAll } from '../../api/list.ts';
import { uploadForm, type UploadOptions } from '../../api/upload.ts';

// The files of a case (GET/POST /helpdesk/cases/{id}/attachments, server helpdesk/attachments.ts), under a 'list' key
// so that every write refreshes them, oldest first as the server lists them.

/** The multipart field the server reads the file from, and names in its messages ("file: …"). */
export const ATTACHMENT_FIELD = 'file';

export const attachmentsPath = (caseId: string) => `${caseResource.path}/${encodeURIComponent(caseId)}/attachments`;
export const attachmentPath = (caseId: string, id: string) => `${attachmentsPath(caseId)}/${encodeURIComponent(id)}`;
/** Where a file downloads: the browser sends the session cookie with a plain link, as it does for every GET. */
export const attachmentDownload = (caseId: string, id: string) =>
  apiUrl(attachmentPath(caseId, id), 'format=attachment');

const ORDER = 'ordering(events.created.at)';
export const attachmentsKey = (caseId: string) => ['list', attachmentsPath(caseId), ORDER] as const;

export function useCaseAttachments(caseId: string) {
  return useQuery<CaseAttachment[], ApiError>({
    queryKey: attachmentsKey(caseId),
    queryFn: ({ signal }) => listAll<CaseAttachment>(attachmentsPath(caseId), ORDER, signal),
  });
}

/**
 * Why the server would refuse this file, in its words (without the field's name), checked before a byte goes out:
 * its name is not an accepted type, it is over the limit, or it is empty. Null when it may go.
 */
export function attachmentRefusal(file: Pick<File, 'name' | 'size'>): string | null {
  if (fileType(file.name, CASE_ATTACHMENT_EXTENSIONS) || !file.name.trim())
    return `${FILE_TYPE}; accepted: ${CASE_ATTACHMENT_EXTENSIONS.join(', ')}, each with the content its name says.`;
  if (file.size > CASE_ATTACHMENT_MAX_BYTES)
    return `The file is too large; the limit is ${formatBytes(CASE_ATTACHMENT_MAX_BYTES)} per file.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/**
 * Sends a file to the case with progress. The new file enters the list at once, then the list (and the case) are read
 * again; a refusal also reads them again, since it usually means the page is behind (the case closed, the list full).
 */
export function useAttachmentUpload(caseId: string) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: attachmentsKey(caseId) }),
      client.invalidateQueries({ queryKey: ['get', `${caseResource.path}/${caseId}`] }),
    ]);
  return async (file: File, opts: UploadOptions): Promise<CaseAttachment> => {
    const form = new FormData();
    form.append(ATTACHMENT_FIELD, file, file.name);
    try {
      const created = await uploadForm<CaseAttachment>(attachmentsPath(caseId), form, opts);
      client.setQueryData<CaseAttachment[]>(attachmentsKey(caseId), (list) => [
        ...(list ?? []).filter((a) => a.id !== created.id),
        created,
      ]);
      await client.invalidateQueries({ queryKey: attachmentsKey(caseId) });
      return created;
    } catch (err) {
      if (!opts.signal?.aborted) void refresh();
      throw err;
    }
  };
}
