// The sandbox bank-link widgets (spec 002 §2: link-accounts connects bank accounts through embedded widgets shown
// in a sandboxed frame; the money area's widget pages). GET ?session=<token>&widget=connect lists the demo
// institutions; POST links one to the customer whose session it is and tells the hosting page with
// postMessage({ type: 'bank.linked', institutionId }). GET with widget=accounts|transactions|spending|budgets|trends|
// debts shows the linked institutions' data as a vendor's test environment does (./bankLinkTransactions.ts).
import { logger } from 'firebase-functions';
import { onRequest } from 'firebase-functions/v2/https';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import { db } from '../platform/admin';
import { BANK_WIDGET_NAMES, type BankWidgetName } from '../../../src/domain/bankWidgets';
import type { Institution } from './bankLink';
import { budgets, institutionsTransactions, monthlyTrends, spendingByCategory, TRANSACTION_HISTORY_DAYS } from './bankLinkTransactions';
import { FirestoreBankLinkSandbox } from './firestoreBankLinkSandbox';
import { APP_URL } from '../platform/config';
import { escapeHtml, formBody, formText, notifyParentScript as notifyParentScriptFor, page, sendWidgetPage } from '../providers/sandboxPages';

/** The script that tells the hosting app, and only it (providers/sandboxPages.ts notifyParentScript). */
export const notifyParentScript = (message: unknown): string => notifyParentScriptFor(APP_URL, message);
const send = (response: Response, status: number, html: string) => sendWidgetPage(APP_URL, response, status, html);

/** The message the hosting page listens for. */
export const BANK_LINKED_MESSAGE = 'bank.linked';

const usd = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const LABELS: Record<string, string> = {
  checking: 'Checking',
  savings: 'Savings',
  cash: 'Cash',
  investment: 'Investment',
  prepaid: 'Prepaid',
  credit_card: 'Credit card',
};

function institutionCard(institution: Institution, session: string, linked: boolean): string {
  const rows = institution.accounts
    .map((account) => `<tr><td>${escapeHtml(account.name)}</td><td>${escapeHtml(LABELS[account.type] ?? account.type)}</td><td>${escapeHtml(usd(account.currentBalance))}</td></tr>`)
    .join('');
  const action = linked
    ? '<p class="ok">Connected</p>'
    : `<form method="post"><input type="hidden" name="session" value="${escapeHtml(session)}"><input type="hidden" name="institutionId" value="${escapeHtml(institution.id)}"><button type="submit">Connect ${escapeHtml(institution.name)}</button></form>`;
  return `<div class="card"><h2>${escapeHtml(institution.name)}</h2><table><tbody>${rows}</tbody></table>${action}</div>`;
}

async function widget(sandbox: FirestoreBankLinkSandbox, session: string, uid: string, notice: string): Promise<string> {
  const [all, connected] = await Promise.all([sandbox.institutions(), sandbox.connected(uid)]);
  const linkedIds = new Set(connected.map((institution) => institution.id));
  const cards = all.map((institution) => institutionCard(institution, session, linkedIds.has(institution.id))).join('');
  return `<span class="sandbox">Bank link sandbox</span><h1>Connect your accounts</h1>${notice}${cards}`;
}

const TITLES: Record<Exclude<BankWidgetName, 'connect'>, string> = {
  accounts: 'Accounts',
  transactions: 'Transactions',
  spending: 'Spending',
  budgets: 'Budgets',
  trends: 'Trends',
  debts: 'Debts',
};

const widgetOf = (value: unknown): BankWidgetName => {
  const name = formText.parse(value);
  return (BANK_WIDGET_NAMES as readonly string[]).includes(name) ? (name as BankWidgetName) : 'connect';
};

const table = (caption: string, headers: readonly string[], rows: readonly (readonly string[])[]) =>
  `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A money widget page over the customer's linked institutions. */
async function dataWidget(sandbox: FirestoreBankLinkSandbox, uid: string, widget: Exclude<BankWidgetName, 'connect'>): Promise<string> {
  const connected = await sandbox.connected(uid);
  const heading = `<span class="sandbox">Bank link sandbox</span><h1>${escapeHtml(TITLES[widget])}</h1>`;
  if (connected.length === 0) return `${heading}<p>No accounts are linked yet. Link an institution to see its ${escapeHtml(TITLES[widget].toLowerCase())} here.</p>`;
  const now = Date.now();
  const transactions = institutionsTransactions(connected, now);
  switch (widget) {
    case 'accounts':
      return `${heading}${connected
        .map((institution) =>
          table(institution.name, ['Account', 'Type', 'Balance'], institution.accounts.map((account) => [account.name, LABELS[account.type] ?? account.type, usd(account.currentBalance)])),
        )
        .join('')}`;
    case 'transactions':
      return `${heading}${table(
        `Last ${TRANSACTION_HISTORY_DAYS} days`,
        ['Date', 'Payee', 'Category', 'Account', 'Amount'],
        transactions.map((transaction) => [transaction.date, transaction.payee, transaction.category, transaction.accountName, usd(transaction.amount)]),
      )}`;
    case 'spending':
      return `${heading}${table('Last 30 days', ['Category', 'Spent'], spendingByCategory(transactions, now).map((row) => [row.category, usd(row.amount)]))}`;
    case 'budgets':
      return `${heading}${table(
        'This month',
        ['Category', 'Budget', 'Spent', 'Left'],
        budgets(transactions, now).map((row) => [row.category, usd(row.budget), usd(row.spent), usd(row.budget - row.spent)]),
      )}`;
    case 'trends':
      return `${heading}${table('By month', ['Month', 'Income', 'Spending'], monthlyTrends(transactions).map((row) => [monthName(row.month), usd(row.income), usd(row.spent)]))}`;
    case 'debts':
      return `${heading}${table(
        'Credit cards',
        ['Institution', 'Account', 'Balance owed'],
        connected.flatMap((institution) =>
          institution.accounts.filter((account) => account.type === 'credit_card').map((account) => [institution.name, account.name, usd(Math.abs(account.currentBalance))]),
        ),
      )}`;
  }
}

const expired = () => page('Session expired', '<h1>This session has expired.</h1><p class="muted">Close this window and try again.</p>');

async function handle(request: Request, response: Response, sandbox: FirestoreBankLinkSandbox): Promise<void> {
  if (request.method === 'GET') {
    const session = formText.parse(request.query.session);
    const uid = await sandbox.sessionOwner(session);
    if (!uid) return send(response, 403, expired());
    const name = widgetOf(request.query.widget);
    if (name !== 'connect') return send(response, 200, page(TITLES[name], await dataWidget(sandbox, uid, name)));
    return send(response, 200, page('Connect your accounts', await widget(sandbox, session, uid, '')));
  }
  if (request.method === 'POST') {
    const { session, institutionId } = formBody({ session: formText, institutionId: formText }, request);
    const linked = await sandbox.link(session, institutionId);
    if (!linked) return send(response, 403, expired());
    const message = { type: BANK_LINKED_MESSAGE, institutionId: linked.institution.id };
    const notice = `<p class="ok" role="status">Connected ${escapeHtml(linked.institution.name)}.</p>${notifyParentScript(message)}`;
    return send(response, 200, page('Connect your accounts', await widget(sandbox, session, linked.uid, notice)));
  }
  response.status(405).set('Allow', 'GET, POST').send('');
}

export const bankLinkSandbox = onRequest({ region: FUNCTIONS_REGION }, async (request, response) => {
  try {
    await handle(request, response, new FirestoreBankLinkSandbox(db));
  } catch (error) {
    logger.error('bankLinkSandbox failed', { error: error instanceof Error ? error.message : String(error) });
    send(response, 500, page('Error', '<h1>Something went wrong. Please try again.</h1>'));
  }
});
