import { describe, expect, it } from 'vitest';
import { mapCardError } from '../../src/domain/cardErrors';

type Answer = [input: Parameters<typeof mapCardError>[0], field: ReturnType<typeof mapCardError>];

describe('card error mapping', () => {
  it.each<[string, Answer[]]>([
    ['maps E_WC_05 and 17 to the card number', [['E_WC_05', 'cardNumber'], ['17', 'cardNumber'], [17, 'cardNumber']]],
    ['maps E_WC_06 to the month and E_WC_07 to the year', [['E_WC_06', 'month'], ['E_WC_07', 'year']]],
    [
      'maps the expiration texts to the expiration date, in any case and inside a longer message',
      [['The credit card expiration date invalid.', 'expirationDate'], ['The credit card has expired.', 'expirationDate'], ['CARD HAS EXPIRED', 'expirationDate']],
    ],
    ['maps E_WC_15, 65 and 45 to the security code', [['E_WC_15', 'cardCode'], ['65', 'cardCode'], [45, 'cardCode']]],
    ['maps E_WC_17 to the name, not to the card number like 17', [['E_WC_17', 'fullName']]],
    [
      'maps codes 2 and 11 and the duplicate text to a duplicate transaction',
      [['2', 'duplicateTransaction'], [11, 'duplicateTransaction'], ['A Duplicate Transaction has been submitted.', 'duplicateTransaction']],
    ],
    ['reads a code at the start of a provider message', [['E_WC_05: Please provide valid credit card number.', 'cardNumber'], [' e_wc_06 ', 'month']]],
    ['does not match a code that merely appears inside other text or numbers', [['12', null], ['E_WC_050', null], ['Error 2 occurred', null]]],
    ['returns null for anything unknown or missing', [['E_WC_99', null], ['declined', null], ['', null], [undefined, null]]],
  ])('%s', (_behaviour, answers) => {
    for (const [input, field] of answers) expect(mapCardError(input)).toBe(field);
  });
});
