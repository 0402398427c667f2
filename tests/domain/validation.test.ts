import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  US_STATES,
  addressSchema,
  birthdateSchema,
  digitsOnly,
  formatPhoneDisplay,
  formatSsn,
  isValidBirthdate,
  isValidPercent,
  isValidPhoneInput,
  isValidSsn,
  isValidZip,
  maskSsn,
  moneySchema,
  normalizePhone,
  parseMoney,
  phoneSchema,
  ssnSchema,
  zipSchema,
} from '../../src/domain/personalFields';
import {
  PASSWORD_CHECKLIST,
  PASSWORD_REQUIRED_KEY,
  emailSchema,
  isStrongPassword,
  isValidEmail,
  normalizeEmail,
  passwordChecks,
  passwordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
  supportCharactersLeft,
  supportRequestSchema,
} from '../../src/domain/validation';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('email', () => {
  it('lowercases and trims input', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it('accepts an address with an @ and a dot', () => {
    expect(isValidEmail('jane@example.com')).toBe(true);
  });

  it('rejects an email without a dot', () => {
    expect(isValidEmail('jane@example')).toBe(false);
  });

  it('rejects an email without an @', () => {
    expect(isValidEmail('jane.example.com')).toBe(false);
  });

  it('rejects fewer than 4 characters', () => {
    expect(isValidEmail('a@.')).toBe(false);
    expect(isValidEmail('a@.b')).toBe(true);
  });

  it('rejects more than 255 characters after trimming', () => {
    const at255 = `${'a'.repeat(243)}@example.com`;
    expect(at255).toHaveLength(255);
    expect(isValidEmail(`  ${at255}  `)).toBe(true);
    expect(isValidEmail(`a${at255}`)).toBe(false);
  });

  it('schema outputs the normalised address', () => {
    expect(emailSchema.parse(' Jane@Example.com ')).toBe('jane@example.com');
  });

  it("schema says 'Invalid email format' for a bad address or a non-string", () => {
    expect(firstMessage(emailSchema.safeParse('nope'))).toBe('Invalid email format');
    expect(firstMessage(emailSchema.safeParse(42))).toBe('Invalid email format');
  });
});

describe('password', () => {
  it('reports each checklist item separately', () => {
    expect(passwordChecks('abc')).toEqual({
      lowercase: true,
      uppercase: false,
      number: false,
      special: false,
      length: false,
    });
    expect(passwordChecks('ABC1!xyz')).toEqual({
      lowercase: true,
      uppercase: true,
      number: true,
      special: true,
      length: true,
    });
  });

  it('does not count whitespace as a special character', () => {
    expect(passwordChecks('Abc 1234').special).toBe(false);
  });

  it('lists the checklist labels in the spec order with keys matching the checks', () => {
    expect(PASSWORD_CHECKLIST.map((item) => item.label)).toEqual([
      'One lowercase',
      'One uppercase',
      'One number',
      'One special character',
      'Eight characters',
    ]);
    expect(PASSWORD_CHECKLIST.map((item) => item.key).sort()).toEqual(Object.keys(passwordChecks('')).sort());
  });

  it('is strong only when all five rules hold', () => {
    expect(isStrongPassword('Passw0rd!')).toBe(true);
    expect(isStrongPassword('Pass0rd!')).toBe(true);
    expect(isStrongPassword('Pas0rd!')).toBe(false);
    expect(isStrongPassword('password1!')).toBe(false);
    expect(isStrongPassword('PASSWORD1!')).toBe(false);
    expect(isStrongPassword('Password!!')).toBe(false);
    expect(isStrongPassword('Password11')).toBe(false);
  });

  it("schema rejects a weak password with 'password-requirements'", () => {
    expect(firstMessage(passwordSchema.safeParse('weak'))).toBe('password-requirements');
    expect(passwordSchema.safeParse('Str0ng!pw').success).toBe(true);
  });
});

describe('account forms', () => {
  it('sign-in needs a valid email and a non-empty password', () => {
    expect(signInSchema.safeParse({ email: 'A@B.co', password: 'x' })).toEqual({ success: true, data: { email: 'a@b.co', password: 'x' } });
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
    expect(signInSchema.safeParse({ email: 'bad', password: 'x' }).success).toBe(false);
  });

  it("checks the sign-in form as the zod email schema and a non-empty string would, field by field and with the same messages", () => {
    const zodSignIn = z.object({
      email: emailSchema,
      password: z.string({ error: PASSWORD_REQUIRED_KEY }).check(z.minLength(1, { message: PASSWORD_REQUIRED_KEY })),
    });
    const emails: unknown[] = ['a@b.co', ' Jane@Example.COM ', 'bad', '', 'a@b', 'ab.c', 'x'.repeat(300) + '@b.co', 42, null, undefined, ['a@b.co']];
    const passwords: unknown[] = ['x', '', ' ', 'Str0ng!pw', 0, null, undefined];
    const answer = (result: { success: boolean; data?: unknown; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }) =>
      result.success ? { data: result.data } : { issues: result.error?.issues.map(({ path, message }) => ({ path: [...path], message })) };
    for (const email of emails) {
      for (const password of passwords) {
        expect(answer(signInSchema.safeParse({ email, password })), JSON.stringify({ email, password })).toEqual(answer(zodSignIn.safeParse({ email, password })));
      }
    }
    expect(signInSchema.safeParse(null).success).toBe(false);
  });

  it('sign-up needs a strong password and the agree checkbox', () => {
    const ok = { email: 'jane@example.com', password: 'Str0ng!pw', agreed: true };
    expect(signUpSchema.safeParse(ok).success).toBe(true);
    expect(signUpSchema.safeParse({ ...ok, agreed: false }).success).toBe(false);
    expect(firstMessage(signUpSchema.safeParse({ ...ok, password: 'weakpass' }))).toBe('password-requirements');
  });

  it('password reset needs a valid non-empty email', () => {
    expect(resetRequestSchema.safeParse({ email: '' }).success).toBe(false);
    expect(resetRequestSchema.parse({ email: ' Jane@Example.com' })).toEqual({ email: 'jane@example.com' });
  });
});

describe('SSN', () => {
  it('keeps only digits', () => {
    expect(digitsOnly('123-45 6789')).toBe('123456789');
  });

  it('is valid when the digits contain 9 in a row, whatever the punctuation', () => {
    expect(isValidSsn('123-45-6789')).toBe(true);
    expect(isValidSsn('123 45 6789')).toBe(true);
    expect(isValidSsn('123-45-678')).toBe(false);
    expect(isValidSsn('')).toBe(false);
  });

  it('formats 3-2-4, also while typing', () => {
    expect(formatSsn('123456789')).toBe('123-45-6789');
    expect(formatSsn('12')).toBe('12');
    expect(formatSsn('1234')).toBe('123-4');
    expect(formatSsn('123456')).toBe('123-45-6');
    expect(formatSsn('1234567890')).toBe('123-45-6789');
  });

  it('masks all but the last four digits', () => {
    expect(maskSsn('123-45-6789')).toBe('***-**-6789');
    expect(maskSsn('12345')).toBe('***-**-****');
  });

  it("schema outputs 9 digits or fails with 'errors.field-validation.ssn-invalid'", () => {
    expect(ssnSchema.parse('123-45-6789')).toBe('123456789');
    expect(firstMessage(ssnSchema.safeParse('12-34'))).toBe('errors.field-validation.ssn-invalid');
  });
});

describe('phone', () => {
  it('stores the last 10 digits', () => {
    expect(normalizePhone('+1 (801) 555-1234')).toBe('8015551234');
    expect(normalizePhone('801-555-1234')).toBe('8015551234');
  });

  it('accepts exactly 000-000-0000 as typed input', () => {
    expect(isValidPhoneInput('801-555-1234')).toBe(true);
    expect(isValidPhoneInput('8015551234')).toBe(false);
    expect(isValidPhoneInput('(801) 555-1234')).toBe(false);
    expect(isValidPhoneInput('801-555-12345')).toBe(false);
  });

  it('displays 10 digits as (xxx) xxx-xxxx and 11 digits with +1', () => {
    expect(formatPhoneDisplay('8015551234')).toBe('(801) 555-1234');
    expect(formatPhoneDisplay('18015551234')).toBe('+1 (801) 555-1234');
    expect(formatPhoneDisplay('555-1234')).toBe('555-1234');
  });

  it('schema validates the typed format and outputs the stored digits', () => {
    expect(phoneSchema.parse('801-555-1234')).toBe('8015551234');
    expect(phoneSchema.safeParse('801.555.1234').success).toBe(false);
  });
});

describe('money', () => {
  it('parses whole amounts and up to 2 decimals', () => {
    expect(parseMoney('12')).toEqual({ ok: true, value: 12 });
    expect(parseMoney('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseMoney(' 12.34 ')).toEqual({ ok: true, value: 12.34 });
    expect(parseMoney(7.25)).toEqual({ ok: true, value: 7.25 });
  });

  it("rejects more than 2 decimals or non-digits with 'must be an amount'", () => {
    expect(parseMoney('12.345')).toEqual({ ok: false, error: 'must be an amount' });
    expect(parseMoney('abc')).toEqual({ ok: false, error: 'must be an amount' });
    expect(parseMoney('')).toEqual({ ok: false, error: 'must be an amount' });
    expect(parseMoney('1e3')).toEqual({ ok: false, error: 'must be an amount' });
    expect(parseMoney(Number.NaN)).toEqual({ ok: false, error: 'must be an amount' });
  });

  it("parses a minus sign and then rejects the amount with 'must be positive'", () => {
    expect(parseMoney('-5')).toEqual({ ok: false, error: 'must be positive' });
    expect(parseMoney('-0.01')).toEqual({ ok: false, error: 'must be positive' });
  });

  it("rejects zero with 'must be more than 0' unless zero is allowed", () => {
    expect(parseMoney('0')).toEqual({ ok: false, error: 'must be more than 0' });
    expect(parseMoney('0.00', { allowZero: true })).toEqual({ ok: true, value: 0 });
    expect(parseMoney('-0', { allowZero: true })).toEqual({ ok: true, value: 0 });
  });

  it('accepts the minimum of 0.01', () => {
    expect(parseMoney('0.01')).toEqual({ ok: true, value: 0.01 });
  });

  it('rounds to a whole number where the field asks for it', () => {
    expect(parseMoney('12.5', { round: true })).toEqual({ ok: true, value: 13 });
    expect(parseMoney('0.4', { round: true })).toEqual({ ok: false, error: 'must be more than 0' });
    expect(parseMoney('0.4', { round: true, allowZero: true })).toEqual({ ok: true, value: 0 });
  });

  it('schema outputs the amount or the money message', () => {
    expect(moneySchema().parse('10.10')).toBe(10.1);
    expect(moneySchema({ round: true }).parse('10.6')).toBe(11);
    expect(firstMessage(moneySchema().safeParse('-1'))).toBe('must be positive');
    expect(firstMessage(moneySchema().safeParse(true))).toBe('must be an amount');
  });

  it('accepts percents with at most 2 decimals', () => {
    expect(isValidPercent('6.25')).toBe(true);
    expect(isValidPercent(6.5)).toBe(true);
    expect(isValidPercent('6.125')).toBe(false);
    expect(isValidPercent(6.125)).toBe(false);
    expect(isValidPercent('six')).toBe(false);
  });
});

describe('ZIP', () => {
  it('accepts 5 digits and ZIP+4', () => {
    expect(isValidZip('84101')).toBe(true);
    expect(isValidZip('84101-1234')).toBe(true);
  });

  it('rejects other shapes', () => {
    expect(isValidZip('8410')).toBe(false);
    expect(isValidZip('841011234')).toBe(false);
    expect(isValidZip('84101-12')).toBe(false);
    expect(isValidZip('abcde')).toBe(false);
  });

  it('schema gives the spec message', () => {
    expect(firstMessage(zipSchema.safeParse('123'))).toBe('ZIP Code must be in the format: 12345 or 12345-6789');
    expect(zipSchema.parse(' 84101 ')).toBe('84101');
  });
});

describe('birthdate', () => {
  const today = new Date(2025, 5, 15, 14, 30);

  it('accepts someone exactly 12 years old today, rejects one day younger', () => {
    expect(isValidBirthdate(new Date(2013, 5, 15), today)).toBe(true);
    expect(isValidBirthdate(new Date(2013, 5, 16), today)).toBe(false);
  });

  it('accepts someone exactly 120 years old today, rejects one day older', () => {
    expect(isValidBirthdate(new Date(1905, 5, 15), today)).toBe(true);
    expect(isValidBirthdate(new Date(1905, 5, 14), today)).toBe(false);
  });

  it('reads YYYY-MM-DD strings as calendar days and rejects impossible dates', () => {
    expect(isValidBirthdate('1990-02-28', today)).toBe(true);
    expect(isValidBirthdate('1990-02-30', today)).toBe(false);
    expect(isValidBirthdate('not a date', today)).toBe(false);
    expect(isValidBirthdate(new Date('invalid'), today)).toBe(false);
  });

  it('handles a leap-day today', () => {
    const leapDay = new Date(2024, 1, 29);
    expect(isValidBirthdate('2012-02-29', leapDay)).toBe(true);
    expect(isValidBirthdate('2012-03-01', leapDay)).toBe(false);
  });

  it('schema uses the given today', () => {
    expect(birthdateSchema(today).safeParse('1990-01-01').success).toBe(true);
    expect(firstMessage(birthdateSchema(today).safeParse('2020-01-01'))).toBe(
      'errors.field-validation.birthdate-invalid',
    );
  });
});

describe('address', () => {
  const address = { street1: '1 Main St', city: 'Provo', stateCode: 'UT', zip: '84601' };

  it('lists the 50 states plus DC once each', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(US_STATES.some((s) => s.code === 'DC')).toBe(true);
  });

  it('accepts an address with an optional second street line', () => {
    expect(addressSchema.safeParse(address).success).toBe(true);
    expect(addressSchema.safeParse({ ...address, street2: 'Apt 2' }).success).toBe(true);
  });

  it('rejects a field over 255 characters', () => {
    expect(addressSchema.safeParse({ ...address, city: 'x'.repeat(255) }).success).toBe(true);
    expect(addressSchema.safeParse({ ...address, city: 'x'.repeat(256) }).success).toBe(false);
  });

  it('rejects a state code outside the list', () => {
    expect(addressSchema.safeParse({ ...address, stateCode: 'PR' }).success).toBe(false);
  });
});

describe('support request', () => {
  it('needs a trimmed description of 4 to 500 characters and a valid email', () => {
    expect(supportRequestSchema.parse({ message: '  Help  ', email: 'A@b.co' })).toEqual({
      message: 'Help',
      email: 'a@b.co',
    });
    expect(supportRequestSchema.safeParse({ message: '  abc ', email: 'a@b.co' }).success).toBe(false);
    expect(supportRequestSchema.safeParse({ message: 'x'.repeat(500), email: 'a@b.co' }).success).toBe(true);
    expect(supportRequestSchema.safeParse({ message: 'x'.repeat(501), email: 'a@b.co' }).success).toBe(false);
    expect(supportRequestSchema.safeParse({ message: 'Help me', email: 'nope' }).success).toBe(false);
  });

  it('counts the characters left out of 500', () => {
    expect(supportCharactersLeft('')).toBe(500);
    expect(supportCharactersLeft('Hello')).toBe(495);
  });
});
