/** Uploads for the permission table: files filed straight into the tables, and multipart bodies to send. */
import { now } from '@app/domain';
import { uploadContents, uploads } from '../../src/db/schema';
import { downloadUrl } from '../../src/platform/files/links';
import { serverSecret } from '../../src/platform/secret';
import { pdf } from '../files';
import { multipart } from '../multipart';
import { payslipPdf } from '../payslip-pdf';
import type { Fixture } from './fixture';

/** An upload in this member's file: their own (folder `uploads`) or an HR document the owner filed there. */
export async function uploadOf(
  fx: Fixture,
  membershipId: string,
  opts: { hr?: boolean; accountId?: string; by?: string } = {},
): Promise<string> {
  const db = fx.t.database.db;
  const hr = opts.hr ?? false;
  const [row] = await db
    .insert(uploads)
    .values({
      accountId: opts.accountId ?? fx.bistro.id,
      membershipId,
      key: hr ? 'contracts' : 'uploads',
      folder: hr ? 'contracts' : 'uploads',
      hr,
      name: 'file.pdf',
      mime: 'application/pdf',
      size: 400,
      sha256: '',
      storage: 'database',
      uploadedBy: opts.by ?? membershipId,
      createdAt: now(),
    })
    .returning({ id: uploads.id, accountId: uploads.accountId });
  await db.insert(uploadContents).values({ uploadId: row.id, accountId: row.accountId, content: pdf() });
  return row.id;
}

export const foreignUpload = (fx: Fixture) => uploadOf(fx, fx.store.member, { accountId: fx.store.id });

/** The signed download link of a fresh upload. */
export async function downloadOf(fx: Fixture): Promise<string> {
  const id = await uploadOf(fx, fx.bistro.staff);
  return downloadUrl(await serverSecret(fx.t.database.db, fx.t.ctx.config), id);
}

/** A multipart upload of a small PDF with these fields. */
export const uploadBody = (fields: Record<string, string>) => {
  const { body, headers } = multipart(fields, [{ name: 'file.pdf', content: pdf() }]);
  return { body, headers };
};

/** A multipart payslip run: a one-page payroll PDF with these fields. */
export const payslipBody = async (fields: Record<string, string>) => {
  const { body, headers } = multipart(fields, [{ name: 'payroll.pdf', content: await payslipPdf([['Payslip']]) }]);
  return { body, headers };
};
