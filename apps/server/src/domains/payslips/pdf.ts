import { PDFDocument } from 'pdf-lib';

/**
 * The payroll PDF's pages: their text (pdfjs-dist's Node build, no fonts loaded, no scripts evaluated) to tell whose
 * payslip each is, and new PDFs of chosen pages (pdf-lib) to file. A PDF either cannot read is refused as unreadable.
 */

export class UnreadablePdf extends Error {}

/** The text of every page, in order. */
export async function pageTexts(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      useSystemFonts: false,
      disableFontFace: true,
      isEvalSupported: false,
      verbosity: 0,
    }).promise;
  } catch {
    throw new UnreadablePdf();
  }
  try {
    const texts: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
      page.cleanup();
    }
    return texts;
  } catch {
    throw new UnreadablePdf();
  } finally {
    await doc.destroy();
  }
}

/** The source PDF, loaded once to cut several documents from it. */
export async function loadPdf(bytes: Buffer): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes);
  } catch {
    throw new UnreadablePdf();
  }
}

/** A new PDF of these pages (1-based) of the source, in this order. */
export async function pdfOfPages(source: PDFDocument, pages: readonly number[]): Promise<Buffer> {
  const out = await PDFDocument.create();
  const copied = await out.copyPages(
    source,
    pages.map((p) => p - 1),
  );
  for (const page of copied) out.addPage(page);
  return Buffer.from(await out.save());
}
