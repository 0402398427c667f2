// The CRM link-in callable's shapes (spec 000 §2.2, §7 createSalesforceToken).
import { z } from 'zod/mini';
import { idSchema } from './common';

/** CRM session ids are long opaque strings (an org id, '!', then the session). */
export const CRM_SESSION_ID_MAX_LENGTH = 512;

export const createSalesforceTokenRequestSchema = z.strictObject({
  userId: idSchema,
  sessionId: z.string().check(z.minLength(1), z.maxLength(CRM_SESSION_ID_MAX_LENGTH)),
  contactId: idSchema,
});

/** A custom token the client signs in with. */
export const customTokenResponseSchema = z.object({ token: z.string().check(z.minLength(1)) });
