// Deployment settings of the functions, read once from the environment (checked in environment.ts).
import { DEFAULT_LENDER_NAME } from '../../../src/domain/companyAffiliation';
import { environment } from './environment';

/** The site this backend serves (the spec's `{product}` site id; ARCHITECTURE.md conventions). */
export const SITE_ID = process.env.SITE_ID ?? 'APP';
export const TENANT_ID = process.env.TENANT_ID ?? 'customer';
/**
 * The tenant the project's default Auth pool stands for (the client's FirebaseAdapterConfig.defaultTenantId): the
 * customer site's users carry no Firebase Auth tenant; partner sites' users carry theirs (spec 000 §4.1, §7).
 */
export const DEFAULT_POOL_TENANT_ID = 'customer';

/** Where the links in account emails point (the app's /handle page); required in production. */
export const APP_URL = environment.appUrl;

/** The Web API key for the Identity Toolkit REST calls outside the emulator. */
export const WEB_API_KEY = process.env.WEB_API_KEY ?? 'demo-api-key';

/** A password reset link is good for one hour (Firebase's own default for reset codes). */
export const PASSWORD_RESET_LINK_TTL_MS = 60 * 60 * 1_000;

/** An email recovery link is good for three days. */
export const EMAIL_RECOVERY_LINK_TTL_MS = 3 * 24 * 60 * 60 * 1_000;

/** The product line a self-signed-up customer starts on (spec 000 §3.2). */
export const DEFAULT_PRODUCT_LINE = 'Primary';

/**
 * The lender whose name in a contact's Broker_Company_Name__c makes the customer company-affiliated (spec 000 §6;
 * src/domain/companyAffiliation.ts).
 */
export const LENDER_NAME = process.env.LENDER_NAME?.trim() || DEFAULT_LENDER_NAME;
