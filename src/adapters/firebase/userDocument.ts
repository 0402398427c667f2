import { z } from 'zod/mini';
import type { UserDocument } from '../../../machines/ports';

// The users/{uid} document parsed for the shell (spec 000 §3.1/§3.2, §5). Loaded with the Firestore SDK, when a
// signed-in page subscribes to the document (./liveData.ts), not with the sign-in page's start-up code.

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** A nullish field read as the value or null. */
function orNull<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(z.nullish(schema), z.transform((value: z.output<T> | null | undefined) => value ?? null));
}
const optionalText = z.catch(orNull(z.string()), null);
const date = z.pipe(z.optional(z.unknown()), z.transform(toDate));

// spec 000 §3.1/§3.2: the user document fields the app shows. Parsed leniently: one malformed field must not hide
// the document (spec 000 §5: a mismatch is only logged in dev environments).
const userDocumentSchema = z.object({
  siteId: optionalText,
  tenantId: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  email: optionalText,
  lastSignIn: date,
  setupComplete: z.catch(
    z.pipe(z.nullish(z.boolean()), z.transform((value: boolean | null | undefined) => value === true)),
    false,
  ),
  customer: z.catch(
    orNull(
      z.object({
        contactId: optionalText,
        productLine: optionalText,
        subscriptionStatus: optionalText,
        agreedToPIIAt: date,
      }),
    ),
    null,
  ),
  degradedAccess: z.catch(orNull(z.object({ expiration: date })), null),
  settings: z.catch(z.nullish(z.object({ ui: z.nullish(z.object({ lang: z.nullish(z.enum(['en', 'es'])) })) })), null),
  security: z.catch(z.nullish(z.object({ weakPassword: z.nullish(z.boolean()), passwordResetRequired: z.nullish(z.boolean()) })), null),
  // A malformed test state reads as none (the runner then starts at the plan list).
  testPlan: z.catch(
    orNull(
      z.object({
        testPlanId: z.string().check(z.minLength(1)),
        currentStep: z.number().check(z.int(), z.gte(0)),
        stepStatus: z.enum(['idle', 'in-progress', 'error']),
        error: z.catch(orNull(z.string()), null),
        stepStartedAtMs: z.catch(orNull(z.number()), null),
      }),
    ),
    null,
  ),
});

export function parseUserDocument(uid: string, data: unknown): UserDocument {
  const parsed = userDocumentSchema.parse(data ?? {});
  return {
    uid,
    siteId: parsed.siteId,
    tenantId: parsed.tenantId,
    lastSignIn: parsed.lastSignIn,
    firstName: parsed.firstName,
    lastName: parsed.lastName,
    email: parsed.email,
    setupComplete: parsed.setupComplete,
    productLine: parsed.customer?.productLine ?? null,
    customerContactId: parsed.customer?.contactId ?? null,
    subscriptionStatus: parsed.customer?.subscriptionStatus ?? null,
    authorizationsAcceptedAt: parsed.customer?.agreedToPIIAt ?? null,
    degradedAccess: parsed.degradedAccess,
    uiLang: parsed.settings?.ui?.lang ?? null,
    security: {
      weakPassword: parsed.security?.weakPassword === true,
      passwordResetRequired: parsed.security?.passwordResetRequired === true,
    },
    testPlan: parsed.testPlan,
  };
}

