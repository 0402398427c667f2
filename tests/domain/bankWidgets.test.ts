import { describe, expect, it } from 'vitest';
import { resolveWidgetRoute } from '../../src/domain/bankWidgets';

describe('resolveWidgetRoute (spec 002 §2 /money/:widgetName)', () => {
  it('shows a widget addressed with its suffix', () => {
    expect(resolveWidgetRoute('transactionsWidget')).toEqual({ kind: 'widget', widget: 'transactions' });
    expect(resolveWidgetRoute('debtsWidget')).toEqual({ kind: 'widget', widget: 'debts' });
  });

  it('appends the suffix to a name without it', () => {
    expect(resolveWidgetRoute('spending')).toEqual({ kind: 'redirect', to: 'spendingWidget' });
    expect(resolveWidgetRoute('budgets')).toEqual({ kind: 'redirect', to: 'budgetsWidget' });
  });

  it('sends an unknown name, the connect widget and a bare suffix to the money overview', () => {
    for (const name of ['transfers', 'transfersWidget', 'connect', 'connectWidget', 'Widget', '', undefined, 'Transactions']) {
      expect(resolveWidgetRoute(name)).toEqual({ kind: 'unknown' });
    }
  });
});
