// The one place providers are chosen (ARCHITECTURE.md Backend): a real implementation is configured per provider
// with CRM_PROVIDER / MAIL_PROVIDER / ESIGN_PROVIDER / CREDIT_DATA_PROVIDER / BANK_LINK_PROVIDER / KBA_PROVIDER /
// BUREAU_RESPONSE_PROVIDER / IDENTITY_PROTECTION_PROVIDER. The settings are read and checked once in platform/environment.ts: the sandbox is the default
// only outside production; in production the functions do not start with a provider unset or 'sandbox'.
import { db } from '../platform/admin';
import { environment, SANDBOX, type ProviderSetting } from '../platform/environment';
import type { BankLinkProvider } from '../money/bankLink';
import type { BureauResponseProvider } from '../disputes/bureauResponse';
import { BureauResponseSandbox } from '../disputes/bureauResponseSandbox';
import type { CreditDataProvider } from '../credit/creditData';
import { CreditDataSandbox } from '../credit/creditDataSandbox';
import type { ContentProvider } from '../content/content';
import { FirestoreContentSandbox } from '../content/contentSandbox';
import type { CrmProvider } from './crm';
import { SalesforceCrm } from './crmSalesforce';
import { SALESFORCE_PROVIDER } from './crmSalesforceConfig';
import type { ESignProvider } from '../onboarding/esign';
import type { KbaProvider } from '../credit/kba';
import { FirestoreKbaSandbox } from '../credit/kbaSandbox';
import { FirestoreBankLinkSandbox } from '../money/firestoreBankLinkSandbox';
import { FirestoreCrmSandbox } from './firestoreCrmSandbox';
import { FirestoreESignSandbox } from '../onboarding/firestoreESignSandbox';
import { FirestoreMailSandbox } from './firestoreMailSandbox';
import type { MailProvider } from './mail';
import { SmtpMail } from './mailSmtp';
import { SMTP_PROVIDER } from './mailSmtpConfig';
import type { IdentityProtectionProvider } from '../identity/identityProtection';
import { FirestoreIdentityProtectionSandbox } from '../identity/identityProtectionSandbox';
import type { FaultProvider } from '../../../src/contract/devTools';
import { withProviderFaults } from './faults';

/** `fault`: the name a developer's provider fault uses for this port (faults.ts); its sandbox is made faultable. */
function choose<T extends object>(
  kind: string,
  setting: ProviderSetting,
  implementations: Record<string, () => T>,
  fault?: FaultProvider,
  local: readonly (keyof T & string)[] = [],
): T {
  const name = environment.providers[setting];
  // platform/environment.ts already refuses this; a second check where the sandbox would be made costs nothing.
  if (name === SANDBOX && environment.production) throw new Error(`the ${kind} sandbox is not allowed in production (${setting})`);
  const make = implementations[name];
  if (!make) throw new Error(`unknown ${kind} provider '${name}' in ${setting} (known: ${Object.keys(implementations).join(', ')})`);
  return name === SANDBOX && fault ? withProviderFaults(fault, make(), local) : make();
}

let crmProvider: CrmProvider | undefined;
let mailProvider: MailProvider | undefined;
let salesforceCrmProvider: SalesforceCrm | undefined;

/** The Salesforce adapter, one per process (one cached access token for contacts and billing records alike). */
export function salesforceCrm(): SalesforceCrm {
  salesforceCrmProvider ??= new SalesforceCrm();
  return salesforceCrmProvider;
}

export function crm(): CrmProvider {
  crmProvider ??= choose<CrmProvider>('CRM', 'CRM_PROVIDER', {
    sandbox: () => new FirestoreCrmSandbox(db),
    [SALESFORCE_PROVIDER]: salesforceCrm,
  }, 'crm');
  return crmProvider;
}

export function mail(): MailProvider {
  mailProvider ??= choose<MailProvider>('mail', 'MAIL_PROVIDER', {
    sandbox: () => new FirestoreMailSandbox(db),
    [SMTP_PROVIDER]: () => new SmtpMail(),
  }, 'mail');
  return mailProvider;
}

let esignProvider: ESignProvider | undefined;
let creditDataProvider: CreditDataProvider | undefined;
let bankLinkProvider: BankLinkProvider | undefined;

export function esign(): ESignProvider {
  esignProvider ??= choose<ESignProvider>('e-sign', 'ESIGN_PROVIDER', { sandbox: () => new FirestoreESignSandbox(db) }, 'esign');
  return esignProvider;
}

export function creditData(): CreditDataProvider {
  creditDataProvider ??= choose<CreditDataProvider>('credit data', 'CREDIT_DATA_PROVIDER', {
    sandbox: () => new CreditDataSandbox(),
  }, 'creditData', ['simulatorWidgetUrl']);
  return creditDataProvider;
}

export function bankLink(): BankLinkProvider {
  bankLinkProvider ??= choose<BankLinkProvider>('bank link', 'BANK_LINK_PROVIDER', {
    sandbox: () => new FirestoreBankLinkSandbox(db),
  }, 'bankLink');
  return bankLinkProvider;
}

let kbaProvider: KbaProvider | undefined;

/** The identity vendor behind the KBA check (spec 001 §2 "Identity check"). */
export function kba(): KbaProvider {
  kbaProvider ??= choose<KbaProvider>('KBA', 'KBA_PROVIDER', { sandbox: () => new FirestoreKbaSandbox(db) }, 'kba');
  return kbaProvider;
}

let bureauResponseProvider: BureauResponseProvider | undefined;

/** The bureaus' answers to the disputes sent (spec 001 §4: receipt, answer, reinsertion per item and bureau). */
export function bureauResponse(): BureauResponseProvider {
  bureauResponseProvider ??= choose<BureauResponseProvider>('bureau response', 'BUREAU_RESPONSE_PROVIDER', {
    sandbox: () => new BureauResponseSandbox(),
  });
  return bureauResponseProvider;
}

let contentProvider: ContentProvider | undefined;

/**
 * The learning and support articles' content service (spec 002 §7). Chosen with CONTENT_PROVIDER
 * (sandbox by default outside production; the sandbox is refused in production like every other one).
 */
export function content(): ContentProvider {
  if (contentProvider) return contentProvider;
  const name = process.env.CONTENT_PROVIDER?.trim() || SANDBOX;
  if (name === SANDBOX && environment.production) {
    throw new Error('the content sandbox is not allowed in production (CONTENT_PROVIDER)');
  }
  const implementations: Record<string, () => ContentProvider> = { sandbox: () => withProviderFaults('content', new FirestoreContentSandbox(db)) };
  const make = implementations[name];
  if (!make) throw new Error(`unknown content provider '${name}' in CONTENT_PROVIDER (known: ${Object.keys(implementations).join(', ')})`);
  contentProvider = make();
  return contentProvider;
}

let identityProtectionProvider: IdentityProtectionProvider | undefined;

/** The identity-protection vendor behind /identity/* (spec 000 §7 getArrayUserToken). */
export function identityProtection(): IdentityProtectionProvider {
  identityProtectionProvider ??= choose<IdentityProtectionProvider>('identity protection', 'IDENTITY_PROTECTION_PROVIDER', {
    sandbox: () => new FirestoreIdentityProtectionSandbox(db),
  }, 'identityProtection', ['widgetUrl']);
  return identityProtectionProvider;
}

export type { ContentProvider } from '../content/content';
export type { IdentityProtectionProvider, IdentitySubject } from '../identity/identityProtection';
export { CrmUnavailableError, type CrmProvider, type ContactFields, type CrmSession } from './crm';
export type { AccountMail, AccountMailKind, MailProvider } from './mail';
export type { BankLinkProvider, Institution } from '../money/bankLink';
export type { CreditDataProvider, CreditSubject } from '../credit/creditData';
export type { ESignProvider, SigningFlow } from '../onboarding/esign';
export { KbaVendorError, type KbaProvider, type KbaQuestionSet, type KbaScore, type KbaSubject } from '../credit/kba';
export type { BureauEvent, BureauResponseItem, BureauResponseProvider } from '../disputes/bureauResponse';
