import { describe, expect, it } from 'vitest';
import { openSsn, DEMO_SSN_KEY } from '../../functions/src/platform/ssnEncryption';
import { SERVER_ONLY_USER_FIELDS, userDocumentSchema, userSecretsDocumentSchema } from '../../src/contract/userDocument';
import { parseUserDocument } from '../../src/adapters/firebase/userDocument';
import { buildSeed } from '../../seed/data';
import { demoAccount } from '../../seed/accounts';

// The demo data's user documents (spec 000 §3.1, §3.2) as the contract declares them, and the encrypted SSN kept in
// the server-only userSecrets/{uid}, never in the document the customer reads (firestore.rules).
const seed = buildSeed();
const userDocuments = seed.documents.filter((document) => /^users\/[^/]+$/.test(document.path));

describe('the demo user documents', () => {
  it('all hold to the contract', () => {
    expect(userDocuments.length).toBeGreaterThan(5);
    for (const document of userDocuments) {
      const parsed = userDocumentSchema.safeParse(document.data);
      expect(parsed.success ? [] : parsed.error.issues, document.path).toEqual([]);
    }
  });

  it('carry no server-only field', () => {
    for (const document of userDocuments) {
      for (const field of SERVER_ONLY_USER_FIELDS) expect(document.data, document.path).not.toHaveProperty(field);
    }
  });

  it("give the premium customer the fields a customer has, and the partner a partner's and their table settings", () => {
    const byUid = (key: Parameters<typeof demoAccount>[0]) => {
      const uid = demoAccount(key).uid;
      return parseUserDocument(uid, userDocuments.find((document) => document.path === `users/${uid}`)?.data);
    };
    const premium = byUid('premiumCustomer');
    expect(premium).toMatchObject({ phone: '7025550142', phoneNonMobile: '7025550160', dateBirth: '1988-07-14', idcsEnrollmentId: 'IDCS-DEMO-000001', inPurchasingPhase: false });
    expect(premium.comfortType).toEqual({ creditReportPage: 'comfortable', creditDashboard: 'comfortable' });
    const partner = byUid('partner');
    expect(partner.partner?.flyer?.companyName).toBe('Summit Home Lending');
    expect(partner.tableSettings).toEqual({ assessment: true, progress: true, myNotes: false, coachingNotes: true, contact: true });
  });

  it("keep the premium customer's SSN sealed in userSecrets, opening to the CRM contact's", () => {
    const uid = demoAccount('premiumCustomer').uid;
    const secrets = userSecretsDocumentSchema.parse(seed.documents.find((document) => document.path === `userSecrets/${uid}`)?.data);
    const contactSsn = seed.documents.find((document) => document.path === 'crm/sandbox/contacts/003DEMOPREMIUM001')?.data.Social_Security_Number__c;
    expect(openSsn(secrets.ssnEncrypted ?? '', DEMO_SSN_KEY)).toBe(contactSsn);
  });

  it('seal the same value on every load', () => {
    const again = buildSeed().documents.filter((document) => document.path.startsWith('userSecrets/'));
    expect(again).toEqual(seed.documents.filter((document) => document.path.startsWith('userSecrets/')));
  });
});
