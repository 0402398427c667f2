// The support phone as a link dials it: the digits of the displayed number behind the US country code.

/** 000-000-0000 → tel:+10000000000. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}
