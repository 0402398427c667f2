import { createContext, useContext, type ComponentType } from 'react';

// What the support dialog needs from the app (spec 000 §1, §2.2): the customer-service phone and the contact
// form, which owns its own actor (machines/support/supportRequest.machine.ts) and is therefore supplied by src/app.

export interface SupportRequestFormProps {
  /** Prefills the contact email for signed-in users. */
  email?: string | null;
  onDone: () => void;
}

export interface SupportSettings {
  /** 000-000-0000 (spec 000 §5 phone format). */
  phone: string;
  /** spec 001 §2: the phone section is omitted on the admin site. */
  showPhone: boolean;
  SupportRequestForm: ComponentType<SupportRequestFormProps>;
}

const SupportContext = createContext<SupportSettings | null>(null);

export const SupportProvider = SupportContext.Provider;

export function useSupport(): SupportSettings {
  const settings = useContext(SupportContext);
  if (!settings) throw new Error('useSupport needs a SupportProvider (src/app/providers.tsx)');
  return settings;
}
