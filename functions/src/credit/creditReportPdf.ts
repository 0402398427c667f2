// The customer's current credit report as a PDF (spec 002 §2 Payment-failed page "download reports", §8
// item 9): written on the server with pdf-lib in the dispute letters' style (disputes/disputeLetters.ts: Letter pages,
// Helvetica, page numbers at the foot), from the report as the credit callables answer it (reportForSource, so the
// SSN arrives as its last four digits and is printed masked; the full number is never read here). Title, the
// customer's name, the report date, each bureau's score, then personal information, accounts, inquiries and public
// records per bureau, as tables that continue on the next page with their header repeated. Labels in the request's
// language (creditReportPdfText.ts).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { CreditReport } from '../../../src/contract/credit';
import { PAYMENT_STATUS_CODES, reportedInquiries } from '../../../src/domain/creditReport';
import { BUREAUS, type Bureau } from '../../../src/domain/creditReportRecords';
import { CREDIT_REPORT_PDF_TEXT, type CreditReportPdfText, type PdfLang } from './creditReportPdfText';
import { drawableText } from '../disputes/disputeLetters';

const PAGE = { width: 612, height: 792, margin: 48 };
const SIZE = 9.5;
const LEADING = 13;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const RULE = rgb(0.75, 0.75, 0.75);

interface Column {
  label: string;
  /** Share of the content width. */
  width: number;
  align?: 'right';
}

/** Writes top to bottom, a new page when one is full; table rows are one line, cut to their column. */
class ReportWriter {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Starts a new page unless `lines` more lines fit on this one. */
  keepTogether(lines: number) {
    if (this.y - (lines - 1) * LEADING < PAGE.margin) this.newPage();
  }

  gap(lines = 1) {
    this.y -= LEADING * lines;
  }

  private draw(text: string, x: number, options: { bold?: boolean; size?: number; maxWidth?: number; align?: 'right' } = {}) {
    const font = options.bold ? this.bold : this.font;
    const size = options.size ?? SIZE;
    let value = drawableText(font, text);
    if (options.maxWidth !== undefined && font.widthOfTextAtSize(value, size) > options.maxWidth) {
      while (value.length > 1 && font.widthOfTextAtSize(`${value}...`, size) > options.maxWidth) value = value.slice(0, -1);
      value = `${value.trimEnd()}...`;
    }
    const left = options.align === 'right' && options.maxWidth !== undefined ? x + options.maxWidth - font.widthOfTextAtSize(value, size) : x;
    this.page.drawText(value, { x: left, y: this.y, size, font });
  }

  /** A paragraph, wrapped at the margin. */
  text(value: string, options: { bold?: boolean; size?: number; indent?: number } = {}) {
    const font = options.bold ? this.bold : this.font;
    const size = options.size ?? SIZE;
    const indent = options.indent ?? 0;
    const width = CONTENT_WIDTH - indent;
    const leading = Math.max(LEADING, size * 1.35);
    let line = '';
    const flush = () => {
      if (this.y < PAGE.margin) this.newPage();
      this.draw(line, PAGE.margin + indent, { bold: options.bold, size });
      this.y -= leading;
      line = '';
    };
    for (const word of drawableText(font, value).split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (line !== '' && font.widthOfTextAtSize(candidate, size) > width) {
        flush();
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line !== '') flush();
  }

  /** A section's title with a rule under it, kept with the first lines that follow. */
  heading(value: string) {
    this.keepTogether(5);
    this.text(value, { bold: true, size: 13 });
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y + LEADING - 3 },
      end: { x: PAGE.width - PAGE.margin, y: this.y + LEADING - 3 },
      thickness: 0.75,
      color: RULE,
    });
    this.gap(0.3);
  }

  /** "Label: value" with the label bold. */
  field(label: string, value: string, indent = 0) {
    if (this.y < PAGE.margin) this.newPage();
    const labelText = `${label}: `;
    this.draw(labelText, PAGE.margin + indent, { bold: true });
    const labelWidth = this.bold.widthOfTextAtSize(drawableText(this.bold, labelText), SIZE);
    this.draw(value, PAGE.margin + indent + labelWidth, { maxWidth: CONTENT_WIDTH - indent - labelWidth });
    this.y -= LEADING;
  }

  private tableHeader(columns: readonly Column[]) {
    let x = PAGE.margin;
    for (const column of columns) {
      const width = column.width * CONTENT_WIDTH;
      this.draw(column.label, x, { bold: true, maxWidth: width - 6, align: column.align });
      x += width;
    }
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y - 3 }, end: { x: PAGE.width - PAGE.margin, y: this.y - 3 }, thickness: 0.5, color: RULE });
    this.y -= LEADING;
  }

  /** A table; on a new page its header is repeated. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[]) {
    this.keepTogether(3);
    this.tableHeader(columns);
    for (const row of rows) {
      if (this.y < PAGE.margin) {
        this.newPage();
        this.tableHeader(columns);
      }
      let x = PAGE.margin;
      columns.forEach((column, index) => {
        const width = column.width * CONTENT_WIDTH;
        this.draw(row[index] ?? '', x, { maxWidth: width - 6, align: column.align });
        x += width;
      });
      this.y -= LEADING;
    }
  }

  /** The footer of every page: who the report is for and the page number. */
  footers(label: (page: number, pages: number) => string) {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      page.drawText(drawableText(this.font, label(index + 1, pages.length)), { x: PAGE.margin, y: PAGE.margin / 2, size: 8, font: this.font });
    });
  }
}

export interface CreditReportPdfOptions {
  /** The customer's name as the product knows it (the CRM contact). */
  customerName: string;
  lang: PdfLang;
}

/** A payment status code in words (spec 001 §4); a status the bureau wrote in words stays as written. */
function paymentStatusText(text: CreditReportPdfText, status: string | null): string {
  if (status === null) return '';
  const code = status.trim().toUpperCase();
  return code in PAYMENT_STATUS_CODES ? text.paymentStatuses[PAYMENT_STATUS_CODES[code as keyof typeof PAYMENT_STATUS_CODES].meaning] : status;
}

/** The report date: the bureaus' report day, else the day it was pulled. */
function reportDay(report: CreditReport): string {
  return report.reportSummary.bureauSummary.find((summary) => summary.reportDate !== null)?.reportDate ?? report.pulledAt.slice(0, 10);
}

/** The customer's credit report (the combined three-bureau report), as PDF bytes. */
export async function renderCreditReportPdf(report: CreditReport, options: CreditReportPdfOptions): Promise<Uint8Array> {
  const text: CreditReportPdfText = CREDIT_REPORT_PDF_TEXT[options.lang];
  const day = (value: string | null) =>
    value === null ? '' : new Date(`${value}T12:00:00.000Z`).toLocaleDateString(text.locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  const longDay = (value: string) => new Date(`${value}T12:00:00.000Z`).toLocaleDateString(text.locale, { timeZone: 'UTC', dateStyle: 'long' });
  const money = (value: number | null) =>
    value === null ? '' : new Intl.NumberFormat(text.locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(value);
  const bureauOrder = (bureau: Bureau) => BUREAUS.indexOf(bureau);
  const byBureau = <T extends { bureau: Bureau }>(records: readonly T[]) => [...records].sort((a, b) => bureauOrder(a.bureau) - bureauOrder(b.bureau));
  const customerName = options.customerName.trim() || report.personalInfo.find((info) => info.name)?.name || '';
  const reportDate = reportDay(report);

  const doc = await PDFDocument.create();
  doc.setTitle(`${text.title} - ${customerName}`);
  doc.setLanguage(options.lang);
  doc.setCreationDate(new Date(report.pulledAt));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const out = new ReportWriter(doc, font, bold);

  out.text(text.title, { bold: true, size: 20 });
  out.gap(0.3);
  out.field(text.preparedFor, customerName);
  out.field(text.reportDate, longDay(reportDate));
  out.gap();

  out.heading(text.scores);
  for (const summary of byBureau(report.reportSummary.bureauSummary)) {
    const score = summary.creditScore === null ? text.noScore : String(summary.creditScore);
    out.field(text.bureaus[summary.bureau], `${score}${summary.reportDate ? ` (${day(summary.reportDate)})` : ''}`);
  }
  out.gap();

  out.heading(text.personalInfo);
  if (report.personalInfo.length === 0) out.text(text.none);
  for (const info of byBureau(report.personalInfo)) {
    out.keepTogether(5);
    out.text(text.bureaus[info.bureau], { bold: true });
    out.field(text.name, info.name ?? text.notOnFile, 10);
    if (info.alsoKnownAs.length > 0) out.field(text.alsoKnownAs, info.alsoKnownAs.join(', '), 10);
    out.field(text.dateOfBirth, info.dateOfBirth ? day(info.dateOfBirth) : text.notOnFile, 10);
    // The contract carries the last four digits only; anything else is not printed.
    out.field(text.ssn, info.ssn !== null && /^\d{4}$/.test(info.ssn) ? `XXX-XX-${info.ssn}` : text.notOnFile, 10);
    out.field(text.currentAddress, info.currentAddress?.address ?? text.notOnFile, 10);
    if (info.previousAddress.length > 0) out.field(text.previousAddresses, info.previousAddress.map((entry) => entry.address).join('; '), 10);
    if (info.employer?.name) out.field(text.employer, info.employer.name, 10);
    out.gap(0.5);
  }
  out.gap(0.5);

  // A section of records: its heading, then a row per record by bureau, or 'None'.
  const recordsTable = <T extends { bureau: Bureau }>(heading: string, records: readonly T[], columns: readonly Column[], cells: (record: T) => string[]) => {
    out.heading(heading);
    if (records.length === 0) out.text(text.none);
    else out.table(columns, byBureau(records).map(cells));
  };

  recordsTable(
    text.accounts,
    report.accounts,
    [
      { label: text.creditor, width: 0.26 },
      { label: text.bureau, width: 0.11 },
      { label: text.type, width: 0.2 },
      { label: text.status, width: 0.1 },
      { label: text.balance, width: 0.1, align: 'right' },
      { label: text.paymentStatus, width: 0.23 },
    ],
    (account) => [
      account.creditorName,
      text.bureaus[account.bureau],
      account.accountType ?? account.portfolioType ?? '',
      account.status ?? '',
      money(account.currentBalance),
      paymentStatusText(text, account.paymentStatus),
    ],
  );
  out.gap();

  // spec 001 §9: only the inquiries of the two years before the report's date.
  recordsTable(
    text.inquiries,
    reportedInquiries(report.inquiries, report.pulledAt.slice(0, 10)),
    [
      { label: text.creditor, width: 0.4 },
      { label: text.bureau, width: 0.15 },
      { label: text.date, width: 0.15 },
      { label: text.industry, width: 0.3 },
    ],
    (inquiry) => [inquiry.creditorName, text.bureaus[inquiry.bureau], day(inquiry.date), inquiry.industry ?? ''],
  );
  out.gap();

  recordsTable(
    text.publicRecords,
    report.publicRecords,
    [
      { label: text.type, width: 0.25 },
      { label: text.bureau, width: 0.13 },
      { label: text.status, width: 0.17 },
      { label: text.filed, width: 0.13 },
      { label: text.reference, width: 0.32 },
    ],
    (record) => [
      record.type ?? '',
      text.bureaus[record.bureau],
      record.status ?? '',
      day(record.dateFiled),
      [record.court, record.referenceNumber].filter(Boolean).join(' · '),
    ],
  );

  out.footers((page, pages) => `${customerName} · ${text.title} · ${text.page(page, pages)}`);
  return doc.save();
}
