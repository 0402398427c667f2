import type { BankWidgetName } from '../../../src/domain/bankWidgets';

/** Account types of spec 002 §3; total cash counts the first five (spec 002 §9), credit cards are debts. */
export type BankAccountType = 'checking' | 'savings' | 'cash' | 'investment' | 'prepaid' | 'credit_card';

export interface BankAccount {
  id: string;
  name: string;
  type: BankAccountType;
  currentBalance: number;
}

/** spec 002 §3 "Connected institution". */
export interface Institution {
  id: string;
  name: string;
  logoUrl: string | null;
  accounts: BankAccount[];
}

/** The bank-linking service behind the embedded widget (spec 002 §2 link-accounts, §7 embedded widget URL). */
export interface BankLinkProvider {
  /** The address of a widget for this customer (shown in a sandboxed frame); never cached, each one a new session. */
  widgetUrl(uid: string, widget: BankWidgetName): Promise<string>;
  /** The institutions the widget offers. */
  institutions(): Promise<Institution[]>;
  /** Links an institution's accounts to the customer whose widget session this is; null for an unknown session. */
  link(session: string, institutionId: string): Promise<{ uid: string; institution: Institution } | null>;
  /** The customer a widget session belongs to, while it is valid. */
  sessionOwner(session: string): Promise<string | null>;
  connected(uid: string): Promise<Institution[]>;
}
