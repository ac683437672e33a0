import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from './errors';

/** A multipart body of one file and a few text fields: 415 when it is not multipart, 422 without a file or with two. */
export async function readForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; bytes: Buffer; name: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  let name = '';
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Read to its end even when it is one too many: the limit (413) is the stream's to tell.
      const read = await part.toBuffer();
      if (bytes) throw fieldError({ file: ['documents.errors.oneFile'] });
      bytes = read;
      name = part.filename;
    } else fields[part.fieldname] = String(part.value);
  }
  if (!bytes) throw fieldError({ file: ['validation.required'] });
  return { fields, bytes, name };
}
