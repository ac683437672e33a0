import { z } from 'zod';
import { matching } from './inputs';

/**
 * Staff files' documents and uploads (docs/product/documents.md): files kept in a member's file, either in a profile
 * upload field (keyed by the field's id) or in one of the document folders.
 */

/** The folders of a member's documents; `uploads` holds what the member uploaded themselves. */
export const DOCUMENT_FOLDERS = [
  'payslips',
  'sepa',
  'contracts',
  'uploads',
  'journals',
  'annuals',
  'others',
  'attendance_roster',
] as const;
export const DocumentFolder = z.enum(DOCUMENT_FOLDERS);
export type DocumentFolder = z.infer<typeof DocumentFolder>;

/** The folders HR documents (filed by managers) go into: all but the member's own uploads. */
export const HR_FOLDERS = DOCUMENT_FOLDERS.filter((f) => f !== 'uploads');

/** The file types an upload may be, as its content shows them (never as its name or the browser says). */
export const UPLOAD_TYPES = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;
export const UploadTypeSchema = z.enum(Object.keys(UPLOAD_TYPES) as [UploadType, ...UploadType[]]);

/** How long a download link works, in minutes. */
export const UPLOAD_LINK_MINUTES = 15;

/** One kept file, as its viewer meets it: key, name, id and date of the upload, and what the pages need (docs/product/documents.md). */
export const UploadEntry = z.object({
  id: z.string().uuid(),
  /** The profile field's id, or the folder it was filed in. */
  key: z.string(),
  folder: DocumentFolder,
  name: z.string(),
  /** When it was uploaded (ISO instant). */
  date: z.string(),
  /** The month the document is for (YYYY-MM), where it names one: a payslip's; null otherwise. */
  month: z.string().nullable(),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  /** Filed by a manager as an HR document. */
  hr: z.boolean(),
  /** Who uploaded it (their name), null when they are gone. */
  uploadedBy: z.string().nullable(),
  mayDelete: z.boolean(),
  /** The download address with its signed, expiring token. */
  url: z.string(),
});
export type UploadEntry = z.infer<typeof UploadEntry>;

/** The multipart fields of an upload besides the file. */
export const UploadFields = z.object({
  key: z.string().min(1).max(64),
  /** `hr` files an HR document into another member's file. */
  type: z.enum(['hr']).optional(),
});
export type UploadFields = z.infer<typeof UploadFields>;

/** A download link's token: its form is checked by the link's signature, so any URL-safe text up to 200 goes. */
export const DownloadQuery = z.object({ token: matching(/^[A-Za-z0-9._-]{1,200}$/) });

/** A member's documents as the viewer may see them, and whether the viewer may add HR documents. */
export const DocumentsView = z.object({
  membershipId: z.string().uuid(),
  name: z.string(),
  own: z.boolean(),
  mayAddHr: z.boolean(),
  mayUpload: z.boolean(),
  documents: z.array(UploadEntry),
});
export type DocumentsView = z.infer<typeof DocumentsView>;

/** The members whose documents the viewer may open (themself first). */
export const DocumentOwners = z.object({
  members: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
});
export type DocumentOwners = z.infer<typeof DocumentOwners>;
