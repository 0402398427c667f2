import { describe, expect, it } from 'vitest';
import { areAllAuthorizationsTicked, areAuthorizationsAccepted, authorizationsUpdate, hasRequiredAuthorizations, initialAuthorizations, shownAuthorizationBoxes, withAllAuthorizations } from '../../src/domain/authorizations';
import { NEW_CONTACT_AUTHORIZATIONS } from '../support/authorizationRecords';

const blank = NEW_CONTACT_AUTHORIZATIONS;

describe('authorizations (spec 002 §4, §5)', () => {
  it('starts with nothing ticked for a new contact', () => {
    expect(initialAuthorizations(blank)).toEqual({
      consentToBeContacted: false,
      canLoanFromAnyone: false,
      agreeToPII: false,
      shareInfo: false,
      smsOptIn: false,
    });
  });

  it('takes the starting state from the contact and customer records', () => {
    const boxes = initialAuthorizations({
      DoNotCall: false,
      Allow_Referral_Update__c: true,
      Round_Opt_In__c: true,
      SMS_Opt_out__c: false,
      hasMobilePhone: true,
      agreedToPIIAt: '2026-01-02T00:00:00.000Z',
    });
    expect(boxes).toEqual({ consentToBeContacted: true, canLoanFromAnyone: true, agreeToPII: true, shareInfo: true, smsOptIn: true });
    expect(areAuthorizationsAccepted({ agreedToPIIAt: new Date() })).toBe(true);
    expect(areAuthorizationsAccepted({ agreedToPIIAt: null })).toBe(false);
  });

  it('shows the SMS opt-in only when the contact has a mobile phone', () => {
    expect(shownAuthorizationBoxes(false)).toEqual(['consentToBeContacted', 'canLoanFromAnyone', 'agreeToPII', 'shareInfo']);
    expect(shownAuthorizationBoxes(true)).toContain('smsOptIn');
    expect(initialAuthorizations({ ...blank, SMS_Opt_out__c: false }).smsOptIn).toBe(false);
  });

  it('blocks submit until the three required boxes are ticked', () => {
    const two = { ...withAllAuthorizations(false, true), consentToBeContacted: true, canLoanFromAnyone: true };
    expect(hasRequiredAuthorizations(two)).toBe(false);
    expect(authorizationsUpdate(two, true)).toBeNull();
    expect(hasRequiredAuthorizations({ ...two, agreeToPII: true })).toBe(true);
  });

  it('agree-all ticks every shown box, and is on only when all are ticked', () => {
    expect(withAllAuthorizations(true, false).smsOptIn).toBe(false);
    expect(areAllAuthorizationsTicked(withAllAuthorizations(true, false), false)).toBe(true);
    expect(areAllAuthorizationsTicked(withAllAuthorizations(true, false), true)).toBe(false);
  });

  it('sends the SMS opt-in inverted, as an opt-out, and only with a mobile phone', () => {
    const required = { ...withAllAuthorizations(false, true), consentToBeContacted: true, canLoanFromAnyone: true, agreeToPII: true };
    expect(authorizationsUpdate({ ...required, smsOptIn: true }, true)).toEqual({
      DoNotCall: false,
      Allow_Referral_Update__c: true,
      agreedToPII: true,
      Round_Opt_In__c: false,
      SMS_Opt_out__c: false,
    });
    expect(authorizationsUpdate({ ...required, smsOptIn: false, shareInfo: true }, true)).toMatchObject({
      Round_Opt_In__c: true,
      SMS_Opt_out__c: true,
    });
    expect(authorizationsUpdate(required, false)).not.toHaveProperty('SMS_Opt_out__c');
  });
});
