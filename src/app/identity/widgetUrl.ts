import type { ArrayUserToken, IdentitySection } from '../../contract/identity';

// The identity-protection widget's address: the vendor's widget (the local sandbox page outside production) with
// the customer's user token, the section to open and the app's language as a US locale.

export function identityWidgetUrl(token: ArrayUserToken, section: IdentitySection, language: string): string {
  const url = new URL(token.widgetUrl);
  url.searchParams.set('userToken', token.userToken);
  url.searchParams.set('section', section);
  url.searchParams.set('locale', language.toLowerCase().startsWith('es') ? 'es-US' : 'en-US');
  return url.toString();
}
