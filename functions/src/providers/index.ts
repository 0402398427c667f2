// The one place providers are chosen (ARCHITECTURE.md Backend): the sandbox is the embedded default; a real
// implementation is configured per provider with CRM_PROVIDER / MAIL_PROVIDER.
import { db } from '../admin';
import type { CrmProvider } from './crm';
import { FirestoreCrmSandbox } from './firestoreCrmSandbox';
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

export type { CrmProvider, ContactFields } from './crm';
export type { AccountMail, AccountMailKind, MailProvider } from './mail';
