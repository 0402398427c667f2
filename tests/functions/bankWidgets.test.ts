// The money area's bank widgets under the emulators (spec 002 §2 /money/:widgetName, §6, §7 embedded widget URL): each
// widget name gets a new widget session whose sandbox page shows the linked institutions' accounts, transactions,
// spending, budgets, trends and debts; a customer with nothing linked is told so; a coach without permission gets
// no address (money.coach-cant-connect), writing nothing.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../seed/accounts';
import { MONEY_WIDGET_NAMES } from '../../src/domain/bankWidgets';
import { backendFingerprint, call, createCustomer, failureOf, signIn, withSeededBackend } from '../support/emulator';

describe('the bank widget pages', () => {
  withSeededBackend();

  it('gives each widget a new address, never the same twice', async () => {
    const app = await signIn(demoAccount('premiumCustomer'));
    const first = await call(app, 'getWidgetUrl', { widgetName: 'transactions' });
    const second = await call(app, 'getWidgetUrl', { widgetName: 'transactions' });
    expect(new URL(first.url).searchParams.get('widget')).toBe('transactions');
    expect(first.url).not.toBe(second.url);
  });

  it("shows the premium customer's linked Desert Federal accounts in every widget", async () => {
    const app = await signIn(demoAccount('premiumCustomer'));
    const pages: Record<string, string> = {};
    for (const widgetName of MONEY_WIDGET_NAMES) {
      const { url } = await call(app, 'getWidgetUrl', { widgetName });
      const response = await fetch(url);
      expect([widgetName, response.status]).toEqual([widgetName, 200]);
      pages[widgetName] = await response.text();
    }
    expect(pages.accounts).toContain('Everyday Checking ••4410');
    expect(pages.accounts).toContain('$12,880.40');
    expect(pages.transactions).toContain('Last 90 days');
    expect(pages.transactions).toContain('Oakridge Apartments');
    expect(pages.transactions).toContain('Rewards Visa ••9921');
    expect(pages.spending).toContain('Groceries');
    expect(pages.spending).not.toContain('<td>Income</td>');
    expect(pages.budgets).toContain('This month');
    expect(pages.trends).toContain('By month');
    expect(pages.debts).toContain('$1,436.77');
  });

  it('tells a customer with nothing linked to link an institution first', async () => {
    const app = await signIn(await createCustomer());
    const { url } = await call(app, 'getWidgetUrl', { widgetName: 'spending' });
    expect(await (await fetch(url)).text()).toContain('No accounts are linked yet.');
  });

  it('refuses every widget to a coach without permission with money.coach-cant-connect, writing nothing', async () => {
    const coach = await signIn(demoAccount('coach'));
    const before = await backendFingerprint();
    for (const widgetName of MONEY_WIDGET_NAMES) {
      const failure = await failureOf(call(coach, 'getWidgetUrl', { widgetName }));
      expect([widgetName, failure.code, failure.details?.key]).toEqual([widgetName, 'functions/permission-denied', 'money.coach-cant-connect']);
    }
    expect(await backendFingerprint()).toBe(before);
  });
});
