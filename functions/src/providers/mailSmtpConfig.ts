// The settings of the SMTP mail adapter (MAIL_PROVIDER=smtp). The password is a Secret Manager secret bound to the
// functions (`defineSecret`); Firebase exposes a bound secret as an environment variable of the same name.
import { defineSecret } from 'firebase-functions/params';
import { z } from 'zod/mini';
import type { DeploymentSetting } from './crmSalesforceConfig';

/** The name MAIL_PROVIDER takes for this adapter. */
export const SMTP_PROVIDER = 'smtp';

/** Every setting the adapter reads (scripts/check-production reads this list). */
export const SMTP_SETTINGS: readonly DeploymentSetting[] = [
  { name: 'SMTP_HOST', secret: false, required: true, description: "the mail server's host name, e.g. smtp.sendgrid.net" },
  { name: 'SMTP_PORT', secret: false, required: false, description: '587 (the default, STARTTLS) or 465 (TLS from the start)' },
  {
    name: 'SMTP_TLS',
    secret: false,
    required: false,
    description: "'starttls' (default; the server must offer STARTTLS), 'implicit' (default on port 465), or 'none' (only for a server on 127.0.0.1/localhost)",
  },
  { name: 'SMTP_USER', secret: false, required: false, description: 'the SMTP user name; unset for a server that takes mail without AUTH' },
  { name: 'SMTP_PASSWORD', secret: true, required: false, description: 'the SMTP password (required when SMTP_USER is set)' },
  { name: 'MAIL_FROM', secret: false, required: true, description: 'the From address, e.g. "Credit Readiness <no-reply@example.com>"' },
];

/** The setting names (for scripts/check-production). */
export const SMTP_SETTING_NAMES = SMTP_SETTINGS.map((setting) => setting.name);

/** The secrets as Firebase params, for a function's `secrets: [...]` option; made on first call, not at import. */
export function smtpSecrets() {
  return SMTP_SETTINGS.filter((setting) => setting.secret).map((setting) => defineSecret(setting.name));
}

export interface SmtpConfig {
  host: string;
  port: number;
  tls: 'starttls' | 'implicit' | 'none';
  auth: { user: string; pass: string } | null;
  from: string;
}

const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];

const schema = z.object({
  SMTP_HOST: z.string().check(z.regex(/^[A-Za-z0-9.:-]+$/, 'must be a host name')),
  SMTP_PORT: z.optional(z.string().check(z.regex(/^\d{1,5}$/, 'must be a port number'))),
  SMTP_TLS: z.optional(z.enum(['starttls', 'implicit', 'none'])),
  SMTP_USER: z.optional(z.string()),
  SMTP_PASSWORD: z.optional(z.string()),
  MAIL_FROM: z.string().check(z.regex(/@/, 'must be an email address, optionally with a display name')),
});

/** Reads and checks the settings; throws naming every missing or invalid one. */
export function readSmtpConfig(env: Record<string, string | undefined> = process.env): SmtpConfig {
  const raw: Record<string, string | undefined> = {};
  for (const { name } of SMTP_SETTINGS) raw[name] = env[name]?.trim() || undefined;
  const parsed = schema.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')} ${raw[String(issue.path[0])] === undefined ? 'is unset' : issue.message}`);
  if (parsed.success) {
    const settings = parsed.data;
    if (settings.SMTP_USER && !settings.SMTP_PASSWORD) problems.push('SMTP_PASSWORD is unset (SMTP_USER is set)');
    if (settings.SMTP_TLS === 'none' && !LOOPBACK.includes(settings.SMTP_HOST)) problems.push("SMTP_TLS 'none' is only for a server on this machine");
  }
  if (!parsed.success || problems.length > 0) throw new Error(`MAIL_PROVIDER=${SMTP_PROVIDER} needs its settings: ${problems.join('; ')}.`);
  const settings = parsed.data;
  const port = settings.SMTP_PORT ? Number(settings.SMTP_PORT) : 587;
  return {
    host: settings.SMTP_HOST,
    port,
    tls: settings.SMTP_TLS ?? (port === 465 ? 'implicit' : 'starttls'),
    auth: settings.SMTP_USER ? { user: settings.SMTP_USER, pass: settings.SMTP_PASSWORD ?? '' } : null,
    from: settings.MAIL_FROM,
  };
}
