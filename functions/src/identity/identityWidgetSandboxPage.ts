// The sandbox identity-protection widget (spec 000 §7 getArrayUserToken): the vendor's widget as
// its test environment serves it, embedded by /identity/* in a sandboxed frame. The app loads
//
//   GET {widgetUrl}?userToken=…&section=alerts|monitoring|credit-lock&locale=en-US|es-US
//
// with the token of getArrayUserToken. The page checks the token as the vendor would (it exists and has not
// expired) and shows the enrolled customer's section: their monitoring alerts (identityProtectionSandbox.ts
// identityAlerts: built from their credit report and email), what is monitored, or the credit locks per bureau
// (POST userToken, section=credit-lock, locale, bureau, locked=true|false locks or unlocks one). Each page tells the
// app, and only the app (providers/sandboxPages.ts notifyParentScript), { type: 'identity.widget', event: 'loaded', section, alerts };
// a token it refuses, { type: 'identity.widget', event: 'token-refused' }, so the app asks for a new one.
import { logger } from 'firebase-functions';
import { onRequest, type Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { IDENTITY_SECTIONS, IDENTITY_WIDGET_MESSAGE, type IdentitySection, type IdentityWidgetEvent } from '../../../src/contract/identity';
import { BUREAUS, type Bureau } from '../../../src/domain/creditReportRecords';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import { db } from '../platform/admin';
import { storedCreditReport } from '../credit/creditOrders';
import {
  creditLocks,
  FirestoreIdentityProtectionSandbox,
  identityAlerts,
  maskEmail,
  type IdentityAlert,
  type StoredIdentityEnrolment,
} from './identityProtectionSandbox';
import { millisOf } from '../platform/timestamps';
import { APP_URL } from '../platform/config';
import { escapeHtml, formBody, formText, notifyParentScript, page, sendWidgetPage } from '../providers/sandboxPages';

type Locale = 'en' | 'es';
const BUREAU_NAMES: Record<Bureau, string> = { EQUIFAX: 'Equifax', EXPERIAN: 'Experian', TRANSUNION: 'TransUnion' };

interface Texts {
  sandbox: string;
  titles: Record<IdentitySection, string>;
  intros: Record<IdentitySection, string>;
  noAlerts: string;
  severity: Record<IdentityAlert['severity'], string>;
  alertTitle: (alert: IdentityAlert) => string;
  alertDetail: (alert: IdentityAlert, bureaus: string) => string;
  reportedBy: string;
  monitored: { email: string; address: string; files: string; since: string; none: string; noReport: string };
  lock: { locked: string; unlocked: string; lock: (bureau: string) => string; unlock: (bureau: string) => string; changed: (bureau: string, locked: boolean) => string; since: string };
  expired: string;
  expiredHint: string;
  failed: string;
}

const en: Texts = {
  sandbox: 'Identity protection sandbox',
  titles: { alerts: 'Alerts', monitoring: 'What we monitor', 'credit-lock': 'Credit lock' },
  intros: {
    alerts: 'Changes we found in your credit files and on breach lists, newest first.',
    monitoring: 'We watch these for changes every day and alert you when something new appears.',
    'credit-lock': 'A lock stops new lenders from opening your credit file at that bureau. Unlock it before you apply for credit.',
  },
  noAlerts: 'No alerts. We will let you know when something changes.',
  severity: { high: 'High', medium: 'Medium', low: 'Low' },
  alertTitle: (alert) =>
    ({ inquiry: `New inquiry from ${alert.subject}`, 'new-account': `New account opened: ${alert.subject}`, address: 'Address change reported', breach: 'Your email appeared in a breach list (sandbox)' })[alert.kind],
  alertDetail: (alert, bureaus) =>
    ({
      inquiry: `${bureaus} reported a hard inquiry. If you did not apply for credit with ${alert.subject}, contact them and consider locking your credit.`,
      'new-account': `${bureaus} reported a new account. If you did not open it, contact ${alert.subject} at once.`,
      address: `${bureaus} reported ${alert.subject} as your current address. If you did not move there, contact the bureau.`,
      breach: `Your email was found in the ${alert.subject} breach list. Change that site's password and any other account that uses it.`,
    })[alert.kind],
  reportedBy: 'Reported by',
  monitored: {
    email: 'Email address',
    address: 'Addresses on your credit files',
    files: 'Credit files',
    since: 'Monitoring since',
    none: 'None reported yet',
    noReport: 'Your credit files are monitored once your first credit report is in.',
  },
  lock: {
    locked: 'Locked',
    unlocked: 'Unlocked',
    lock: (bureau) => `Lock ${bureau}`,
    unlock: (bureau) => `Unlock ${bureau}`,
    changed: (bureau, locked) => `${bureau} is now ${locked ? 'locked' : 'unlocked'}.`,
    since: 'Since',
  },
  expired: 'This session has expired.',
  expiredHint: 'The page will open a new session.',
  failed: 'Something went wrong. Please try again.',
};

const es: Texts = {
  sandbox: 'Protección de identidad (sandbox)',
  titles: { alerts: 'Alertas', monitoring: 'Lo que vigilamos', 'credit-lock': 'Bloqueo de crédito' },
  intros: {
    alerts: 'Cambios que encontramos en sus archivos de crédito y en listas de filtraciones, los más recientes primero.',
    monitoring: 'Vigilamos esto todos los días y le avisamos cuando aparece algo nuevo.',
    'credit-lock': 'Un bloqueo impide que nuevos prestamistas abran su archivo de crédito en esa agencia. Desbloquéelo antes de solicitar crédito.',
  },
  noAlerts: 'No hay alertas. Le avisaremos cuando algo cambie.',
  severity: { high: 'Alta', medium: 'Media', low: 'Baja' },
  alertTitle: (alert) =>
    ({ inquiry: `Nueva consulta de ${alert.subject}`, 'new-account': `Nueva cuenta abierta: ${alert.subject}`, address: 'Cambio de dirección reportado', breach: 'Su correo apareció en una lista de filtraciones (sandbox)' })[alert.kind],
  alertDetail: (alert, bureaus) =>
    ({
      inquiry: `${bureaus} reportó una consulta dura. Si no solicitó crédito con ${alert.subject}, comuníquese con ellos y considere bloquear su crédito.`,
      'new-account': `${bureaus} reportó una cuenta nueva. Si usted no la abrió, comuníquese con ${alert.subject} de inmediato.`,
      address: `${bureaus} reportó ${alert.subject} como su dirección actual. Si no se mudó allí, comuníquese con la agencia.`,
      breach: `Su correo se encontró en la lista de filtraciones de ${alert.subject}. Cambie la contraseña de ese sitio y de cualquier otra cuenta que la use.`,
    })[alert.kind],
  reportedBy: 'Reportado por',
  monitored: {
    email: 'Correo electrónico',
    address: 'Direcciones en sus archivos de crédito',
    files: 'Archivos de crédito',
    since: 'Vigilancia desde',
    none: 'Ninguna reportada todavía',
    noReport: 'Sus archivos de crédito se vigilan cuando llegue su primer informe de crédito.',
  },
  lock: {
    locked: 'Bloqueado',
    unlocked: 'Desbloqueado',
    lock: (bureau) => `Bloquear ${bureau}`,
    unlock: (bureau) => `Desbloquear ${bureau}`,
    changed: (bureau, locked) => `${bureau} ahora está ${locked ? 'bloqueado' : 'desbloqueado'}.`,
    since: 'Desde',
  },
  expired: 'Esta sesión ha vencido.',
  expiredHint: 'La página abrirá una sesión nueva.',
  failed: 'Algo salió mal. Inténtelo de nuevo.',
};

const TEXTS: Record<Locale, Texts> = { en, es };
const localeOf = (value: string): Locale => (value.toLowerCase().startsWith('es') ? 'es' : 'en');
const sectionOf = (value: string): IdentitySection | null => (IDENTITY_SECTIONS.includes(value as IdentitySection) ? (value as IdentitySection) : null);

function formatDay(day: string, locale: Locale): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale === 'es' ? 'es-US' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
const dayOf = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString().slice(0, 10));
const bureauList = (bureaus: readonly Bureau[]) => bureaus.map((bureau) => BUREAU_NAMES[bureau]).join(', ');

const SEVERITY_STYLE: Record<IdentityAlert['severity'], string> = {
  high: 'background:#ffe3e3;color:#8f1d1d',
  medium: 'background:#fff3bf;color:#6b4e00',
  low: 'background:#e7f5ff;color:#0b4a80',
};

function alertsSection(alerts: readonly IdentityAlert[], texts: Texts, locale: Locale): string {
  if (alerts.length === 0) return `<p>${escapeHtml(texts.noAlerts)}</p>`;
  const items = alerts
    .map((alert) => {
      const bureaus = bureauList(alert.bureaus);
      return `<li class="card" data-alert="${escapeHtml(alert.kind)}"><h2>${escapeHtml(texts.alertTitle(alert))}</h2>
<p class="muted"><time datetime="${alert.date}">${escapeHtml(formatDay(alert.date, locale))}</time> · <span style="${SEVERITY_STYLE[alert.severity]};border-radius:4px;padding:1px 6px">${escapeHtml(texts.severity[alert.severity])}</span></p>
<p>${escapeHtml(texts.alertDetail(alert, bureaus))}</p></li>`;
    })
    .join('');
  return `<ul style="list-style:none;padding:0;margin:0">${items}</ul>`;
}

function monitoringSection(enrolment: StoredIdentityEnrolment, addresses: readonly string[], bureaus: readonly Bureau[], hasReport: boolean, texts: Texts, locale: Locale): string {
  const since = dayOf(millisOf(enrolment.enrolledAt));
  const rows: [string, string][] = [
    [texts.monitored.email, enrolment.email ? maskEmail(enrolment.email) : texts.monitored.none],
    [texts.monitored.address, addresses.length > 0 ? addresses.join('; ') : texts.monitored.none],
    [texts.monitored.files, hasReport ? bureauList(bureaus) : texts.monitored.noReport],
  ];
  if (since) rows.push([texts.monitored.since, formatDay(since, locale)]);
  return `<div class="card"><table><tbody>${rows.map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</tbody></table></div>`;
}

function lockSection(enrolment: StoredIdentityEnrolment, userToken: string, texts: Texts, locale: Locale): string {
  const locks = creditLocks(enrolment);
  return BUREAUS.map((bureau) => {
    const { locked, changedAt } = locks[bureau];
    const name = BUREAU_NAMES[bureau];
    const changed = dayOf(changedAt);
    return `<div class="card"><h2>${escapeHtml(name)}</h2><p class="${locked ? 'ok' : 'muted'}">${escapeHtml(locked ? texts.lock.locked : texts.lock.unlocked)}${changed ? ` · ${escapeHtml(texts.lock.since)} ${escapeHtml(formatDay(changed, locale))}` : ''}</p>
<form method="post"><input type="hidden" name="userToken" value="${escapeHtml(userToken)}"><input type="hidden" name="section" value="credit-lock"><input type="hidden" name="locale" value="${locale}"><input type="hidden" name="bureau" value="${bureau}"><input type="hidden" name="locked" value="${locked ? 'false' : 'true'}"><button type="submit">${escapeHtml(locked ? texts.lock.unlock(name) : texts.lock.lock(name))}</button></form></div>`;
  }).join('');
}

/** The page of one section for the customer a valid token names. */
async function sectionPage(enrolment: StoredIdentityEnrolment, userToken: string, section: IdentitySection, locale: Locale, notice: string): Promise<{ html: string; alerts: number }> {
  const texts = TEXTS[locale];
  const report = await storedCreditReport(enrolment.uid);
  const alerts = identityAlerts({ uid: enrolment.uid, email: enrolment.email, report });
  let body: string;
  if (section === 'alerts') body = alertsSection(alerts, texts, locale);
  else if (section === 'monitoring') {
    const addresses = [...new Set((report?.personalInfo ?? []).flatMap((info) => (info.currentAddress ? [info.currentAddress.address] : [])))];
    const bureaus = BUREAUS.filter((bureau) => report?.reportSummary.bureauSummary.some((summary) => summary.bureau === bureau));
    body = monitoringSection(enrolment, addresses, bureaus, report !== null, texts, locale);
  } else body = lockSection(enrolment, userToken, texts, locale);
  const message: IdentityWidgetEvent = { type: IDENTITY_WIDGET_MESSAGE, event: 'loaded', section, alerts: alerts.length };
  const html = page(
    texts.titles[section],
    `<span class="sandbox">${escapeHtml(texts.sandbox)}</span><h1>${escapeHtml(texts.titles[section])}</h1><p class="muted">${escapeHtml(texts.intros[section])}</p>${notice}${body}${notifyParentScript(APP_URL, message)}`,
    locale,
  );
  return { html, alerts: alerts.length };
}

function refused(locale: Locale): string {
  const texts = TEXTS[locale];
  const message: IdentityWidgetEvent = { type: IDENTITY_WIDGET_MESSAGE, event: 'token-refused' };
  return page(texts.expired, `<h1>${escapeHtml(texts.expired)}</h1><p class="muted">${escapeHtml(texts.expiredHint)}</p>${notifyParentScript(APP_URL, message)}`, locale);
}

/** Answers one request of the widget (exported for the tests, which call it without the HTTP function around it). */
export async function handleIdentityWidgetRequest(request: Pick<Request, 'method' | 'query' | 'body'>, response: Response, sandbox = new FirestoreIdentityProtectionSandbox(db)): Promise<void> {
  const send = (status: number, html: string) => sendWidgetPage(APP_URL, response, status, html);
  if (request.method === 'GET') {
    const locale = localeOf(formText.parse(request.query.locale));
    const section = sectionOf(formText.parse(request.query.section)) ?? 'alerts';
    const userToken = formText.parse(request.query.userToken);
    const enrolment = await sandbox.enrolmentOf(userToken);
    if (!enrolment) return send(403, refused(locale));
    return send(200, (await sectionPage(enrolment, userToken, section, locale, '')).html);
  }
  if (request.method === 'POST') {
    const fields = formBody({ userToken: formText, locale: formText, bureau: formText, locked: formText }, request);
    const locale = localeOf(fields.locale);
    const bureau = BUREAUS.find((candidate) => candidate === fields.bureau);
    if (!bureau || (fields.locked !== 'true' && fields.locked !== 'false')) {
      response.status(400).set('Content-Type', 'text/plain; charset=utf-8').send('bad request');
      return;
    }
    const locked = fields.locked === 'true';
    if (!(await sandbox.setLock(fields.userToken, bureau, locked))) return send(403, refused(locale));
    const enrolment = await sandbox.enrolmentOf(fields.userToken);
    if (!enrolment) return send(403, refused(locale));
    const notice = `<p class="ok" role="status">${escapeHtml(TEXTS[locale].lock.changed(BUREAU_NAMES[bureau], locked))}</p>`;
    return send(200, (await sectionPage(enrolment, fields.userToken, 'credit-lock', locale, notice)).html);
  }
  response.status(405).set('Allow', 'GET, POST').send('');
}

export const identityWidgetSandbox = onRequest({ region: FUNCTIONS_REGION }, async (request, response) => {
  try {
    await handleIdentityWidgetRequest(request, response);
  } catch (error) {
    logger.error('identityWidgetSandbox failed', { error: error instanceof Error ? error.message : String(error) });
    sendWidgetPage(APP_URL, response, 500, page('Error', `<h1>${escapeHtml(en.failed)}</h1>`));
  }
});
