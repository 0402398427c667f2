import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { billingPageSelectors } from '../../../machines/billing/billingPage.machine';
import type { CancellationView } from '../../../machines/billing/cancellationRequest.machine';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import type { CustomerContact } from '../../contract/contact';
import type { Actor } from '../../domain/permissions';
import { isFreeLine } from '../../domain/productLine';
import { BILLING_UPGRADE_PATH } from '../../domain/routes';
import { inspect } from '../../inspect';
import {
  BillingConfirmationDialog,
  BillingUpgradeBanner,
  ContractNotFoundDialog,
  UpgradeDialog,
  type BillingConfirmation,
} from '../../views/billing/BillingDialogs';
import { BillingPage, type BillingLoad } from '../../views/billing/BillingPage';
import { QUERY_KEYS } from '../ports';
import { useAppActors } from '../shell/appActors';
import { useNotify } from '../shell/notify';
import { useCachedQuery } from '../shell/queries';
import { useRouteMachine } from '../shell/routeMachine';
import { useUserDocument } from '../shell/userDocument';
import { CancellationBinding } from './cancellation';
import { provideBillingPageMachine } from './machines';

// /settings/billing and its upgrade sub-route (spec 001 §2 Billing), inside the settings layout
// (src/app/settings/SettingsRoute.tsx). The free product line sees the upgrade banner in place of the billing
// details; /settings/billing/upgrade opens the upgrade dialog over it (Back or Close returns to /settings/billing).
// The billingPage machine loads the payment data and loads it again when the window regains focus (the app tells
// it: window 'focus'), opens the secure pages and the contract. A confirmation dialog opens when a navigation to the
// page carries { billingConfirmation } in its state: the secure pages (functions/src/billing/secureBillingSandboxPage.ts)
// return to /settings/billing?secure=updated|paid|cancelled, and the route turns that into the navigation state once
// (the address loses ?secure=, replaced, so a reload or Back does not show the dialog again).

export const BILLING_PATH = '/settings/billing';

/** The navigation state that opens the confirmation dialog: navigate(BILLING_PATH, { state: { billingConfirmation } }). */
export interface BillingNavigationState {
  billingConfirmation?: BillingConfirmation;
}

function confirmationOf(state: unknown): BillingConfirmation | null {
  if (typeof state !== 'object' || state === null || !('billingConfirmation' in state)) return null;
  const value = (state as BillingNavigationState).billingConfirmation;
  return isConfirmation(value) ? value : null;
}

function isConfirmation(value: unknown): value is BillingConfirmation {
  return value === 'paid' || value === 'updated' || value === 'cancelled';
}

/**
 * The dialog a navigation state asked for; closing it replaces the entry without the state (Back does not reopen it).
 * A return from a secure page (?secure=…) becomes that state: `returning` is true until the address is replaced.
 */
function useNavigationConfirmation() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const secure = params.get('secure');
  useEffect(() => {
    if (secure === null) return;
    const rest = new URLSearchParams(location.search);
    rest.delete('secure');
    const search = rest.toString();
    const state: BillingNavigationState | null = isConfirmation(secure) ? { billingConfirmation: secure } : null;
    navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true, state });
  }, [secure, location.pathname, location.search, navigate]);
  const confirmation = secure === null ? confirmationOf(location.state) : null;
  const close = () => navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  return { confirmation, close, returning: secure !== null };
}

function BillingDetails({ actor }: { actor: Actor }) {
  const { ports, session } = useAppActors();
  const machine = useMemo(() => provideBillingPageMachine(ports), [ports]);
  const page = useActorRef(machine, { input: { actor, returnPath: BILLING_PATH }, inspect });
  useNotify(page, 'billing');
  useRouteMachine(page);

  // spec 001 §2: refocusing the window reloads the payment data (the secure page may have run in another tab).
  useEffect(() => {
    const focused = () => page.send({ type: 'window.focused' });
    window.addEventListener('focus', focused);
    return () => window.removeEventListener('focus', focused);
  }, [page]);

  const data = useSelector(page, billingPageSelectors.data);
  const loading = useSelector(page, billingPageSelectors.loading);
  const loadFailed = useSelector(page, billingPageSelectors.loadFailed);
  const openingSecurePage = useSelector(page, billingPageSelectors.openingSecurePage);
  const secureFailed = useSelector(page, billingPageSelectors.secureFailed);
  const contractOpening = useSelector(page, billingPageSelectors.contractOpening);
  const contractMissing = useSelector(page, billingPageSelectors.contractMissing);

  // spec 001 §9: the cancellation request only for a mailing state of CA (the CRM contact's; the machine decides).
  const hasContact = useSelector(session, sessionSelectors.hasCustomerContact);
  const fetchContact = useCallback((): Promise<CustomerContact> => ports.getCustomerContact(), [ports]);
  const contact = useCachedQuery(QUERY_KEYS.customerContact, fetchContact, hasContact);
  const refresh = useCallback(() => page.send({ type: 'data.reload' }), [page]);
  const mailingStateCode = contact.data?.MailingStateCode ?? null;
  const contactKnown = !hasContact || !contact.isPending;

  const load: BillingLoad = data !== null ? { status: 'ready', data } : loadFailed ? { status: 'error' } : { status: 'loading' };
  const productLine = useUserDocument()?.productLine ?? null;
  const render = (cancellation: { view: CancellationView; request: () => void }) => (
    <>
      <BillingPage
        load={loading && data === null ? { status: 'loading' } : load}
        productLine={productLine}
        openingSecurePage={openingSecurePage}
        secureFailed={secureFailed}
        contractOpening={contractOpening}
        cancellation={cancellation.view}
        onRetry={() => page.send({ type: 'load.retry' })}
        onOpenSecurePage={(request) => page.send({ type: 'secure.open', request })}
        onOpenContract={() => page.send({ type: 'contract.open' })}
        onRequestCancellation={cancellation.request}
      />
      <ContractNotFoundDialog opened={contractMissing} onClose={() => page.send({ type: 'contract.dialogClose' })} />
    </>
  );
  if (data === null || !contactKnown) return render({ view: 'hidden', request: () => undefined });
  return (
    <CancellationBinding
      key={`${mailingStateCode ?? ''}:${data.cancellation}`}
      actor={actor}
      mailingStateCode={mailingStateCode}
      status={data.cancellation}
      refresh={refresh}
    >
      {render}
    </CancellationBinding>
  );
}
export default function BillingRoute({ upgrade, actor }: { upgrade: boolean; actor: Actor }) {
  const { config } = useAppActors();
  const navigate = useNavigate();
  const document = useUserDocument();
  const { confirmation, close, returning } = useNavigationConfirmation();
  // Until the user document is read the product line is not known: nothing yet (the layout shows around it). Back
  // from a secure page, nothing until ?secure= is off the address (the page's machine then never sees it: the dialog
  // says it, no toast).
  if (document === undefined || returning) return null;
  const free = isFreeLine(document?.productLine);
  return (
    <>
      {free ? <BillingUpgradeBanner upgradePath={BILLING_UPGRADE_PATH} /> : <BillingDetails actor={actor} />}
      <UpgradeDialog opened={upgrade} phone={config.supportPhone} onClose={() => navigate(BILLING_PATH, { replace: true })} />
      <BillingConfirmationDialog confirmation={confirmation} onClose={close} />
    </>
  );
}
