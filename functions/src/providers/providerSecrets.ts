// The Secret Manager secrets of the outside services this deployment uses (docs/deploy.md, "Secrets"), bound to
// every callable so that a handler reaching a provider finds its credentials. Only the selected providers' secrets:
// the emulators and a deployment still on sandboxes declare none.
import type { SecretParam } from 'firebase-functions/params';
import { CARD_GATEWAY_SECRETS } from '../billing/gateway';
import { SALESFORCE_PROVIDER, salesforceSecrets } from './crmSalesforceConfig';
import { SMTP_PROVIDER, smtpSecrets } from './mailSmtpConfig';

export function providerSecrets(env: NodeJS.ProcessEnv = process.env): SecretParam[] {
  return [
    ...CARD_GATEWAY_SECRETS,
    ...(env.CRM_PROVIDER === SALESFORCE_PROVIDER ? salesforceSecrets() : []),
    ...(env.MAIL_PROVIDER === SMTP_PROVIDER ? smtpSecrets() : []),
  ];
}
