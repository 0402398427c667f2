import { describe, expect, it } from 'vitest';
import { QUICK_SIGN_UP_LINK_TTL_MS } from '../../src/domain/constants';
import { isQuickSignUpLinkExpired, quickSignUpDecision, type QuickSignUpContact } from '../../src/domain/quickSignUp';

const NOW = Date.parse('2026-11-02T12:00:00.000Z');
const contact = (fields: Partial<QuickSignUpContact> = {}): QuickSignUpContact => ({
  contractSignLink: 'https://esign.example/sign/abc',
  email: 'lead@example.com',
  isContractSigned: false,
  hasAccount: false,
  quickSignUpEmailTimestamp: new Date(NOW - 60_000),
  ...fields,
});

describe('quick sign-up (spec 002 §4)', () => {
  it('expires a link older than 3 days (259,200,000 ms)', () => {
    expect(QUICK_SIGN_UP_LINK_TTL_MS).toBe(259_200_000);
    expect(isQuickSignUpLinkExpired(new Date(NOW - QUICK_SIGN_UP_LINK_TTL_MS), NOW)).toBe(false);
    expect(isQuickSignUpLinkExpired(new Date(NOW - QUICK_SIGN_UP_LINK_TTL_MS - 1), NOW)).toBe(true);
    expect(isQuickSignUpLinkExpired(null, NOW)).toBe(false);
    const old = new Date(NOW - 4 * 24 * 3_600_000).toISOString();
    expect(quickSignUpDecision(contact({ quickSignUpEmailTimestamp: old }), NOW)).toEqual({ kind: 'expired' });
  });

  it('sends a contact that already has an account to sign-in with its email', () => {
    expect(quickSignUpDecision(contact({ hasAccount: true, isContractSigned: true }), NOW)).toEqual({ kind: 'signIn', email: 'lead@example.com' });
    // The server does not reveal the email of a contact that has an account: sign-in, not filled in.
    expect(quickSignUpDecision(contact({ hasAccount: true, email: null }), NOW)).toEqual({ kind: 'signIn', email: '' });
  });

  it('shows the sign-up form with the email once the contract is signed', () => {
    expect(quickSignUpDecision(contact({ isContractSigned: true }), NOW)).toEqual({ kind: 'signUp', email: 'lead@example.com' });
  });

  it('otherwise prompts to sign the contract with its link', () => {
    expect(quickSignUpDecision(contact(), NOW)).toEqual({
      kind: 'signContract',
      email: 'lead@example.com',
      contractSignLink: 'https://esign.example/sign/abc',
    });
  });

  it('shows not found without an email or without a contact', () => {
    expect(quickSignUpDecision(contact({ email: null }), NOW)).toEqual({ kind: 'notFound' });
    expect(quickSignUpDecision(contact({ email: ' ' }), NOW)).toEqual({ kind: 'notFound' });
    expect(quickSignUpDecision(null, NOW)).toEqual({ kind: 'notFound' });
  });

  it('shows the error with contact options when there is no contract link to sign', () => {
    expect(quickSignUpDecision(contact({ contractSignLink: null }), NOW)).toEqual({ kind: 'noContractLink', email: 'lead@example.com' });
  });
});
