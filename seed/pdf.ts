// A minimal PDF writer for demo and test files: one Letter page with lines of text in Helvetica, optionally an
// attached file (an embedded file stream of any bytes), and a cross-reference table with exact byte offsets, so
// any PDF viewer opens it. Pure (no Node APIs): the seed, the e2e file helpers and the bench share it.

export interface PdfContent {
  /** The document's title (the Info dictionary). */
  title: string;
  /** Lines of text on the page, top to bottom (Latin-1 characters). */
  lines: readonly string[];
  /** Bytes attached to the PDF as an embedded file (e.g. a large binary stream); none when absent. */
  attachment?: { name: string; bytes: Uint8Array };
  /** Characters of a comment after the header, to make the file an exact size. */
  padding?: number;
}

const latin1 = (text: string): Uint8Array => {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0xff) throw new Error(`not a Latin-1 character in a PDF string: ${text[index]}`);
    bytes[index] = code;
  }
  return bytes;
};

// The few characters beyond Latin-1 the demo text uses, in the page font's encoding (WinAnsiEncoding) and in the
// encoding of text strings such as the title (PDFDocEncoding), PDF 32000-1 Annex D.
const WIN_ANSI: Record<string, string> = { '\u2014': '\x97', '\u2013': '\x96', '\u2019': '\x92', '\u201c': '\x93', '\u201d': '\x94', '\u2022': '\x95' };
const PDF_DOC: Record<string, string> = { '\u2014': '\x84', '\u2013': '\x85', '\u2019': '\x90', '\u201c': '\x8d', '\u201d': '\x8e', '\u2022': '\x80' };
const encoded = (text: string, table: Record<string, string>) => text.replace(/[\u2013\u2014\u2019\u201c\u201d\u2022]/g, (char) => table[char] ?? char);

/** A PDF literal string: backslash, parentheses escaped. */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;

/** The PDF's bytes. */
export function minimalPdf({ title, lines, attachment, padding = 0 }: PdfContent): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const push = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === 'string' ? latin1(chunk) : chunk;
    chunks.push(bytes);
    length += bytes.length;
  };
  const offsets: number[] = [];
  const object = (body: string | (() => void)) => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n`);
    if (typeof body === 'string') push(body);
    else body();
    push('\nendobj\n');
  };

  // The binary comment line tells readers the file holds binary data (PDF 32000-1 §7.5.2).
  push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  if (padding > 0) push(`%${' '.repeat(Math.max(0, padding - 2))}\n`.slice(0, padding));

  const text = ['BT', '/F1 14 Tf', '18 TL', '72 720 Td', ...lines.map((line) => `${pdfString(encoded(line, WIN_ANSI))} '`), 'ET'].join('\n');
  const names = attachment ? ` /Names << /EmbeddedFiles << /Names [${pdfString(attachment.name)} 7 0 R] >> >>` : '';
  object(`<< /Type /Catalog /Pages 2 0 R${names} >>`); // 1
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'); // 2
  object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>'); // 3
  object('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'); // 4
  object(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`); // 5
  object(`<< /Title ${pdfString(encoded(title, PDF_DOC))} /Producer (Credit Readiness demo data) >>`); // 6
  if (attachment) {
    object(`<< /Type /Filespec /F ${pdfString(attachment.name)} /UF ${pdfString(attachment.name)} /EF << /F 8 0 R >> >>`); // 7
    object(() => {
      push(`<< /Type /EmbeddedFile /Subtype /application#2Foctet-stream /Length ${attachment.bytes.length} >>\nstream\n`);
      push(attachment.bytes);
      push('\nendstream');
    }); // 8
  }

  const xref = length;
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, n/f, and a two-byte end of line.
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`);

  const pdf = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    pdf.set(chunk, at);
    at += chunk.length;
  }
  return pdf;
}

/**
 * A PDF of exactly `size` bytes: the page's text and an attachment of `fill(n)` bytes, as many as make up the size
 * (a padding comment after the header settles what the attachment's length digits cannot).
 */
export function pdfOfSize(
  size: number,
  content: Omit<PdfContent, 'attachment' | 'padding'>,
  fill: (length: number) => Uint8Array,
  attachmentName = 'scan.bin',
): Uint8Array {
  const overhead = sizeOf(content, attachmentName, 0, 0);
  if (size < overhead + 64) throw new Error(`a PDF with this text needs at least ${overhead + 64} bytes`);
  for (let length = size - overhead - 32; length > 0; length -= 1) {
    const missing = size - sizeOf(content, attachmentName, length, 0);
    if (missing < 2) continue;
    if (sizeOf(content, attachmentName, length, missing) !== size) continue;
    const pdf = minimalPdf({ ...content, attachment: { name: attachmentName, bytes: fill(length) }, padding: missing });
    if (pdf.length !== size) throw new Error(`built ${pdf.length} bytes for a ${size}-byte PDF`);
    return pdf;
  }
  throw new Error(`no PDF of ${size} bytes`);
}

/** The size of the PDF with an attachment of `length` bytes, without allocating them. */
function sizeOf(content: Omit<PdfContent, 'attachment' | 'padding'>, name: string, length: number, padding: number): number {
  // Offsets after the attachment are fixed-width (10 digits) in the xref; only startxref and /Length vary in width.
  const empty = minimalPdf({ ...content, attachment: { name, bytes: new Uint8Array(0) }, padding });
  const startxrefDigits = (offset: number) => String(offset).length;
  const emptyXref = findStartxref(empty);
  return empty.length + length + (String(length).length - 1) + (startxrefDigits(emptyXref + length + String(length).length - 1) - startxrefDigits(emptyXref));
}

function findStartxref(pdf: Uint8Array): number {
  let text = '';
  for (let index = Math.max(0, pdf.length - 40); index < pdf.length; index += 1) text += String.fromCharCode(pdf[index]!);
  const match = /startxref\n(\d+)\n%%EOF\n$/.exec(text);
  if (!match) throw new Error('no startxref');
  return Number(match[1]);
}
