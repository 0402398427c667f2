import { describe, expect, it } from 'vitest';
import { parseUserDocument } from '../../src/adapters/firebase/userDocument';
import { PARTNER_FLYER_FIELDS, userDocumentSchema } from '../../src/contract/userDocument';

describe('the user document as the app reads it', () => {
  it('reads a new account that has never stored a last sign-in', () => {
    const user = parseUserDocument('u-1', { siteId: 'APP', tenantId: 'customer', email: 'new@demo.test' });
    expect(user.lastSignIn).toBeNull();
    expect(user.email).toBe('new@demo.test');
    expect(user.setupComplete).toBe(false);
  });

  it('turns stored times into dates', () => {
    const user = parseUserDocument('u-1', { lastSignIn: '2026-01-15T15:00:00.000Z', customer: { agreedToPIIAt: 1_700_000_000_000 } });
    expect(user.lastSignIn).toEqual(new Date('2026-01-15T15:00:00.000Z'));
    expect(user.authorizationsAcceptedAt).toEqual(new Date(1_700_000_000_000));
  });

  it('keeps the rest of the document when one field is malformed', () => {
    const user = parseUserDocument('u-1', { firstName: 42, lastName: 'Lopez', customer: { productLine: 'Freemium' } });
    expect(user.firstName).toBeNull();
    expect(user.lastName).toBe('Lopez');
    expect(user.productLine).toBe('Freemium');
  });

  it('reads the test state (users/{uid}.testPlan), and a malformed one as none', () => {
    expect(parseUserDocument('u-1', { testPlan: { testPlanId: 'plan', currentStep: 2, stepStatus: 'in-progress', stepStartedAtMs: 5 } }).testPlan).toEqual({
      testPlanId: 'plan',
      currentStep: 2,
      stepStatus: 'in-progress',
      error: null,
      stepStartedAtMs: 5,
    });
    expect(parseUserDocument('u-1', { testPlan: { testPlanId: 'plan', currentStep: -1, stepStatus: 'idle' } }).testPlan).toBeNull();
    expect(parseUserDocument('u-1', {}).testPlan).toBeNull();
  });
});

// spec 000 §3.1, §3.2: the fields the contract declares (src/contract/userDocument.ts), read by the app's own parse.
describe('the user document fields of the contract, as the app reads them', () => {
  const stored = {
    phone: '+1 (702) 555-0142',
    phone_nonMobile: '17025550160',
    dateBirth: '1988-07-14',
    address: { street1: '2150 Desert Willow Dr', city: 'Henderson', stateCode: 'NV', zip: '89074' },
    customer: { contactId: '003C', idcsEnrollmentId: 'IDCS-1', inPurchasingPhase: true, productLine: 'Primary' },
    partner: {
      contactId: '003P',
      nmlsId: '1456789',
      dateOnboarding: '2026-05-01T00:00:00.000Z',
      termsAndConditions: { dateAccepted: '2026-05-02T00:00:00.000Z' },
      smsOptOut: true,
      isAbleToSeeClientsInExtendedTimeRange: false,
      reporteesCanSubmitLeads: true,
      partnerFlyerMetadata: { companyName: 'Summit Home Lending', title: 'Senior Loan Officer' },
    },
    settings: {
      ui: { lang: 'es' },
      tableSettings: { assessment: true, myNotes: false },
      creditReportPage: { comfortType: 'dense' },
      creditDashboard: { comfortType: 'veryComfortable' },
    },
  };

  it('is a document the contract accepts', () => {
    expect(userDocumentSchema.safeParse(stored).success).toBe(true);
  });

  it('reads the phones as their last 10 digits, as the contract keeps them', () => {
    const user = parseUserDocument('u-1', stored);
    const contract = userDocumentSchema.parse(stored);
    expect(user.phone).toBe('7025550142');
    expect(user.phoneNonMobile).toBe('7025550160');
    expect([user.phone, user.phoneNonMobile]).toEqual([contract.phone, contract.phone_nonMobile]);
  });

  it('reads the birth date, the address, the identity enrolment and the purchasing phase', () => {
    const user = parseUserDocument('u-1', stored);
    expect(user.dateBirth).toBe('1988-07-14');
    expect(user.address).toEqual({ street1: '2150 Desert Willow Dr', street2: null, city: 'Henderson', stateCode: 'NV', zip: '89074' });
    expect(user.idcsEnrollmentId).toBe('IDCS-1');
    expect(user.inPurchasingPhase).toBe(true);
    expect(parseUserDocument('u-1', { customer: { contactId: '003C' } }).inPurchasingPhase).toBe(false);
  });

  it("reads a partner's fields and flyer, and none on a customer's document", () => {
    const partner = parseUserDocument('u-1', stored).partner;
    expect(partner).toMatchObject({
      contactId: '003P',
      nmlsId: '1456789',
      dateOnboarding: new Date('2026-05-01T00:00:00.000Z'),
      termsAcceptedAt: new Date('2026-05-02T00:00:00.000Z'),
      smsOptOut: true,
      isAbleToSeeClientsInExtendedTimeRange: false,
      reporteesCanSubmitLeads: true,
    });
    expect(partner?.flyer?.companyName).toBe('Summit Home Lending');
    expect(partner?.flyer?.logoName).toBeNull();
    expect(Object.keys(partner?.flyer ?? {}).sort()).toEqual([...PARTNER_FLYER_FIELDS].sort());
    expect(parseUserDocument('u-1', { customer: {} }).partner).toBeNull();
  });

  it('reads the table settings and each page’s density', () => {
    const user = parseUserDocument('u-1', stored);
    expect(user.uiLang).toBe('es');
    expect(user.tableSettings).toEqual({ assessment: true, myNotes: false });
    expect(user.comfortType).toEqual({ creditReportPage: 'dense', creditDashboard: 'veryComfortable' });
    expect(parseUserDocument('u-1', {}).comfortType).toEqual({ creditReportPage: null, creditDashboard: null });
  });

  it('reads a malformed field as none where the contract refuses it, and keeps the rest', () => {
    const malformed = {
      phone: 7025550142,
      dateBirth: '14/07/1988',
      address: { street1: 'x'.repeat(256), city: 'Henderson' },
      settings: { ui: { lang: 'fr' }, tableSettings: { assessment: 'yes', progress: true }, creditReportPage: { comfortType: 'cozy' } },
    };
    for (const field of Object.keys(malformed) as (keyof typeof malformed)[]) {
      expect(userDocumentSchema.safeParse({ [field]: malformed[field] }).success, field).toBe(false);
    }
    const user = parseUserDocument('u-1', { ...malformed, firstName: 'Maria' });
    expect(user.firstName).toBe('Maria');
    expect(user.phone).toBeNull();
    expect(user.dateBirth).toBeNull();
    expect(user.address).toEqual({ street1: null, street2: null, city: 'Henderson', stateCode: null, zip: null });
    expect(user.uiLang).toBeNull();
    expect(user.tableSettings).toEqual({ progress: true });
    expect(user.comfortType.creditReportPage).toBeNull();
  });
});
