// Identity protection (spec 000 §7 getArrayUserToken, §8 the identity widget's error). The
// identity-protection vendor's widget is shown in a sandboxed frame on /identity/*; the app asks the functions for
// the customer's user token (enrolling the customer with the vendor the first time) and gives it to the widget.
import { z } from 'zod/mini';

/** The widget's sections: each is a page of /identity/* (the route names the section the widget opens on). */
export const IDENTITY_SECTIONS = ['alerts', 'monitoring', 'credit-lock'] as const;
export type IdentitySection = (typeof IDENTITY_SECTIONS)[number];

/** The vendor's user token: opaque to the app, 32 to 128 URL-safe characters. */
export const identityUserTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/));

/**
 * getArrayUserToken's answer: the customer's user token and where the vendor serves its widget (the local sandbox
 * page outside production). The app caches it without expiry (spec 000 §9); a token the widget no longer accepts
 * makes the widget tell the app, which asks again.
 */
export const arrayUserTokenResponseSchema = z.object({
  userToken: identityUserTokenSchema,
  widgetUrl: z.url({ protocol: /^https?$/ }),
});
export type ArrayUserToken = z.output<typeof arrayUserTokenResponseSchema>;

/** The message type the widget posts to the app (origin-checked by the app): loaded, or the token refused. */
export const IDENTITY_WIDGET_MESSAGE = 'identity.widget';
export type IdentityWidgetEvent =
  | { type: typeof IDENTITY_WIDGET_MESSAGE; event: 'loaded'; section: IdentitySection; alerts: number }
  | { type: typeof IDENTITY_WIDGET_MESSAGE; event: 'token-refused' };

/** The widget's message, or null for anything else (or anything malformed). */
export function identityWidgetEventOf(data: unknown): IdentityWidgetEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, event, section, alerts } = data as Record<string, unknown>;
  if (type !== IDENTITY_WIDGET_MESSAGE) return null;
  if (event === 'token-refused') return { type: IDENTITY_WIDGET_MESSAGE, event };
  if (event === 'loaded' && IDENTITY_SECTIONS.includes(section as IdentitySection) && typeof alerts === 'number' && Number.isInteger(alerts) && alerts >= 0) {
    return { type: IDENTITY_WIDGET_MESSAGE, event, section: section as IdentitySection, alerts };
  }
  return null;
}
