import {
  AVATAR_MAX_BYTES,
  type DocumentFolder,
  type ProfileField,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  type UploadType,
} from '@app/contracts';

/**
 * What a file may be, by where it goes (docs/product/documents.md): an allow-list of types per field or folder, 4 MB
 * for a file and 2 MB for a picture. The content decides the type, never the name.
 */

export const PICTURE_TYPES: readonly UploadType[] = ['jpeg', 'png', 'gif'];
const ALL_TYPES = Object.keys(UPLOAD_TYPES) as UploadType[];

/** Profile fields whose file is a picture of the member (a passport photo): pictures only. */
const PICTURE_KEYS = new Set(['picture', 'photo', 'passport_photo']);

/** Payslips are the payroll office's PDFs. */
const FOLDER_TYPES: Partial<Record<DocumentFolder, readonly UploadType[]>> = { payslips: ['pdf'] };

export interface UploadAllowance {
  types: readonly UploadType[];
}

export function allowanceOfField(field: Pick<ProfileField, 'key'>): UploadAllowance {
  return { types: field.key !== null && PICTURE_KEYS.has(field.key) ? PICTURE_TYPES : ALL_TYPES };
}

export function allowanceOfFolder(folder: DocumentFolder): UploadAllowance {
  return { types: FOLDER_TYPES[folder] ?? ALL_TYPES };
}

/** The most bytes a file of this type may have: 2 MB for pictures, 4 MB for everything else. */
export const maxBytesOf = (type: UploadType): number =>
  PICTURE_TYPES.includes(type) ? AVATAR_MAX_BYTES : UPLOAD_MAX_BYTES;

/** Why a file of this (detected) type and size may not go where it was sent, or null when it may. */
export function uploadProblem(
  allowance: UploadAllowance,
  detected: UploadType | null,
  size: number,
): 'empty' | 'type' | 'tooLarge' | 'pictureTooLarge' | null {
  if (size === 0) return 'empty';
  if (size > UPLOAD_MAX_BYTES) return 'tooLarge';
  if (detected === null || !allowance.types.includes(detected)) return 'type';
  if (size > maxBytesOf(detected)) return 'pictureTooLarge';
  return null;
}

/** The `accept` attribute of a file input for this allowance (a hint to the picker; the server decides). */
export const acceptOf = (allowance: UploadAllowance): string => allowance.types.map((t) => UPLOAD_TYPES[t]).join(',');
