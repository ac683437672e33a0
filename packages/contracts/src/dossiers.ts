import { z } from 'zod';
import { CalendarDate, text } from './inputs';

/** What a dossier entry records (docs/product/dossiers.md). */
export const DOSSIER_KINDS = ['talk', 'review', 'warning', 'note'] as const;
export const DossierKind = z.enum(DOSSIER_KINDS);
export type DossierKind = z.infer<typeof DossierKind>;

/** An entry's text: a talk's minutes or a warning's reasons fit; a whole file does not. */
export const DOSSIER_TEXT_MAX_LENGTH = 5000;

/** A file attached to a dossier entry, with its signed, expiring download address. */
export const DossierAttachment = z.object({
  id: z.string().uuid(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
});
export type DossierAttachment = z.infer<typeof DossierAttachment>;

/** One dated entry of a member's dossier, as the viewer may see it. */
export const DossierEntry = z.object({
  id: z.string(),
  membership: z.string(),
  kind: DossierKind,
  date: z.iso.date(),
  text: z.string(),
  /** The member sees the entry on their own profile. */
  shared: z.boolean(),
  /** Who wrote it; null once that member is gone. */
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its files, in the order they were attached. */
  attachments: z.array(DossierAttachment),
});
export type DossierEntry = z.infer<typeof DossierEntry>;

export const DossierResponse = z.object({
  /** Newest date first. */
  entries: z.array(DossierEntry),
  /** The viewer keeps this dossier (writes, edits, deletes); false for the member reading their shared entries. */
  mayKeep: z.boolean(),
});
export type DossierResponse = z.infer<typeof DossierResponse>;

export const DossierEntryInput = z.object({
  kind: DossierKind,
  date: CalendarDate,
  text: text(DOSSIER_TEXT_MAX_LENGTH).min(1, 'validation.required'),
  shared: z.boolean(),
});
export type DossierEntryInput = z.infer<typeof DossierEntryInput>;

export const DossierEntryResponse = z.object({ entry: DossierEntry });
export type DossierEntryResponse = z.infer<typeof DossierEntryResponse>;
