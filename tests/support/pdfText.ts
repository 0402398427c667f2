// What a reader sees in a generated PDF (dispute letters, spec 001 §4): each page's text through pdf.js, one text item
// a line. The letters use the standard Helvetica, which pdf.js takes from its own font files.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import path from 'node:path';

const STANDARD_FONTS = `${path.resolve('node_modules/pdfjs-dist/standard_fonts')}/`;

export async function pdfPages(bytes: Uint8Array): Promise<{ pages: string[]; numPages: number }> {
  const task = getDocument({ data: bytes.slice(), standardFontDataUrl: STANDARD_FONTS });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await task.destroy();
  return { pages, numPages: pdf.numPages };
}
