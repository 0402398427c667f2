// The CRM port's behaviour, one suite for every CRM (the Salesforce adapter against the local Salesforce org in
// tests/server/crmSalesforce.test.ts; the Firestore sandbox can run it under the emulators with the same hooks):
// contacts (spec 000 §3.4), the link-in's session and sharing checks (spec 000 §2.2, §7 createSalesforceToken),
// documents filed on the contact (spec 001 §3).
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CrmProvider } from '../../functions/src/providers/crm';

export interface CrmUnderTest {
  crm: CrmProvider;
  /** A CRM user; answers the user id. */
  addUser(profile: 'System Administrator' | 'Standard User'): Promise<string>;
  /** A current session of the user; answers the session id. */
  openSession(userId: string): Promise<string>;
  /** A session of the user that has expired by now; answers the session id. */
  expiredSession(userId: string): Promise<string>;
  /** Makes the user the contact's owner. */
  setOwner(contactId: string, userId: string): Promise<void>;
  /** A well-formed contact id the CRM does not hold. */
  unknownContactId: string;
}

let emails = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${(emails += 1)}@customer.test`;

export function describeCrmPort(name: string, setup: () => CrmUnderTest): void {
  describe(`the CRM port (${name})`, () => {
    it('keeps a new contact with the given fields and the US as its country, and finds it by email', async () => {
      const { crm } = setup();
      const email = uniqueEmail('ana');
      const created = await crm.createContact({
        Email: email,
        FirstName: 'Ana',
        LastName: 'Lopez',
        Birthdate: '1990-04-02',
        Allow_Referral_Update__c: true,
        Quick_Sign_Up_Email_Timestamp__c: '2026-12-01T10:30:00.000Z',
      });
      expect(created.Id).toMatch(/^003/);
      const read = await crm.getContact(created.Id);
      expect(read).toMatchObject({
        Id: created.Id,
        Email: email,
        FirstName: 'Ana',
        LastName: 'Lopez',
        Birthdate: '1990-04-02',
        MailingCountry: 'US',
        Allow_Referral_Update__c: true,
      });
      expect(Date.parse(String(read?.Quick_Sign_Up_Email_Timestamp__c))).toBe(Date.parse('2026-12-01T10:30:00.000Z'));
      expect((await crm.findContactByEmail(email))?.Id).toBe(created.Id);
      expect(await crm.findContactByEmail(uniqueEmail('nobody'))).toBeNull();
    });

    it('answers no contact for an id it does not hold', async () => {
      const { crm, unknownContactId } = setup();
      expect(await crm.getContact(unknownContactId)).toBeNull();
    });

    it('applies an update to the given fields only and returns the whole record', async () => {
      const { crm } = setup();
      const created = await crm.createContact({ Email: uniqueEmail('ben'), FirstName: 'Ben', LastName: 'Cho', MobilePhone: '7755550100' });
      const updated = await crm.updateContact(created.Id, {
        DoNotCall: true,
        Round_Opt_In__c: true,
        Do_Not_SMS__c: false,
        MobilePhone: null,
        Credit_Pull_Date__c: '2026-12-07',
      });
      expect(updated).toMatchObject({
        Id: created.Id,
        FirstName: 'Ben',
        LastName: 'Cho',
        DoNotCall: true,
        Round_Opt_In__c: true,
        Do_Not_SMS__c: false,
        MobilePhone: null,
        Credit_Pull_Date__c: '2026-12-07',
      });
      expect(await crm.getContact(created.Id)).toMatchObject({ DoNotCall: true, MobilePhone: null });
    });

    it("accepts a user's current session and refuses someone else's, an expired or an unknown one", async () => {
      const under = setup();
      const [coach, other] = await Promise.all([under.addUser('Standard User'), under.addUser('Standard User')]);
      const session = await under.openSession(coach);
      const now = new Date();
      expect(await under.crm.validateSession(session, coach, now)).toEqual({ userId: coach });
      expect(await under.crm.validateSession(session, other, now)).toBeNull();
      expect(await under.crm.validateSession(await under.expiredSession(coach), coach, now)).toBeNull();
      expect(await under.crm.validateSession('00D000000000001!AQnot-a-session', coach, now)).toBeNull();
      expect(await under.crm.validateSession('', coach, now)).toBeNull();
    });

    it("lets the contact's owner and an administrator see the contact, and no other user", async () => {
      const under = setup();
      const [owner, admin, stranger] = await Promise.all([
        under.addUser('Standard User'),
        under.addUser('System Administrator'),
        under.addUser('Standard User'),
      ]);
      const contact = await under.crm.createContact({ Email: uniqueEmail('cara'), LastName: 'Diaz' });
      await under.setOwner(contact.Id, owner);
      expect(await under.crm.mayUserAccessContact(owner, contact.Id)).toBe(true);
      expect(await under.crm.mayUserAccessContact(admin, contact.Id)).toBe(true);
      expect(await under.crm.mayUserAccessContact(stranger, contact.Id)).toBe(false);
      expect(await under.crm.mayUserAccessContact(owner, under.unknownContactId)).toBe(false);
    });

    it('files a document on the contact, a new version when filed again, and removes it', async () => {
      const { crm } = setup();
      const contact = await crm.createContact({ Email: uniqueEmail('dee'), LastName: 'Ely' });
      const document = {
        documentId: `doc${Date.now()}`,
        name: 'paystub.pdf',
        category: 'Income',
        fileType: 'Paystub',
        year: 2026,
        documentDate: '2026-11-30',
        mimeType: 'application/pdf',
        fileSize: 5,
      };
      const bytes = Buffer.from('%PDF-first');
      const first = await crm.uploadDocument(contact.Id, document, () => Readable.from([bytes]));
      expect(first.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      const again = Buffer.from('%PDF-second version');
      const second = await crm.uploadDocument(contact.Id, document, () => Readable.from([again.subarray(0, 6), again.subarray(6)]));
      expect(second.sha256).toBe(createHash('sha256').update(again).digest('hex'));
      expect(second.contentVersionId).not.toBe(first.contentVersionId);
      await crm.removeDocument(contact.Id, document.documentId);
      await expect(crm.removeDocument(contact.Id, document.documentId)).resolves.toBeUndefined();
    });
  });
}
