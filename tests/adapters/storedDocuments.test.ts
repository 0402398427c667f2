// The functions parse the Firestore documents they read back (functions/src/platform/storedDocuments.ts) instead of casting
// them: a field that legitimately varies reads as missing or as the old reader's default, and a document that breaks
// what its writers guarantee is an error naming the document, not its values. Needs no emulator: the schemas are
// pure.
import { describe, expect, it } from 'vitest';
import { attemptOf, pullStatusOf, storedPull } from '../../functions/src/onboarding/creditPull';
import { formBody, formText } from '../../functions/src/providers/sandboxPages';
import { parseStored, storedAgreementSchema, storedContactSchema, storedInstitutionSchema, storedInvestigationSummarySchema, storedPreviousScoreSchema, storedUserInfoRatesSchema, storedUserInfoSchema, storedUserRoleSchema, storedUserSchema } from '../../functions/src/platform/storedDocuments';
import { creditFactsFromReport, storedCreditReportSchema } from '../../src/domain/creditFacts';

describe('stored documents as the functions read them', () => {
  it('refuses a userInfo document whose goal has no id, naming the document and the field but no value', () => {
    const corrupt = { goal: { type: 'mortgage_loan', properties: { purchaseCity: 'Secret City' } } };
    expect(() => parseStored(storedUserInfoSchema, 'userInfo/u-1', corrupt)).toThrow(/^stored document userInfo\/u-1 does not match its schema: goal\.id: /);
    expect(() => parseStored(storedUserInfoSchema, 'userInfo/u-1', corrupt)).not.toThrow(/Secret City/);
  });

  it('keeps everything a userInfo document carries besides what it checks, so a merged write loses nothing', () => {
    const createdAt = new Date(1_700_000_000_000);
    const stored = { goal: { id: 'g-1', type: 'legacy_goal', createdAt, properties: { purchasePrice: 1, legacyAnswer: 'x' } }, personalInfo: null, mortgageRate: 6.5, note: 'kept' };
    expect(parseStored(storedUserInfoSchema, 'userInfo/u-1', stored)).toEqual(stored);
  });

  it('reads odd rates as none', () => {
    expect(storedUserInfoRatesSchema.parse({ mortgageRate: '6.5', pmiRate: [{ savingsRatio: 'a' }] })).toEqual({ mortgageRate: null, taxRate: null, pmiRate: null });
  });

  it('reads odd user fields as missing and leaves the role to the claims schema', () => {
    const user = storedUserSchema.parse({ firstName: 42, customer: { contactId: 7, productLine: 'Freemium', agreedToPIIAt: true }, partner: 'odd' });
    expect(user).toEqual({ firstName: undefined, customer: { contactId: undefined, productLine: 'Freemium', agreedToPIIAt: undefined }, partner: undefined });
    expect(storedUserRoleSchema.parse(undefined)).toBe('customer');
    expect(() => parseStored(storedUserRoleSchema, 'users/u-1 role', 'owner')).toThrow(/users\/u-1 role/);
  });

  it('reads a status document with an unknown status as no pull, and a missing attempt as the first', () => {
    const pull = storedPull({ status: 'exploded', attempt: 'two', startedAt: new Date() });
    expect(pullStatusOf(pull)).toBe('none');
    expect(attemptOf(pull)).toBe(1);
    expect(pullStatusOf(storedPull(undefined))).toBe('none');
  });

  it('defaults the fields of a malformed investigation item as the Disputes step always did', () => {
    expect(storedInvestigationSummarySchema.parse({ name: null, accountBalance: 'a lot', viewed: 'yes', statuses: 'pending' })).toEqual({
      name: '',
      accountBalance: { amount: null },
      viewed: false,
      statuses: [],
      challengeReasonSelected: false,
    });
  });

  it('reads a connected institution with malformed accounts as one without accounts', () => {
    expect(storedInstitutionSchema.parse({ name: 'Bank', accounts: [{ id: 'a', type: 'gold' }] })).toEqual({ name: 'Bank', logoUrl: null, accounts: [] });
  });

  it('takes a malformed previous score as none', () => {
    expect(storedPreviousScoreSchema.parse({ displayScore: 'high' })).toBeUndefined();
    expect(storedPreviousScoreSchema.parse({ displayScore: 42 })).toEqual({ displayScore: 42 });
  });

  it('reads the missing fields of a sandbox contact as null, keeps the CRM fields it does not name, and refuses a malformed one', () => {
    const contact = parseStored(storedContactSchema, 'crm/sandbox/contacts/c-1', { FirstName: 'Ana', OwnerId: '005X' });
    expect(contact).toMatchObject({ FirstName: 'Ana', Email: null, Birthdate: null, OwnerId: '005X' });
    expect(() => parseStored(storedContactSchema, 'crm/sandbox/contacts/c-1', { FirstName: 42 })).toThrow(/crm\/sandbox\/contacts\/c-1 .*FirstName/);
  });

  it('takes a sandbox agreement without a contact as no agreement', () => {
    expect(storedAgreementSchema.safeParse({ signedAt: null }).success).toBe(false);
    expect(storedAgreementSchema.parse({ contactId: 'c-1', signedAt: 'soon', signerName: 3 })).toEqual({ contactId: 'c-1', signedAt: 'soon', signerName: null });
  });

  it('refuses a credit report whose accounts are not objects, and ignores fields of another type', () => {
    expect(storedCreditReportSchema.safeParse({ accounts: ['CAPITAL ONE'] }).success).toBe(false);
    const report = storedCreditReportSchema.parse({ reportSummary: { bureauSummary: [{ creditScore: '700' }, { creditScore: 650 }] }, accounts: null });
    expect(creditFactsFromReport(report)?.bureauScores).toEqual([650]);
  });

  it('reads a sandbox page form that is not a form as empty fields', () => {
    expect(formBody({ session: formText, institutionId: formText }, { body: 'session=1' })).toEqual({ session: '', institutionId: '' });
    expect(formBody({ session: formText }, { body: { session: ['a'] } })).toEqual({ session: '' });
  });
});
