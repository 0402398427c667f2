import type { BankWidgetName } from '../../src/domain/bankWidgets';
import type { PromiseActorSignature } from '../ports';

// What the bank widget pages need from the outside world (ARCHITECTURE.md "Machines"): the embedded widget URL
// (spec 002 §7 getWidgetUrl, never cached: each address is a new widget session).

export interface BankWidgetActorSignatures {
  fetchWidgetUrl: PromiseActorSignature<{ widgetName: BankWidgetName }, { url: string }>;
}
