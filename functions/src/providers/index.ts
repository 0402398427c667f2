// The one place providers are chosen (ARCHITECTURE.md Backend): the sandbox is the embedded default; a real
// implementation is configured per provider with CRM_PROVIDER / MAIL_PROVIDER / ESIGN_PROVIDER /
// CREDIT_DATA_PROVIDER / BANK_LINK_PROVIDER.
import { db } from '../admin';
import type { BankLinkProvider } from './bankLink';
import type { CreditDataProvider } from './creditData';
import { CreditDataSandbox } from './creditDataSandbox';
import type { CrmProvider } from './crm';
import type { ESignProvider } from './esign';
import { FirestoreBankLinkSandbox } from './firestoreBankLinkSandbox';
import { FirestoreCrmSandbox } from './firestoreCrmSandbox';
import { FirestoreESignSandbox } from './firestoreESignSandbox';
import { FirestoreMailSandbox } from './firestoreMailSandbox';
import type { MailProvider } from './mail';

function choose<T>(kind: string, setting: string | undefined, implementations: Record<string, () => T>): T {
  const name = setting ?? 'sandbox';
  const make = implementations[name];
  if (!make) throw new Error(`unknown ${kind} provider '${name}' (known: ${Object.keys(implementations).join(', ')})`);
  return make();
}

let crmProvider: CrmProvider | undefined;
let mailProvider: MailProvider | undefined;

export function crm(): CrmProvider {
  crmProvider ??= choose<CrmProvider>('CRM', process.env.CRM_PROVIDER, { sandbox: () => new FirestoreCrmSandbox(db) });
  return crmProvider;
}

export function mail(): MailProvider {
  mailProvider ??= choose<MailProvider>('mail', process.env.MAIL_PROVIDER, {
    sandbox: () => new FirestoreMailSandbox(db),
  });
  return mailProvider;
}

let esignProvider: ESignProvider | undefined;
let creditDataProvider: CreditDataProvider | undefined;
let bankLinkProvider: BankLinkProvider | undefined;

export function esign(): ESignProvider {
  esignProvider ??= choose<ESignProvider>('e-sign', process.env.ESIGN_PROVIDER, { sandbox: () => new FirestoreESignSandbox(db) });
  return esignProvider;
}

export function creditData(): CreditDataProvider {
  creditDataProvider ??= choose<CreditDataProvider>('credit data', process.env.CREDIT_DATA_PROVIDER, {
    sandbox: () => new CreditDataSandbox(),
  });
  return creditDataProvider;
}

export function bankLink(): BankLinkProvider {
  bankLinkProvider ??= choose<BankLinkProvider>('bank link', process.env.BANK_LINK_PROVIDER, {
    sandbox: () => new FirestoreBankLinkSandbox(db),
  });
  return bankLinkProvider;
}

export type { CrmProvider, ContactFields, CrmSession } from './crm';
export type { AccountMail, AccountMailKind, MailProvider } from './mail';
export type { BankLinkProvider, Institution } from './bankLink';
export type { CreditDataProvider, CreditSubject } from './creditData';
export type { ESignProvider, SigningFlow } from './esign';
