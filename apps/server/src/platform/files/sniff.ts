import type { UploadType } from '@app/contracts';

/**
 * What a file is, by its first bytes (docs/product/documents.md, "What a file may be"). Office documents are zip
 * archives: they are told apart by the names in the archive's directory, which are stored as plain bytes, and by
 * the uncompressed `mimetype` entry OpenDocument requires first. Nothing is ever inflated, so a zip bomb costs no
 * more to judge than its own size. Anything else (SVG, HTML, scripts, executables, other archives) is no type.
 */
export function sniffUpload(bytes: Buffer): UploadType | null {
  if (starts(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'gif';
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeType(bytes);
  return null;
}

const starts = (bytes: Buffer, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const ODF: Record<string, UploadType> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};

function officeType(bytes: Buffer): UploadType | null {
  if (bytes.length < 30) return null;
  // OpenDocument: the first entry is `mimetype`, stored (method 0), holding the type.
  const method = bytes.readUInt16LE(8);
  const nameLength = bytes.readUInt16LE(26);
  if (method === 0 && bytes.subarray(30, 30 + nameLength).toString('latin1') === 'mimetype') {
    const size = bytes.readUInt32LE(18);
    const start = 30 + nameLength + bytes.readUInt16LE(28);
    const type = ODF[bytes.subarray(start, start + Math.min(size, 100)).toString('latin1')];
    if (type) return type;
  }
  const names = centralDirectoryNames(bytes);
  if (!names?.has('[Content_Types].xml')) return null;
  if (names.has('word/document.xml')) return 'docx';
  if (names.has('xl/workbook.xml')) return 'xlsx';
  return null;
}

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
/** More entries than any office document has: a directory claiming more is refused unread. */
const MAX_ENTRIES = 10_000;

/** The names in a zip's central directory (read as stored, nothing inflated), or null when there is none. */
function centralDirectoryNames(bytes: Buffer): Set<string> | null {
  // The end record is in the last 22 bytes plus a comment of up to 65,535.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= from; at--)
    if (bytes.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count > MAX_ENTRIES) return null;
  const names = new Set<string>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_ENTRY) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return null;
    names.add(bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
