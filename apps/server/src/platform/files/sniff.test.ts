import { describe, expect, it } from 'vitest';
import { docx, odt, pdf, TINY_PNG, zip, zipBombDocx } from '../../../test/files';
import { sniffUpload } from './sniff';

describe('what a file is, by its bytes', () => {
  it('knows PDFs, pictures and office documents', () => {
    expect(sniffUpload(pdf())).toBe('pdf');
    expect(sniffUpload(TINY_PNG)).toBe('png');
    expect(sniffUpload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(sniffUpload(Buffer.from('GIF89a\x01\x00'))).toBe('gif');
    expect(sniffUpload(docx())).toBe('docx');
    expect(sniffUpload(odt())).toBe('odt');
    expect(
      sniffUpload(
        zip([
          { name: '[Content_Types].xml', content: Buffer.from('x') },
          { name: 'xl/workbook.xml', content: Buffer.from('x') },
        ]),
      ),
    ).toBe('xlsx');
  });

  it('judges a zip bomb by its directory without unpacking it', () => {
    const bomb = zipBombDocx(50);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(sniffUpload(bomb)).toBe('docx');
  });

  it('knows nothing else: SVG, HTML, scripts, other archives, cut-off files', () => {
    expect(sniffUpload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe(
      null,
    );
    expect(sniffUpload(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBe(null);
    expect(sniffUpload(Buffer.from('MZ\x90\x00'))).toBe(null);
    expect(sniffUpload(zip([{ name: 'evil.exe', content: Buffer.from('MZ') }]))).toBe(null);
    expect(sniffUpload(docx().subarray(0, 40))).toBe(null);
    expect(sniffUpload(Buffer.from('PK\x03\x04'))).toBe(null);
    expect(sniffUpload(Buffer.alloc(0))).toBe(null);
  });

  it('never throws on any bytes', () => {
    for (let n = 0; n < 300; n++) {
      const bytes = Buffer.from(Array.from({ length: n % 80 }, (_, i) => (i * 37 + n) & 0xff));
      bytes.write('PK\x03\x04', 0, 'latin1');
      expect(() => sniffUpload(bytes)).not.toThrow();
    }
  });
});
