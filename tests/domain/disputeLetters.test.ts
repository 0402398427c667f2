// The dispute letter's PDF (functions/src/disputes/disputeLetters.ts), read back with pdf.js: the
// customer's identity with the SSN masked to its last four digits, the bureau's dispute address, each item with its
// reason in words and its record id, the FCRA §611 request; names in any script are drawn (letters the standard font
// lacks are replaced), and a long letter runs over pages with their numbers.
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // The functions' settings module refuses to load without a project; the letters need no provider here.
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

import { identityFromContact, renderLetter, type LetterIdentity } from '../../functions/src/disputes/disputeLetters';
import type { LetterLine } from '../../functions/src/disputes/disputeLifecycle';
import { pdfPages } from '../support/pdfText';

const CONTACT = {
  FirstName: 'Zoë',
  MiddleName: 'Łucja',
  LastName: 'Hernández 李',
  MailingStreet: '2150 Desert Willow Dr',
  MailingCity: 'Henderson',
  MailingStateCode: 'NV',
  MailingPostalCode: '89074',
  Birthdate: '1988-07-14',
  Social_Security_Number__c: '666-12-6789',
};

function line(index: number, extra: Partial<LetterLine> = {}): LetterLine {
  return {
    itemId: `inv-${index}`,
    name: `CREDITOR ${index}`,
    type: 'COLLECTIONS_TRADELINE',
    entityType: 'account',
    reason: 'paid_in_full',
    secondary: [],
    recordIds: [`TRANSUNION-acct-${index}`],
    disputeId: `DSP-TU-20261126-${String(index).padStart(2, '0')}`,
    balance: 1_635.5,
    ...extra,
  };
}

const LETTER = { bureau: 'TRANSUNION' as const, completionDate: '2026-11-26', documentId: 'LTR-TU-20261126-01', round: 1 };

describe('the dispute letter', () => {
  const identity: LetterIdentity = identityFromContact(CONTACT, 'fallback');

  it('names the customer with the SSN masked, never the full number', async () => {
    expect(identity).toEqual({
      name: 'Zoë Łucja Hernández 李',
      addressLines: ['2150 Desert Willow Dr', 'Henderson, NV 89074'],
      birthdate: '1988-07-14',
      ssnLast4: '6789',
    });
    const { pages } = await pdfPages(await renderLetter({ ...LETTER, lines: [line(1)] }, identity));
    const text = pages.join('\n');
    expect(text).toContain('Zoë Lucja Hernández ?');
    expect(text).toContain('Social Security number: XXX-XX-6789');
    expect(text).not.toMatch(/666\D?12\D?6789/);
    expect(text).toContain('Date of birth: 07/14/1988');
    expect(text).toContain('Current address: 2150 Desert Willow Dr, Henderson, NV 89074');
    expect(text).toContain('November 26, 2026');
  });

  it("is addressed to the bureau's dispute address and asks for a §611 reinvestigation within 30 days", async () => {
    const { pages } = await pdfPages(await renderLetter({ ...LETTER, lines: [line(1)] }, identity));
    const text = pages.join('\n');
    for (const part of ['TransUnion Consumer Solutions', 'P.O. Box 2000', 'Chester, PA 19016', 'FCRA §611', '15 U.S.C. §1681i', 'within 30 days']) {
      expect(text).toContain(part);
    }
  });

  it('lists each item with its record id, dispute reference, balance, reason and secondary reasons in words', async () => {
    const lines = [
      line(1),
      line(2, { type: 'RECENT_INQUIRY', entityType: 'inquiry', reason: 'identity_theft', secondary: ['police_report_filed', 'unknown_creditor'], balance: null }),
    ];
    const text = (await pdfPages(await renderLetter({ ...LETTER, lines }, identity))).pages.join('\n');
    expect(text).toContain('1. CREDITOR 1 (Collection / charged-off account)');
    expect(text).toContain('Account id: TRANSUNION-acct-1');
    expect(text).toContain('Dispute reference: DSP-TU-20261126-01');
    expect(text).toContain('Balance reported: $1,635.50');
    expect(text).toContain('Reason: This account was paid in full.');
    expect(text).toContain('2. CREDITOR 2 (Inquiry)');
    expect(text).toContain('Inquiry id: TRANSUNION-acct-2');
    expect(text).toContain('Reason: This item results from identity theft.');
    expect(text).toContain('Details: a police report was filed; I do not know this creditor.');
  });

  it('says when no date of birth or SSN is on file, and uses the account name without a contact', async () => {
    const bare = identityFromContact(null, 'Pat Doe');
    expect(bare).toEqual({ name: 'Pat Doe', addressLines: [], birthdate: null, ssnLast4: null });
    const text = (await pdfPages(await renderLetter({ ...LETTER, lines: [line(1)] }, bare))).pages.join('\n');
    expect(text).toContain('Date of birth: not on file');
    expect(text).toContain('Social Security number: not on file');
  });

  it('runs a long letter over numbered pages without splitting an item', async () => {
    const lines = Array.from({ length: 20 }, (_, index) => line(index + 1));
    const { pages, numPages } = await pdfPages(await renderLetter({ ...LETTER, round: 2, lines }, identity));
    expect(numPages).toBeGreaterThan(1);
    pages.forEach((page, index) => expect(page).toContain(`LTR-TU-20261126-01 · Page ${index + 1} of ${numPages}`));
    for (const item of lines) {
      const page = pages.find((text) => text.includes(`${item.name} (`));
      expect(page, item.name).toContain(`Dispute reference: ${item.disputeId}`);
    }
    expect(pages.join('\n')).toContain('(dispute round 2)');
    expect(pages.at(-1)).toContain('Sincerely,');
  });

  it('replaces what the standard font cannot draw instead of failing', async () => {
    const named = { ...identity, name: 'Peña Müller Łódź Đorđe 王 🙂' };
    const lines = [line(1, { name: 'ACME §611 – “QUOTED” € CO\tLTD' })];
    const text = (await pdfPages(await renderLetter({ ...LETTER, lines }, named))).pages.join('\n');
    expect(text).toContain('Peña Müller Lódz Dorde ? ?');
    expect(text).toContain('ACME §611 – “QUOTED” € CO LTD');
  });
});
