import { describe, expect, it } from 'vitest';
import { customerContactResponseSchema, EDITABLE_CONTACT_FIELDS } from '../../src/contract/contact';
import { INLINE_CONTACT_FIELDS as MACHINE_INLINE_FIELDS } from '../../machines/settings/ports';
import { EDITABLE_CONTACT_FIELDS as DOMAIN_EDITABLE, INLINE_CONTACT_FIELDS } from '../../src/domain/contactFields';

describe('the editable contact fields, listed once', () => {
  it('are the same list in the contract and the domain, and the machines read the domain’s inline fields', () => {
    expect(EDITABLE_CONTACT_FIELDS).toBe(DOMAIN_EDITABLE);
    expect(MACHINE_INLINE_FIELDS).toBe(INLINE_CONTACT_FIELDS);
  });

  it('edit inline only fields updateCustomerContact accepts, and accept only fields of the contact', () => {
    for (const field of INLINE_CONTACT_FIELDS) expect(EDITABLE_CONTACT_FIELDS).toContain(field);
    const contactFields = Object.keys(customerContactResponseSchema.def.shape);
    for (const field of EDITABLE_CONTACT_FIELDS) expect(contactFields).toContain(field);
  });

  it('keep Email and MailingCountry read-only', () => {
    expect(EDITABLE_CONTACT_FIELDS).not.toContain('Email');
    expect(EDITABLE_CONTACT_FIELDS).not.toContain('MailingCountry');
  });
});
