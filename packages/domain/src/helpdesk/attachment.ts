import { z } from 'zod';
import { HELPDESK_MODULE } from '../identity/modules.ts';
import { Events } from '../identity/common.ts';
import type { Fields } from '../resource/fields.ts';
import type { Rule } from '../resource/machine.ts';
import { DATE_OPS, TEXT_OPS, defineMachine, defineResource } from '../resource/index.ts';

// Attachments of a helpdesk case (reference /helpdesk/cases/{id}/attachments, helpdesk.Attachment): files either
// party of the case uploads (multipart/form-data, field `file`) and both download. The uploader's account deletes its
// own; a closed case takes and loses none. `size` is the number of bytes (the reference's example sends a number);
// `preview` is left out, as no previews are made.

/** Largest file, in bytes. */
export const CASE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Most attachments one case holds. */
export const CASE_ATTACHMENTS_MAX = 20;

/** How the server recognises a file's bytes: an image or other signature, a ZIP or OLE container, UTF-8 text. */
export type CaseAttachmentKind = 'image' | 'pdf' | 'zip' | 'ole' | 'text';

/** The accepted files, by extension: what each is stored and served as, and how its bytes are checked. */
export const CASE_ATTACHMENT_TYPES: Readonly<Record<string, { type: string; kind: CaseAttachmentKind }>> = {
  pdf: { type: 'application/pdf', kind: 'pdf' },
  png: { type: 'image/png', kind: 'image' },
  jpg: { type: 'image/jpeg', kind: 'image' },
  jpeg: { type: 'image/jpeg', kind: 'image' },
  gif: { type: 'image/gif', kind: 'image' },
  webp: { type: 'image/webp', kind: 'image' },
  txt: { type: 'text/plain', kind: 'text' },
  log: { type: 'text/plain', kind: 'text' },
  md: { type: 'text/markdown', kind: 'text' },
  csv: { type: 'text/csv', kind: 'text' },
  json: { type: 'application/json', kind: 'text' },
  zip: { type: 'application/zip', kind: 'zip' },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'zip' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'zip' },
  pptx: { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', kind: 'zip' },
  odt: { type: 'application/vnd.oasis.opendocument.text', kind: 'zip' },
  ods: { type: 'application/vnd.oasis.opendocument.spreadsheet', kind: 'zip' },
  odp: { type: 'application/vnd.oasis.opendocument.presentation', kind: 'zip' },
  doc: { type: 'application/msword', kind: 'ole' },
  xls: { type: 'application/vnd.ms-excel', kind: 'ole' },
  ppt: { type: 'application/vnd.ms-powerpoint', kind: 'ole' },
};

/** The accepted extensions, for a file input's `accept` and for messages. */
export const CASE_ATTACHMENT_EXTENSIONS = Object.keys(CASE_ATTACHMENT_TYPES);

const AccountRef = z.object({ id: z.string(), name: z.string(), icon: z.string().nullable().optional() });

export const CaseAttachment = z.object({
  id: z.string(),
  /** The account that uploaded it. */
  account: AccountRef,
  /** Where the file downloads (`…/attachments/{id}?format=attachment`). */
  attachment: z.string(),
  /** Bytes. */
  size: z.number().int(),
  preview: z.string().nullable().optional(),
  /** The file's name as uploaded. */
  name: z.string(),
  /** MIME type, from the accepted types. */
  type: z.string(),
  events: Events,
});
export type CaseAttachment = z.infer<typeof CaseAttachment>;

/** The uploader's account deletes its own attachment; the other party may not. */
const ownAttachment: Rule<CaseAttachment> = (a, v) =>
  a.account.id === v.accountId
    ? null
    : { kind: 'side', message: `Only ${a.account.name}, who uploaded it, can delete this attachment.` };

const ATTACHMENT_FIELDS: Fields = {
  id: { label: 'ID', kind: 'id' },
  name: { label: 'Name', kind: 'text' },
  type: { label: 'Type', kind: 'text' },
  size: { label: 'Size', kind: 'bytes' },
  account: { label: 'Uploaded by', kind: 'ref' },
  'events.created.by': { label: 'Uploader', kind: 'user' },
  'events.created.at': { label: 'Uploaded', kind: 'date' },
};

export const caseAttachmentResource = defineResource({
  name: 'helpdesk-case-attachment',
  title: 'Attachment',
  path: '/helpdesk/cases/:caseId/attachments',
  module: HELPDESK_MODULE,
  schema: CaseAttachment,
  // created by a multipart upload (server helpdesk/attachments.ts); deleted by its uploader's account
  remove: true,
  removal: {
    label: 'Delete',
    confirm: (a: CaseAttachment) => `${a.name} is deleted for both parties of the case.`,
    done: (a: CaseAttachment) => `${a.name} is deleted.`,
  },
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    type: { type: 'string', ops: TEXT_OPS },
    'account.id': { type: 'string', ops: TEXT_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['events.created.at', 'name'],
  defaultOrdering: 'events.created.at',
  search: ['name'],
  visibleTo: ['vendor', 'provider'],
  machine: defineMachine<CaseAttachment>({ statuses: {}, actions: {}, deletable: ownAttachment }),
  fields: ATTACHMENT_FIELDS,
  list: { columns: ['name', 'size', 'account', 'events.created.at'], phone: ['name', 'size'] },
});
