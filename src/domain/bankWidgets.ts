// The bank-link widgets (spec 002 §2 /money/:page/*, §7 embedded widget URL): 'connect' links accounts (the intake's
// bank step and /money/modal/link-accounts); the money area's widget pages show the linked accounts' data. A page's
// address carries the name with the 'Widget' suffix (/money/transactionsWidget); a name without it gets it.

export const MONEY_WIDGET_NAMES = ['accounts', 'transactions', 'spending', 'budgets', 'trends', 'debts'] as const;
export type MoneyWidgetName = (typeof MONEY_WIDGET_NAMES)[number];

/** Every widget the provider serves. */
export const BANK_WIDGET_NAMES = ['connect', ...MONEY_WIDGET_NAMES] as const;
export type BankWidgetName = (typeof BANK_WIDGET_NAMES)[number];

export const WIDGET_SUFFIX = 'Widget';

/**
 * What a /money/:widgetName address means: the widget it shows; a redirect to the suffixed address ('transactions' →
 * 'transactionsWidget'); or, for an unknown name, the money overview.
 */
export type WidgetRouteResolution =
  | { kind: 'widget'; widget: MoneyWidgetName }
  | { kind: 'redirect'; to: `${MoneyWidgetName}${typeof WIDGET_SUFFIX}` }
  | { kind: 'unknown' };

const isMoneyWidget = (name: string): name is MoneyWidgetName => (MONEY_WIDGET_NAMES as readonly string[]).includes(name);

export function resolveWidgetRoute(param: string | undefined): WidgetRouteResolution {
  if (!param) return { kind: 'unknown' };
  if (param.endsWith(WIDGET_SUFFIX)) {
    const name = param.slice(0, -WIDGET_SUFFIX.length);
    return isMoneyWidget(name) ? { kind: 'widget', widget: name } : { kind: 'unknown' };
  }
  return isMoneyWidget(param) ? { kind: 'redirect', to: `${param}${WIDGET_SUFFIX}` } : { kind: 'unknown' };
}
