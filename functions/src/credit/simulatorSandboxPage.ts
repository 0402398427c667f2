// The sandbox score-simulator widget (spec 001 §2 "Simulator"): the vendor's widget as its test
// environment serves it, embedded by /credit/simulator in a sandboxed frame. The app loads
//
//   GET {widgetUrl}?appKey&userToken&displayToken&reportKey&sandbox=true&locale=en-US|es-US[&bureau=EQUIFAX]
//
// with the tokens of getCreditDisplayTokens. The page checks them the way the vendor would (the app key is the
// sandbox's, SIMULATOR_SANDBOX_APP_KEY; the display token exists, has not expired and names this report key and user
// token), then shows the customer's score at one bureau, their open cards and accounts, and a form of scenarios.
// POST (the same fields plus the scenario fields below) runs src/domain/scoreSimulator.ts on the server and shows
// the estimate before and after, factor by factor. Each page load and each run tells the app through an
// origin-checked message { type: 'simulator.event', name: 'widget_loaded' | 'simulation_run', bureau, scenarios }.
//
// Scenario fields: payDown (amount), openCard (limit), closeAccount (account id), hardInquiry ('on'),
// missedAccount (account id) with missedDays (30 | 60 | 90).
import { logger } from 'firebase-functions';
import { onRequest, type Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { BUREAUS, isoDay, type Bureau } from '../../../src/domain/creditReportRecords';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import {
  MISSED_PAYMENT_DAYS,
  openAccounts,
  SIMULATOR_EVENT_MESSAGE,
  SIMULATOR_LOCALES,
  SIMULATOR_SANDBOX_APP_KEY,
  simulateScore,
  type AppliedScenario,
  type FactorChange,
  type MissedPaymentDays,
  type ScoreFactor,
  type SimulationResult,
  type SimulatorAccount,
  type SimulatorEvent,
  type SimulatorInput,
  type SimulatorLocale,
  type SimulatorScenario,
} from '../../../src/domain/scoreSimulator';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { storedCreditReport } from './creditOrders';
import { parseStored, storedCreditDisplayTokenSchema, type StoredCreditReportDocument } from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';
import { APP_URL } from '../platform/config';
import { escapeHtml, formText, notifyParentScript as notifyParentScriptFor, page, sendWidgetPage as sendWidgetPageFor } from '../providers/sandboxPages';

const notifyParentScript = (message: unknown) => notifyParentScriptFor(APP_URL, message);
const sendWidgetPage = (response: Response, status: number, html: string) => sendWidgetPageFor(APP_URL, response, status, html);

export const CREDIT_SIMULATOR_SANDBOX_FUNCTION = 'creditSimulatorSandbox';
/** The largest amount a scenario field takes (a pay-down or a new card's limit). */
const MAX_AMOUNT = 10_000_000;

// ---------------------------------------------------------------------------------------------- texts

interface Texts {
  title: string;
  sandbox: string;
  scoreAt: string;
  reportDate: string;
  noScore: string;
  cards: string;
  otherAccounts: string;
  noCards: string;
  noOtherAccounts: string;
  creditor: string;
  type: string;
  balance: string;
  limit: string;
  used: string;
  payment: string;
  scenarios: string;
  scenariosHint: string;
  payDown: string;
  payDownHint: string;
  openCard: string;
  openCardHint: string;
  closeAccount: string;
  hardInquiry: string;
  missedPayment: string;
  missedDays: string;
  daysLate: (days: number) => string;
  none: string;
  simulate: string;
  result: string;
  current: string;
  estimated: string;
  change: string;
  factor: string;
  weight: string;
  points: string;
  why: string;
  factors: Record<ScoreFactor, string>;
  explanations: Record<FactorChange['explanation'], (before: string, after: string) => string>;
  applied: (scenario: AppliedScenario, money: (amount: number) => string) => string;
  modelNote: string;
  errors: { sandboxOnly: string; appKey: string; token: string; reportChanged: string; noReport: string; closeHint: string; failed: string };
}

const en: Texts = {
  title: 'Score simulator',
  sandbox: 'Score simulator sandbox',
  scoreAt: 'Your score at',
  reportDate: 'Report date',
  noScore: 'No credit score available at this bureau.',
  cards: 'Open credit cards',
  otherAccounts: 'Other open accounts',
  noCards: 'No open credit cards.',
  noOtherAccounts: 'No other open accounts.',
  creditor: 'Creditor',
  type: 'Type',
  balance: 'Balance',
  limit: 'Limit',
  used: 'Used',
  payment: 'Monthly payment',
  scenarios: 'What if…',
  scenariosHint: 'Choose one or more changes and see how your score could move.',
  payDown: 'Pay down card balances by',
  payDownHint: 'Applied to your fullest card first.',
  openCard: 'Open a new credit card with a limit of',
  openCardHint: 'An application also adds a hard inquiry.',
  closeAccount: 'Close an account',
  hardInquiry: 'Apply for new credit (a hard inquiry)',
  missedPayment: 'Miss a payment on',
  missedDays: 'Days late',
  daysLate: (days) => `${days} days late`,
  none: 'None',
  simulate: 'Simulate',
  result: 'Simulation result',
  current: 'Current score',
  estimated: 'Estimated score',
  change: 'Change',
  factor: 'Factor',
  weight: 'Weight',
  points: 'Points',
  why: 'Why',
  factors: {
    paymentHistory: 'Payment history',
    utilization: 'Credit card utilization',
    age: 'Length of credit history',
    newCredit: 'New credit',
    mix: 'Credit mix',
  },
  explanations: {
    'paymentHistory.better': (b, a) => `Late marks go from ${b} to ${a}. Fewer late payments help the most.`,
    'paymentHistory.worse': (b, a) => `Late marks go from ${b} to ${a}. A late payment is the most damaging change, and it stays on your report for years.`,
    'paymentHistory.same': (b) => `No change to your payment history (${b} late marks in 24 months).`,
    'utilization.better': (b, a) => `Card utilization goes from ${b}% to ${a}%. Using less of your limits helps; under 10% is best.`,
    'utilization.worse': (b, a) => `Card utilization goes from ${b}% to ${a}%. Using more of your available credit hurts.`,
    'utilization.same': (b) => `Card utilization stays at ${b}%.`,
    'age.better': (b, a) => `Average account age goes from ${b} to ${a} years.`,
    'age.worse': (b, a) => `Average account age goes from ${b} to ${a} years. New accounts lower the average age.`,
    'age.same': (b) => `Average account age stays at ${b} years. Closed accounts stay on your report and keep counting.`,
    'newCredit.better': (b, a) => `Recent applications and new accounts go from ${b} to ${a}.`,
    'newCredit.worse': (b, a) => `Recent applications and new accounts go from ${b} to ${a}. Each counts against you for a year.`,
    'newCredit.same': (b) => `No new applications (${b} in the last 12 months).`,
    'mix.better': (b, a) => `Kinds of credit go from ${b} to ${a}. A mix of cards and loans helps a little.`,
    'mix.worse': (b, a) => `Kinds of credit go from ${b} to ${a}.`,
    'mix.same': (b) => `Your credit mix stays the same (${b} kinds of credit).`,
  },
  applied: (scenario, money) => {
    if (!scenario.applied) {
      const reasons = {
        'unknown-account': 'that account is not on this report',
        'account-closed': 'that account is already closed',
        'no-card-balance': 'no card has a balance to pay down',
        'invalid-amount': 'the amount must be a whole number above 0',
      };
      return `Not applied: ${reasons[scenario.reason]}.`;
    }
    switch (scenario.kind) {
      case 'payDown':
        return `Paid ${money(scenario.paid)}: ${scenario.payments.map((entry) => `${money(entry.amount)} to ${entry.creditorName}`).join(', ')}${scenario.unused > 0 ? ` (${money(scenario.unused)} more than your card balances)` : ''}.`;
      case 'openCard':
        return `Opened a new card with a ${money(scenario.limit)} limit.`;
      case 'closeAccount':
        return `Closed ${scenario.creditorName}.`;
      case 'hardInquiry':
        return 'Added a hard inquiry.';
      case 'missedPayment':
        return `${scenario.creditorName} reported ${scenario.daysLate} days late.`;
    }
  },
  modelNote:
    'An estimate from a simple model built on the published factor weights: payment history 35%, utilization 30%, length of history 15%, new credit 10%, credit mix 10%. Your actual score may change differently.',
  errors: {
    sandboxOnly: 'This is the sandbox simulator: it runs only with sandbox=true.',
    appKey: 'This app is not registered for the score simulator.',
    token: 'This session has expired or is not valid.',
    reportChanged: 'Your credit report has been updated since this page was opened.',
    noReport: 'No credit report is available yet.',
    closeHint: 'Reload the simulator page to start again.',
    failed: 'Something went wrong. Please try again.',
  },
};

const es: Texts = {
  title: 'Simulador de puntaje',
  sandbox: 'Simulador de puntaje (sandbox)',
  scoreAt: 'Su puntaje en',
  reportDate: 'Fecha del informe',
  noScore: 'No hay puntaje de crédito disponible en esta agencia.',
  cards: 'Tarjetas de crédito abiertas',
  otherAccounts: 'Otras cuentas abiertas',
  noCards: 'No hay tarjetas de crédito abiertas.',
  noOtherAccounts: 'No hay otras cuentas abiertas.',
  creditor: 'Acreedor',
  type: 'Tipo',
  balance: 'Saldo',
  limit: 'Límite',
  used: 'Uso',
  payment: 'Pago mensual',
  scenarios: '¿Qué pasaría si…?',
  scenariosHint: 'Elija uno o más cambios y vea cómo podría moverse su puntaje.',
  payDown: 'Pagar saldos de tarjetas por',
  payDownHint: 'Se aplica primero a la tarjeta más utilizada.',
  openCard: 'Abrir una tarjeta de crédito nueva con un límite de',
  openCardHint: 'La solicitud también agrega una consulta dura.',
  closeAccount: 'Cerrar una cuenta',
  hardInquiry: 'Solicitar crédito nuevo (una consulta dura)',
  missedPayment: 'Atrasar un pago en',
  missedDays: 'Días de atraso',
  daysLate: (days) => `${days} días de atraso`,
  none: 'Ninguna',
  simulate: 'Simular',
  result: 'Resultado de la simulación',
  current: 'Puntaje actual',
  estimated: 'Puntaje estimado',
  change: 'Cambio',
  factor: 'Factor',
  weight: 'Peso',
  points: 'Puntos',
  why: 'Por qué',
  factors: {
    paymentHistory: 'Historial de pagos',
    utilization: 'Uso de tarjetas de crédito',
    age: 'Antigüedad del historial',
    newCredit: 'Crédito nuevo',
    mix: 'Combinación de créditos',
  },
  explanations: {
    'paymentHistory.better': (b, a) => `Las marcas de atraso pasan de ${b} a ${a}. Menos pagos atrasados es lo que más ayuda.`,
    'paymentHistory.worse': (b, a) => `Las marcas de atraso pasan de ${b} a ${a}. Un pago atrasado es el cambio que más daña y permanece en su informe por años.`,
    'paymentHistory.same': (b) => `Su historial de pagos no cambia (${b} marcas de atraso en 24 meses).`,
    'utilization.better': (b, a) => `El uso de tarjetas pasa de ${b}% a ${a}%. Usar menos de sus límites ayuda; menos del 10% es lo mejor.`,
    'utilization.worse': (b, a) => `El uso de tarjetas pasa de ${b}% a ${a}%. Usar más de su crédito disponible perjudica.`,
    'utilization.same': (b) => `El uso de tarjetas se mantiene en ${b}%.`,
    'age.better': (b, a) => `La antigüedad promedio de las cuentas pasa de ${b} a ${a} años.`,
    'age.worse': (b, a) => `La antigüedad promedio de las cuentas pasa de ${b} a ${a} años. Las cuentas nuevas bajan el promedio.`,
    'age.same': (b) => `La antigüedad promedio se mantiene en ${b} años. Las cuentas cerradas siguen en su informe y siguen contando.`,
    'newCredit.better': (b, a) => `Las solicitudes y cuentas nuevas recientes pasan de ${b} a ${a}.`,
    'newCredit.worse': (b, a) => `Las solicitudes y cuentas nuevas recientes pasan de ${b} a ${a}. Cada una cuenta en su contra durante un año.`,
    'newCredit.same': (b) => `No hay solicitudes nuevas (${b} en los últimos 12 meses).`,
    'mix.better': (b, a) => `Los tipos de crédito pasan de ${b} a ${a}. Combinar tarjetas y préstamos ayuda un poco.`,
    'mix.worse': (b, a) => `Los tipos de crédito pasan de ${b} a ${a}.`,
    'mix.same': (b) => `Su combinación de créditos no cambia (${b} tipos de crédito).`,
  },
  applied: (scenario, money) => {
    if (!scenario.applied) {
      const reasons = {
        'unknown-account': 'esa cuenta no está en este informe',
        'account-closed': 'esa cuenta ya está cerrada',
        'no-card-balance': 'ninguna tarjeta tiene saldo para pagar',
        'invalid-amount': 'el monto debe ser un número entero mayor que 0',
      };
      return `No se aplicó: ${reasons[scenario.reason]}.`;
    }
    switch (scenario.kind) {
      case 'payDown':
        return `Pagó ${money(scenario.paid)}: ${scenario.payments.map((entry) => `${money(entry.amount)} a ${entry.creditorName}`).join(', ')}${scenario.unused > 0 ? ` (${money(scenario.unused)} más que los saldos de sus tarjetas)` : ''}.`;
      case 'openCard':
        return `Abrió una tarjeta nueva con un límite de ${money(scenario.limit)}.`;
      case 'closeAccount':
        return `Cerró ${scenario.creditorName}.`;
      case 'hardInquiry':
        return 'Se agregó una consulta dura.';
      case 'missedPayment':
        return `${scenario.creditorName} reportó ${scenario.daysLate} días de atraso.`;
    }
  },
  modelNote:
    'Una estimación de un modelo sencillo basado en los pesos publicados de los factores: historial de pagos 35%, uso 30%, antigüedad 15%, crédito nuevo 10%, combinación de créditos 10%. Su puntaje real puede cambiar de otra manera.',
  errors: {
    sandboxOnly: 'Este es el simulador de prueba: solo funciona con sandbox=true.',
    appKey: 'Esta aplicación no está registrada para el simulador de puntaje.',
    token: 'Esta sesión ha vencido o no es válida.',
    reportChanged: 'Su informe de crédito se actualizó desde que se abrió esta página.',
    noReport: 'Todavía no hay un informe de crédito disponible.',
    closeHint: 'Vuelva a cargar la página del simulador para empezar de nuevo.',
    failed: 'Algo salió mal. Inténtelo de nuevo.',
  },
};

const TEXTS: Record<SimulatorLocale, Texts> = { 'en-US': en, 'es-US': es };
const localeOf = (value: string): SimulatorLocale => (SIMULATOR_LOCALES as readonly string[]).includes(value) ? (value as SimulatorLocale) : 'en-US';
const BUREAU_NAMES: Record<Bureau, string> = { EQUIFAX: 'Equifax', EXPERIAN: 'Experian', TRANSUNION: 'TransUnion' };

// ---------------------------------------------------------------------------------------------- the checks

/** The widget's parameters: the query of a GET, the form of a POST. */
interface WidgetParams {
  appKey: string;
  userToken: string;
  displayToken: string;
  reportKey: string;
  sandbox: string;
  locale: SimulatorLocale;
  bureau: string;
}

const PARAM_NAMES = ['appKey', 'userToken', 'displayToken', 'reportKey', 'sandbox', 'locale', 'bureau'] as const;

function paramsOf(source: unknown): WidgetParams & { raw: Record<string, string> } {
  const record = typeof source === 'object' && source !== null ? (source as Record<string, unknown>) : {};
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) raw[key] = formText.parse(value);
  const text = (name: string) => raw[name] ?? '';
  return {
    appKey: text('appKey'),
    userToken: text('userToken'),
    displayToken: text('displayToken'),
    reportKey: text('reportKey'),
    sandbox: text('sandbox'),
    locale: localeOf(text('locale')),
    bureau: text('bureau').toUpperCase(),
    raw,
  };
}

type Checked = { ok: true; uid: string; report: StoredCreditReportDocument } | { ok: false; status: number; message: keyof Texts['errors'] };

/** The vendor's checks, in its order: sandbox flag, app key, display token (exists, unexpired, bound), report. */
async function check(params: WidgetParams, nowMs: number): Promise<Checked> {
  if (params.sandbox !== 'true') return { ok: false, status: 400, message: 'sandboxOnly' };
  if (params.appKey !== SIMULATOR_SANDBOX_APP_KEY) return { ok: false, status: 401, message: 'appKey' };
  if (!params.displayToken || params.displayToken.includes('/')) return { ok: false, status: 403, message: 'token' };
  const tokenRef = db().collection(COLLECTIONS.creditDisplayTokens).doc(params.displayToken);
  const snapshot = await tokenRef.get();
  if (!snapshot.exists) return { ok: false, status: 403, message: 'token' };
  const token = parseStored(storedCreditDisplayTokenSchema, tokenRef.path, snapshot.data());
  const expiresAt = typeof token.expiresAt === 'string' ? Date.parse(token.expiresAt) : millisOf(token.expiresAt);
  if (expiresAt === null || !(expiresAt > nowMs)) return { ok: false, status: 403, message: 'token' };
  if (token.reportKey !== params.reportKey || token.userToken !== params.userToken) return { ok: false, status: 403, message: 'token' };
  const report = await storedCreditReport(token.uid);
  if (!report) return { ok: false, status: 404, message: 'noReport' };
  if (report.reportKey !== undefined && report.reportKey !== token.reportKey) return { ok: false, status: 403, message: 'reportChanged' };
  return { ok: true, uid: token.uid, report };
}

// ---------------------------------------------------------------------------------------------- rendering

function formatters(locale: SimulatorLocale) {
  const money = (amount: number) => amount.toLocaleString(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const number = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 1 });
  const day = (value: string) =>
    new Date(`${value}T12:00:00Z`).toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return { money, number, day };
}

function bureauOf(params: WidgetParams, report: StoredCreditReportDocument): Bureau {
  if ((BUREAUS as readonly string[]).includes(params.bureau)) return params.bureau as Bureau;
  const scored = report.reportSummary.bureauSummary.find((entry) => entry.creditScore !== null);
  return scored?.bureau ?? BUREAUS[0];
}

function simulatorInput(report: StoredCreditReportDocument, bureau: Bureau, today: string): { input: SimulatorInput | null; reportDate: string | null } {
  const summary = report.reportSummary.bureauSummary.find((entry) => entry.bureau === bureau);
  const accounts = report.accounts.filter((account) => account.bureau === bureau);
  const inquiries = report.inquiries.filter((inquiry) => inquiry.bureau === bureau);
  const score = summary?.creditScore ?? null;
  return { input: score === null ? null : { score, accounts, inquiries, today }, reportDate: summary?.reportDate ?? null };
}

/** Cards: revolving accounts and charge cards (portfolio types R and O, spec 001 §4). */
const isCard = (account: SimulatorAccount) => account.portfolioType === 'R' || account.portfolioType === 'O';

function hiddenFields(params: WidgetParams, bureau: Bureau): string {
  const values: Record<(typeof PARAM_NAMES)[number], string> = { ...params, bureau };
  return PARAM_NAMES.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(values[name])}">`).join('');
}

function bureauLinks(params: WidgetParams, current: Bureau): string {
  return BUREAUS.map((bureau) => {
    if (bureau === current) return `<strong aria-current="page">${BUREAU_NAMES[bureau]}</strong>`;
    const query = new URLSearchParams({ ...Object.fromEntries(PARAM_NAMES.map((name) => [name, String(params[name])])), bureau });
    return `<a href="?${escapeHtml(query.toString())}">${BUREAU_NAMES[bureau]}</a>`;
  }).join(' · ');
}

function accountTables(accounts: StoredCreditReportDocument['accounts'], texts: Texts, locale: SimulatorLocale): string {
  const { money, number } = formatters(locale);
  const open = openAccounts(accounts);
  const cards = open.filter(isCard);
  const others = open.filter((account) => !isCard(account));
  const cardRows = cards
    .map((card) => {
      const limit = card.creditLimit ?? 0;
      const used = limit > 0 ? `${number(((card.currentBalance ?? 0) / limit) * 100)}%` : '—';
      return `<tr><td>${escapeHtml(card.creditorName)}</td><td>${money(card.currentBalance ?? 0)}</td><td>${limit > 0 ? money(limit) : '—'}</td><td>${used}</td></tr>`;
    })
    .join('');
  const otherRows = others
    .map(
      (account) =>
        `<tr><td>${escapeHtml(account.creditorName)}</td><td>${escapeHtml(account.accountType ?? '')}</td><td>${money(account.currentBalance ?? 0)}</td><td>${money(account.monthlyPayment ?? 0)}</td></tr>`,
    )
    .join('');
  const cardTable = cards.length
    ? `<table><thead><tr><th>${texts.creditor}</th><th>${texts.balance}</th><th>${texts.limit}</th><th>${texts.used}</th></tr></thead><tbody>${cardRows}</tbody></table>`
    : `<p class="muted">${texts.noCards}</p>`;
  const otherTable = others.length
    ? `<table><thead><tr><th>${texts.creditor}</th><th>${texts.type}</th><th>${texts.balance}</th><th>${texts.payment}</th></tr></thead><tbody>${otherRows}</tbody></table>`
    : `<p class="muted">${texts.noOtherAccounts}</p>`;
  return `<div class="card"><h2>${texts.cards}</h2>${cardTable}</div><div class="card"><h2>${texts.otherAccounts}</h2>${otherTable}</div>`;
}

/** The scenario form, filled in with what was asked last. */
function scenarioForm(params: WidgetParams, bureau: Bureau, accounts: readonly SimulatorAccount[], texts: Texts, asked: Record<string, string>): string {
  const open = openAccounts(accounts);
  const options = (selected: string) =>
    `<option value="">${texts.none}</option>` +
    open
      .map((account) => `<option value="${escapeHtml(account.id)}"${account.id === selected ? ' selected' : ''}>${escapeHtml(account.creditorName)}</option>`)
      .join('');
  const days = MISSED_PAYMENT_DAYS.map((value) => `<option value="${value}"${String(value) === (asked.missedDays ?? '30') ? ' selected' : ''}>${texts.daysLate(value)}</option>`).join('');
  const amount = (name: string, label: string, hint: string) =>
    `<label>${label} <input type="text" inputmode="numeric" name="${name}" value="${escapeHtml(asked[name] ?? '')}" placeholder="0"><span class="muted"> ${hint}</span></label>`;
  return `<form method="post" class="card"><h2>${texts.scenarios}</h2><p class="muted">${texts.scenariosHint}</p>${hiddenFields(params, bureau)}
${amount('payDown', texts.payDown, texts.payDownHint)}
${amount('openCard', texts.openCard, texts.openCardHint)}
<label>${texts.closeAccount} <select name="closeAccount">${options(asked.closeAccount ?? '')}</select></label>
<label><input type="checkbox" name="hardInquiry" value="on"${asked.hardInquiry === 'on' ? ' checked' : ''}> ${texts.hardInquiry}</label>
<label>${texts.missedPayment} <select name="missedAccount">${options(asked.missedAccount ?? '')}</select></label>
<label>${texts.missedDays} <select name="missedDays">${days}</select></label>
<button type="submit">${texts.simulate}</button></form>`;
}

/** A money field: digits with optional separators and cents, rounded to whole dollars; NaN for anything else. */
function amountOf(value: string): number {
  const cleaned = value.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const amount = Math.round(Number(cleaned));
  return amount > MAX_AMOUNT ? Number.NaN : amount;
}

/** The scenarios the form asks for, in a fixed order. */
export function scenariosFromForm(form: Record<string, string>): SimulatorScenario[] {
  const scenarios: SimulatorScenario[] = [];
  if (form.payDown?.trim()) scenarios.push({ kind: 'payDown', amount: amountOf(form.payDown) });
  if (form.openCard?.trim()) scenarios.push({ kind: 'openCard', limit: amountOf(form.openCard) });
  if (form.closeAccount) scenarios.push({ kind: 'closeAccount', accountId: form.closeAccount });
  if (form.hardInquiry === 'on') scenarios.push({ kind: 'hardInquiry' });
  if (form.missedAccount) {
    const days = Number(form.missedDays) as MissedPaymentDays;
    scenarios.push({ kind: 'missedPayment', accountId: form.missedAccount, daysLate: MISSED_PAYMENT_DAYS.includes(days) ? days : 30 });
  }
  return scenarios;
}

function resultSection(result: SimulationResult, texts: Texts, locale: SimulatorLocale): string {
  const { money, number } = formatters(locale);
  const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
  const rows = result.factors
    .map(
      (factor) =>
        `<tr><td>${texts.factors[factor.factor]}</td><td>${Math.round(factor.weight * 100)}%</td><td>${signed(factor.points)}</td><td>${escapeHtml(
          texts.explanations[factor.explanation](number(factor.measure.before), number(factor.measure.after)),
        )}</td></tr>`,
    )
    .join('');
  const notes = result.scenarios.map((scenario) => `<li>${escapeHtml(texts.applied(scenario, money))}</li>`).join('');
  return `<section class="card" aria-live="polite"><h2>${texts.result}</h2>
<p><span class="muted">${texts.current}</span> <strong data-testid="score-before">${result.scoreBefore}</strong> → <span class="muted">${texts.estimated}</span> <strong data-testid="score-after">${result.scoreAfter}</strong> (<span data-testid="score-change">${signed(result.change)}</span>)</p>
<ul>${notes}</ul>
<table><thead><tr><th>${texts.factor}</th><th>${texts.weight}</th><th>${texts.points}</th><th>${texts.why}</th></tr></thead><tbody>${rows}</tbody></table>
<p class="muted">${texts.modelNote}</p></section>`;
}

function widgetPage(
  params: WidgetParams,
  report: StoredCreditReportDocument,
  texts: Texts,
  asked: Record<string, string>,
  run: (input: SimulatorInput) => SimulationResult | null,
): { html: string; bureau: Bureau } {
  const bureau = bureauOf(params, report);
  const { input, reportDate } = simulatorInput(report, bureau, isoDay(new Date()));
  const accounts = report.accounts.filter((account) => account.bureau === bureau);
  const score = input
    ? `<p class="score"><span class="muted">${texts.scoreAt} ${BUREAU_NAMES[bureau]}</span><br><strong data-testid="current-score">${input.score}</strong></p>${
        reportDate ? `<p class="muted">${texts.reportDate}: ${escapeHtml(formatters(params.locale).day(reportDate))}</p>` : ''
      }`
    : `<p>${texts.noScore}</p>`;
  const result = input ? run(input) : null;
  const body = `<span class="sandbox">${texts.sandbox}</span><h1>${texts.title}</h1><nav>${bureauLinks(params, bureau)}</nav>${score}${
    result ? resultSection(result, texts, params.locale) : ''
  }${input ? scenarioForm(params, bureau, accounts, texts, asked) : ''}${accountTables(accounts, texts, params.locale)}`;
  return { html: body, bureau };
}

const lang = (locale: SimulatorLocale) => locale.slice(0, 2);

function errorPage(texts: Texts, message: keyof Texts['errors'], locale: SimulatorLocale): string {
  return page(texts.title, `<span class="sandbox">${texts.sandbox}</span><h1>${texts.errors[message]}</h1><p class="muted">${texts.errors.closeHint}</p>`, lang(locale));
}

/** Serves one request (exported for the page's tests; creditSimulatorSandbox below is the HTTP function). */
export async function handleSimulatorRequest(request: Pick<Request, 'method' | 'query' | 'body'>, response: Response): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'POST') {
    response.status(405).set('Allow', 'GET, POST').send('');
    return;
  }
  const params = paramsOf(request.method === 'GET' ? request.query : request.body);
  const texts = TEXTS[params.locale];
  const checked = await check(params, Date.now());
  if (!checked.ok) return sendWidgetPage(response, checked.status, errorPage(texts, checked.message, params.locale));

  const scenarios = request.method === 'POST' ? scenariosFromForm(params.raw) : [];
  const run = (input: SimulatorInput) => (request.method === 'POST' ? simulateScore(input, scenarios) : null);
  const { html, bureau } = widgetPage(params, checked.report, texts, request.method === 'POST' ? params.raw : {}, run);
  // Analytics for the app: which bureau and which kinds of scenario, never tokens or the customer's data.
  const event: SimulatorEvent = {
    type: SIMULATOR_EVENT_MESSAGE,
    name: request.method === 'POST' ? 'simulation_run' : 'widget_loaded',
    bureau,
    scenarios: scenarios.map((scenario) => scenario.kind),
  };
  sendWidgetPage(response, 200, page(texts.title, `${html}${notifyParentScript(event)}`, lang(params.locale)));
}

export const creditSimulatorSandbox = onRequest({ region: FUNCTIONS_REGION }, async (request, response) => {
  try {
    await handleSimulatorRequest(request, response);
  } catch (error) {
    logger.error('creditSimulatorSandbox failed', { error: error instanceof Error ? error.message : String(error) });
    const texts = TEXTS[localeOf(formText.parse((request.query as Record<string, unknown>).locale))];
    sendWidgetPage(response, 500, page(texts.title, `<h1>${texts.errors.failed}</h1>`));
  }
});
