// The dispute letters (spec 001 §3 "Dispute PDF result", §7 listDisputePdfs/getDisputePdf): on
// submit, one PDF per bureau, written on the server with pdf-lib, stored in Storage at
// disputeLetters/{uid}/{bureau}/{documentId}.pdf (Admin SDK; storage.rules deny clients) with its record in
// disputeLetters/{uid}/items/{documentId}. The submit's transaction writes the record as 'pending' with the lines
// the letter lists; writing the PDF happens after it, and again whenever a letter is still pending (writing is
// idempotent: the same record gives the same file at the same path), so a failed write never loses a letter.
// A letter carries the customer's identity as the bureaus need it (name, current address, date of birth, the SSN
// masked to its last four digits, never the full number), each disputed item with its reason in words and its
// record id at that bureau, and the request to reinvestigate under FCRA §611 (15 U.S.C. §1681i) within 30 days.
import { getApps, initializeApp } from 'firebase-admin/app';
import { Timestamp } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { logger } from 'firebase-functions';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { z } from 'zod/mini';
import type { CustomerContactRecord } from '../../../src/contract/contact';
import type { DisputePdfResult } from '../../../src/contract/disputes';
import { BUREAUS, type Bureau } from '../../../src/domain/creditReportRecords';
import {
  ALL_SECONDARY_REASONS,
  BUREAU_RESPONSE_DAYS,
  DISPUTE_CATEGORIES,
  DISPUTE_REASONS,
  ENTITY_TYPES,
  type DisputeCategory,
  type DisputeReason,
  type SecondaryReason,
} from '../../../src/domain/disputes';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import type { LetterLine, LetterPlan } from './disputeLifecycle';
import { disputeLetterPath, disputeLettersRef } from './disputeStore';
import { crm } from '../providers';
import { parseStored, storedUserSchema } from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';

// ------------------------------------------------------------------------------------------- the bureaus

/** Where each bureau takes disputes by mail. */
export const BUREAU_DISPUTE_ADDRESSES: Readonly<Record<Bureau, readonly string[]>> = {
  EQUIFAX: ['Equifax Information Services LLC', 'P.O. Box 740256', 'Atlanta, GA 30374'],
  EXPERIAN: ['Experian', 'P.O. Box 4500', 'Allen, TX 75013'],
  TRANSUNION: ['TransUnion Consumer Solutions', 'P.O. Box 2000', 'Chester, PA 19016'],
};

const REASON_TEXT: Readonly<Record<DisputeReason, string>> = {
  not_mine: 'This item does not belong to me.',
  never_late: 'I was never late on this account.',
  paid_in_full: 'This account was paid in full.',
  settled: 'This account was settled.',
  incorrect_balance: 'The balance reported is incorrect.',
  incorrect_status: 'The status reported is incorrect.',
  incorrect_information: 'Information reported on this item is incorrect.',
  obsolete: 'This item is older than the reporting period allows and must be removed.',
  identity_theft: 'This item results from identity theft.',
  not_authorized: 'I did not authorize this inquiry.',
  do_not_challenge: 'Not disputed.',
};

const SECONDARY_TEXT: Readonly<Record<SecondaryReason, string>> = {
  wrong_balance: 'the balance is wrong',
  wrong_dates: 'the dates are wrong',
  wrong_payment_history: 'the payment history is wrong',
  wrong_creditor: 'the creditor is wrong',
  wrong_account_number: 'the account number is wrong',
  duplicate_entry: 'the item is reported more than once',
  police_report_filed: 'a police report was filed',
  ftc_report_filed: 'an identity theft report was filed with the FTC',
  unknown_creditor: 'I do not know this creditor',
  unknown_address: 'the address on this item is not mine',
};

const CATEGORY_TEXT: Readonly<Record<DisputeCategory, string>> = {
  COLLECTIONS_TRADELINE: 'Collection / charged-off account',
  COLLECTIONS_OTHER: 'Collection account',
  PUBLIC_RECORDS: 'Public record',
  LATE_PAYMENTS: 'Late payments',
  RECENT_INQUIRY: 'Inquiry',
};

// ------------------------------------------------------------------------------------------- the record

const letterLineSchema = z.object({
  itemId: z.string(),
  name: z.catch(z.string(), ''),
  type: z.enum(DISPUTE_CATEGORIES),
  entityType: z.enum(ENTITY_TYPES),
  reason: z.enum(DISPUTE_REASONS),
  secondary: z.catch(
    z.pipe(
      z.array(z.string()),
      z.transform((values) => values.filter((value): value is SecondaryReason => (ALL_SECONDARY_REASONS as readonly string[]).includes(value))),
    ),
    [],
  ),
  recordIds: z.catch(z.array(z.string()), []),
  disputeId: z.catch(z.string(), ''),
  balance: z.catch(z.nullable(z.number()), null),
});

/** disputeLetters/{uid}/items/{documentId}. */
export const storedDisputeLetterSchema = z.object({
  bureau: z.enum(BUREAUS),
  completionDate: z.iso.date(),
  documentId: z.string(),
  round: z.catch(z.number().check(z.int(), z.gte(1)), 1),
  itemIds: z.catch(z.array(z.string()), []),
  lines: z.catch(z.array(letterLineSchema), []),
  storagePath: z.string(),
  status: z.catch(z.enum(['pending', 'written']), 'pending'),
  contentVersionId: z.catch(z.nullable(z.string()), null),
  createdAt: z.optional(z.unknown()),
});
export type StoredDisputeLetter = z.output<typeof storedDisputeLetterSchema>;

/** The record the submit's transaction writes for a planned letter (pending until its PDF is stored). */
export function letterRecord(uid: string, plan: LetterPlan, now: Date) {
  return {
    bureau: plan.bureau,
    completionDate: plan.completionDate,
    documentId: plan.documentId,
    round: plan.round,
    itemIds: [...new Set(plan.lines.map((line) => line.itemId))],
    lines: plan.lines,
    storagePath: disputeLetterPath(uid, plan.bureau, plan.documentId),
    status: 'pending' as const,
    contentVersionId: null,
    createdAt: Timestamp.fromDate(now),
  };
}

export function toPdfResult(letter: StoredDisputeLetter): DisputePdfResult {
  return {
    bureau: letter.bureau,
    completionDate: letter.completionDate,
    documentId: letter.documentId,
    round: letter.round,
    itemCount: letter.itemIds.length,
  };
}

// ------------------------------------------------------------------------------------------- the PDF

/** The customer as the letter names them. */
export interface LetterIdentity {
  name: string;
  addressLines: string[];
  /** yyyy-MM-dd, or null when not on file. */
  birthdate: string | null;
  /** The SSN's last four digits, or null when none is on file. */
  ssnLast4: string | null;
}

export function identityFromContact(
  contact: Pick<CustomerContactRecord, 'FirstName' | 'MiddleName' | 'LastName' | 'MailingStreet' | 'MailingCity' | 'MailingStateCode' | 'MailingPostalCode' | 'Birthdate' | 'Social_Security_Number__c'> | null,
  fallbackName: string,
): LetterIdentity {
  const name = [contact?.FirstName, contact?.MiddleName, contact?.LastName].filter((part) => part !== null && part !== undefined && part.trim() !== '').join(' ');
  const cityLine = [contact?.MailingCity, [contact?.MailingStateCode, contact?.MailingPostalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const digits = (contact?.Social_Security_Number__c ?? '').replace(/\D/g, '');
  return {
    name: name === '' ? fallbackName : name,
    addressLines: [contact?.MailingStreet ?? '', cityLine].filter((line) => line.trim() !== ''),
    birthdate: contact?.Birthdate ?? null,
    ssnLast4: digits.length >= 4 ? digits.slice(-4) : null,
  };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function longDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${date}, ${year}`;
}

function usDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

const money = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** Latin letters without a decomposition that the standard font lacks, as their nearest plain letters. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't', Ə: 'E', ə: 'e', Ŋ: 'N', ŋ: 'n',
};

/**
 * Text the standard font can draw: characters outside its WinAnsi set lose their accents (NFKD) or become '?',
 * so a name in any script never stops a letter from being written.
 */
export function drawableText(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.replace(/[\t\r\n]+/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    if (supported.has(code)) {
      out += char;
      continue;
    }
    const base = PLAIN_LETTERS[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += base !== '' && [...base].every((part) => supported.has(part.codePointAt(0) ?? 0)) ? base : '?';
  }
  return out;
}

const PAGE = { width: 612, height: 792, margin: 64 };
const SIZE = 10.5;
const LEADING = 14;

/** Writes lines top to bottom, wrapping at the margin and starting a new page when one is full. */
class LetterWriter {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private ensureRoom() {
    if (this.y < PAGE.margin) {
      this.page = this.doc.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - PAGE.margin;
    }
  }

  text(value: string, options: { bold?: boolean; indent?: number } = {}) {
    const font = options.bold ? this.bold : this.font;
    const indent = options.indent ?? 0;
    const width = PAGE.width - 2 * PAGE.margin - indent;
    const words = drawableText(font, value).split(' ');
    let line = '';
    const flush = () => {
      this.ensureRoom();
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size: SIZE, font });
      this.y -= LEADING;
      line = '';
    };
    for (const word of words) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (line !== '' && font.widthOfTextAtSize(candidate, SIZE) > width) {
        flush();
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line !== '') flush();
  }

  gap(lines = 1) {
    this.y -= LEADING * lines;
  }

  /** Starts a new page unless `lines` more lines fit on this one (an item's block is not split). */
  keepTogether(lines: number) {
    if (this.y - (lines - 1) * LEADING < PAGE.margin) {
      this.page = this.doc.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - PAGE.margin;
    }
  }

  /** The reference and page number at the foot of every page. */
  footers(reference: string) {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      page.drawText(drawableText(this.font, `${reference} · Page ${index + 1} of ${pages.length}`), {
        x: PAGE.margin,
        y: PAGE.margin / 2,
        size: 8,
        font: this.font,
      });
    });
  }
}

/** The letter to one bureau, as PDF bytes. */
export async function renderLetter(
  letter: Pick<StoredDisputeLetter, 'bureau' | 'completionDate' | 'documentId' | 'round'> & { lines: readonly LetterLine[] },
  identity: LetterIdentity,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Dispute letter ${letter.documentId}`);
  doc.setSubject(`Request for reinvestigation under FCRA section 611 (${letter.bureau})`);
  doc.setCreationDate(new Date(`${letter.completionDate}T12:00:00.000Z`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const out = new LetterWriter(doc, font, bold);

  out.text(identity.name, { bold: true });
  for (const line of identity.addressLines) out.text(line);
  out.gap();
  out.text(longDate(letter.completionDate));
  out.gap();
  for (const line of BUREAU_DISPUTE_ADDRESSES[letter.bureau]) out.text(line);
  out.gap();
  out.text('Re: Request to investigate disputed information under FCRA §611 (15 U.S.C. §1681i)', { bold: true });
  out.text(`Reference: ${letter.documentId}${letter.round > 1 ? ` (dispute round ${letter.round})` : ''}`);
  out.gap();
  out.text(`Full name: ${identity.name}`);
  if (identity.addressLines.length > 0) out.text(`Current address: ${identity.addressLines.join(', ')}`);
  out.text(`Date of birth: ${identity.birthdate ? usDate(identity.birthdate) : 'not on file'}`);
  out.text(`Social Security number: ${identity.ssnLast4 ? `XXX-XX-${identity.ssnLast4}` : 'not on file'}`);
  out.gap();
  out.text('To whom it may concern:');
  out.gap(0.5);
  out.text(
    'I am writing to dispute the following information in my credit file. Each item below is inaccurate or ' +
      'incomplete for the reason given. Under section 611 of the Fair Credit Reporting Act (15 U.S.C. §1681i), I ' +
      `request that you conduct a reasonable reinvestigation of each item and, within ${BUREAU_RESPONSE_DAYS} days of ` +
      'receiving this letter, correct or delete any information that is inaccurate, incomplete or cannot be verified.',
  );
  out.gap();
  letter.lines.forEach((line, index) => {
    out.keepTogether(6);
    out.text(`${index + 1}. ${line.name} (${CATEGORY_TEXT[line.type]})`, { bold: true });
    out.text(`${line.entityType === 'inquiry' ? 'Inquiry' : line.entityType === 'publicRecord' ? 'Record' : 'Account'} id: ${line.recordIds.join(', ')}`, { indent: 14 });
    if (line.disputeId !== '') out.text(`Dispute reference: ${line.disputeId}`, { indent: 14 });
    if (line.balance !== null) out.text(`Balance reported: ${money(line.balance)}`, { indent: 14 });
    out.text(`Reason: ${REASON_TEXT[line.reason]}`, { indent: 14 });
    if (line.secondary.length > 0) {
      out.text(`Details: ${line.secondary.map((option) => SECONDARY_TEXT[option]).join('; ')}.`, { indent: 14 });
    }
    out.gap(0.5);
  });
  out.gap(0.5);
  out.text(
    'Please send me the results of your reinvestigation in writing, with a copy of my credit report if it ' +
      'changes, within 5 business days of completing it, as section 611(a)(6) of the Act requires. If you ' +
      'verify any item, please tell me how it was verified and give me the name, address and telephone number ' +
      'of anyone you contacted.',
  );
  out.gap();
  out.text('Sincerely,');
  out.gap(2);
  out.text(identity.name);
  out.footers(`${identity.name} · ${letter.documentId}`);
  return doc.save();
}

// ------------------------------------------------------------------------------------------- storage

function letterBucket() {
  const app = getApps()[0] ?? initializeApp();
  return getStorage(app).bucket();
}

/** The customer's identity for the letters: their CRM contact (the user document's name when it has none). */
export async function letterIdentityOf(uid: string): Promise<LetterIdentity> {
  const path = `${COLLECTIONS.users}/${uid}`;
  const user = parseStored(storedUserSchema, path, (await db().doc(path).get()).data() ?? {});
  const contactId = user.customer?.contactId;
  const contact = contactId ? await crm().getContact(contactId) : null;
  const fallback = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return identityFromContact(contact, fallback);
}

/**
 * Writes the PDF of every pending letter of `documentIds` (all pending ones when absent) and marks it written.
 * A letter that fails is logged (ids only, no personal data) and stays pending for the next try. Answers the
 * letters written now.
 */
export async function writePendingLetters(uid: string, documentIds?: readonly string[]): Promise<StoredDisputeLetter[]> {
  const snapshot = await disputeLettersRef(uid).where('status', '==', 'pending').get();
  const pending = snapshot.docs
    .filter((doc) => documentIds === undefined || documentIds.includes(doc.id))
    .map((doc) => ({ ref: doc.ref, letter: parseStored(storedDisputeLetterSchema, doc.ref.path, doc.data()) }));
  if (pending.length === 0) return [];
  let identity: LetterIdentity;
  try {
    identity = await letterIdentityOf(uid);
  } catch (error) {
    logger.error('dispute letters: the identity could not be read', { letters: pending.map(({ letter }) => letter.documentId), error: String(error) });
    return [];
  }
  const written: StoredDisputeLetter[] = [];
  for (const { ref, letter } of pending) {
    try {
      const bytes = await renderLetter(letter, identity);
      await letterBucket()
        .file(letter.storagePath)
        .save(Buffer.from(bytes), { contentType: 'application/pdf', resumable: false, metadata: { cacheControl: 'private, no-store' } });
      await ref.update({ status: 'written', writtenAt: Timestamp.now() });
      written.push({ ...letter, status: 'written' });
    } catch (error) {
      logger.error('dispute letter not written', {
        documentId: letter.documentId,
        bureau: letter.bureau,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return written;
}

/** The customer's written letters, newest first. */
export async function writtenLetters(uid: string): Promise<StoredDisputeLetter[]> {
  const snapshot = await disputeLettersRef(uid).get();
  return snapshot.docs
    .map((doc) => parseStored(storedDisputeLetterSchema, doc.ref.path, doc.data()))
    .filter((letter) => letter.status === 'written')
    .sort(
      (a, b) =>
        b.completionDate.localeCompare(a.completionDate) ||
        (millisOf(b.createdAt) ?? 0) - (millisOf(a.createdAt) ?? 0) ||
        BUREAUS.indexOf(a.bureau) - BUREAUS.indexOf(b.bureau),
    );
}

/** The stored PDF of a letter. */
export async function readLetterPdf(letter: StoredDisputeLetter): Promise<Buffer> {
  const [contents] = await letterBucket().file(letter.storagePath).download();
  return contents;
}
