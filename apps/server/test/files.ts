import { deflateRawSync, crc32 as zlibCrc32 } from 'node:zlib';

/** Test files made by hand, byte by byte: office documents (zip archives), pictures, PDFs. */

/** zlib's own checksum (Node 20.15 and later): a 50 MB bomb is summed in milliseconds. */
const crc32 = (bytes: Buffer) => zlibCrc32(bytes) >>> 0;

export interface ZipEntry {
  name: string;
  content: Buffer;
  /** Stored as it is (OpenDocument's `mimetype`) rather than deflated. */
  stored?: boolean;
}

/** A zip archive of these entries, as office programs write one. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const data = e.stored ? e.content : deflateRawSync(e.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc32(e.content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(e.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc32(e.content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(e.content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = { name: '[Content_Types].xml', content: Buffer.from('<?xml version="1.0"?><Types/>') };

/** A Word document (docx): the parts Word looks for, with this text. */
export const docx = (text = 'Certificate') =>
  zip([contentTypes, { name: 'word/document.xml', content: Buffer.from(`<w:document>${text}</w:document>`) }]);

/**
 * A docx whose document unpacks to `megabytes` of zeros: a zip bomb that is small as sent. Deflate makes about 1 KB
 * of 1 MB of zeros.
 */
export const zipBombDocx = (megabytes = 200) =>
  zip([contentTypes, { name: 'word/document.xml', content: Buffer.alloc(megabytes * 1024 * 1024) }]);

export const odt = () =>
  zip([
    { name: 'mimetype', content: Buffer.from('application/vnd.oasis.opendocument.text'), stored: true },
    { name: 'content.xml', content: Buffer.from('<office:document-content/>') },
  ]);

/** A 1x1 png. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A small valid-looking PDF of `size` bytes (padded with a comment). */
export function pdf(size = 400): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - 6), 0x41), Buffer.from('\n%%EOF')]);
}

/** A PNG of `size` bytes: the tiny picture with a comment chunk's worth of padding after it. */
export const pngOf = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(Math.max(0, size - TINY_PNG.length))]);
