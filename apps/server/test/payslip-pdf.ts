import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A payroll office's PDF made with pdf-lib: one page per entry, each line of the entry a line of text. */
export async function payslipPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => {
      page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font });
    });
  }
  return Buffer.from(await doc.save());
}
