// Onboarding (spec 000 §2.2, §2.3; spec 001 §4 contract-complete; spec 002 §4-§7): the contract and its link,
// quick sign-up, authorizations, the goal, intake completion with the initial credit pull, the Disputes step's
// summaries and the bank link.
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { CallableParsedRequest, CallableResult } from '../../../src/contract/callables';
import type { CustomerContactRecord } from '../../../src/contract/contact';
import {
  DEPRECATED_GOAL_TYPES,
  INTAKE_KEYS,
  intakeSteps,
  isFormStep,
  isFormStepComplete,
  isSupportedGoalType,
  personalInfoIdFor,
  type GoalType,
} from '../../../src/domain/intake';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { canUpdateAuth, withCoachConsoleFlag } from '../../../src/domain/permissions';
import { lacksPaidLine } from '../../../src/domain/productLine';
import { isQuickSignUpLinkExpired } from '../../../src/domain/quickSignUp';
import { normalizeEmail } from '../../../src/domain/validation';
import { recalculateActionsAfter } from '../hub/actionRules';
import { db } from '../platform/admin';
import { userByEmailOrNull } from '../auth/users';
import { defineCallable } from '../callable/defineCallable';
import type { SignedInCaller } from '../callable/caller';
import { callableError } from '../callable/errors';
import { setClaims, storedClaims } from '../auth/claims';
import { clientUid, customerAccountsOf, customerContactIdOf } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { pullStatusOf, recoverStalePull, startedPull, storedPull } from './creditPull';
import { serverFlags } from '../platform/featureFlags';
import { bankLink, crm, esign } from '../providers';
import {
  parseStored,
  storedInvestigationSummarySchema,
  storedUserInfoSchema,
  storedUserSchema,
  type StoredUserInfo,
} from '../platform/storedDocuments';
import { toIso } from '../platform/timestamps';

// ---------------------------------------------------------------------------------------------- contract

/**
 * The signed contract's link: the contact's SF_External_Echosign_URL__c, which the e-sign service fills in once it
 * releases the signed agreement (here: when the contract-complete page asks after the release time).
 */
async function contractLinkOf(contactId: string): Promise<string | null> {
  const contact = await crm().getContact(contactId);
  if (!contact) throw callableError('not-found', 'not-found');
  return contractLinkOfContact(contact);
}

async function contractLinkOfContact(contact: CustomerContactRecord): Promise<string | null> {
  if (contact.SF_External_Echosign_URL__c) return contact.SF_External_Echosign_URL__c;
  const released = await esign().signedContractLink(contact.Id);
  if (released) await crm().updateContact(contact.Id, { SF_External_Echosign_URL__c: released });
  return released;
}

export const getContractLink = defineCallable('getContractLink', async (caller) => ({
  link: await contractLinkOf(customerContactIdOf(caller)),
}));

/**
 * spec 001 §4: contract-complete reached from quick sign-up polls with the contact id, before any account exists:
 * only for a quick sign-up link that is live (quickSignUpLead) and a contact without an account.
 */
export const getContractLinkAnonymously = defineCallable('getContractLinkAnonymously', async ({ data }) => {
  const lead = await quickSignUpLead(data.contactId);
  if (lead.expired || (await hasAccount(data.contactId, lead.contact.Email))) throw callableError('not-found', 'not-found');
  return { link: await contractLinkOfContact(lead.contact) };
});

/** spec 002 §6: signing the contract needs a non-agent or an agent with allowClientActions (declared signContract). */
export const getContractSigningUrl = defineCallable('getContractSigningUrl', async (caller) => {
  const contactId = customerContactIdOf(caller);
  if (!(await crm().getContact(contactId))) throw callableError('not-found', 'not-found');
  return { url: await esign().signingUrl(contactId, 'signedIn') };
});

// ---------------------------------------------------------------------------------------------- quick sign-up

/**
 * A contact id is a credential here only while its quick sign-up link is live: the CRM sent the quick sign-up email
 * (spec 002 §3) less than 3 days ago (§9). A contact never sent one answers not-found like an unknown id, so walking
 * through (sequential) CRM ids finds nothing; the budget per caller address (callable/rateLimit.ts) bounds the walk.
 */
async function quickSignUpLead(contactId: string) {
  const contact = await crm().getContact(contactId);
  const sentAt = contact?.Quick_Sign_Up_Email_Timestamp__c ?? null;
  if (!contact || sentAt === null) throw callableError('not-found', 'not-found');
  return { contact, sentAt, expired: isQuickSignUpLinkExpired(sentAt, Date.now()) };
}

/** An account holds the contact, or an account was made with its email (bound once that email is verified). */
async function hasAccount(contactId: string, email: string | null | undefined): Promise<boolean> {
  if (!(await customerAccountsOf(contactId).limit(1).get()).empty) return true;
  return typeof email === 'string' && email !== '' && (await userByEmailOrNull(normalizeEmail(email))) !== null;
}

/**
 * spec 002 §3-§4 quick sign-up contact. The signing link exists once the quick sign-up email went out (the CRM
 * prepares the agreement with it); without one the page shows the error with contact options. An expired link
 * answers only its send time (the page shows 403); a contact with an account answers only that (sign-in): neither
 * the email nor the account is told to whoever holds the id.
 */
export const getContactAnonymously = defineCallable('getContactAnonymously', async ({ data }) => {
  const { contact, sentAt, expired } = await quickSignUpLead(data.contactId);
  const nothing = { contractSignLink: null, email: null, isContractSigned: false, hasAccount: false, quickSignUpEmailTimestamp: sentAt };
  if (expired) return nothing;
  if (await hasAccount(data.contactId, contact.Email)) return { ...nothing, hasAccount: true };
  const link = await contractLinkOfContact(contact);
  return {
    contractSignLink: link === null ? await esign().signingUrl(data.contactId, 'quickSignUp') : null,
    email: contact.Email ?? null,
    isContractSigned: link !== null,
    hasAccount: false,
    quickSignUpEmailTimestamp: sentAt,
  };
});

// ---------------------------------------------------------------------------------------------- authorizations

type AuthorizationsResult = CallableResult<'getAuthorizations'>;

async function authorizationsOf(caller: SignedInCaller): Promise<AuthorizationsResult> {
  const contactId = customerContactIdOf(caller);
  const [contact, user] = await Promise.all([
    crm().getContact(contactId),
    db().collection(COLLECTIONS.users).doc(await clientUid(caller)).get(),
  ]);
  if (!contact) throw callableError('not-found', 'not-found');
  return {
    DoNotCall: contact.DoNotCall ?? null,
    Allow_Referral_Update__c: contact.Allow_Referral_Update__c ?? null,
    Round_Opt_In__c: contact.Round_Opt_In__c ?? null,
    SMS_Opt_out__c: contact.SMS_Opt_out__c ?? null,
    Do_Not_SMS__c: contact.Do_Not_SMS__c ?? null,
    hasMobilePhone: Boolean(contact.MobilePhone),
    agreedToPIIAt: toIso(storedUserSchema.parse(user.data() ?? {}).customer?.agreedToPIIAt),
  };
}

export const getAuthorizations = defineCallable('getAuthorizations', authorizationsOf);

/**
 * The settings page's communication toggles (spec 000 §2.5, §3.4): only the toggles sent change; the SMS opt-in
 * (SMS_Opt_out__c) exists only for a contact with a mobile phone (spec 002 §5), as on the authorizations page.
 */
async function updateCommunications(
  contactId: string,
  contact: CustomerContactRecord,
  toggles: Extract<CallableParsedRequest<'updateAuthorizations'>, { communications: unknown }>['communications'],
): Promise<void> {
  if (toggles.SMS_Opt_out__c !== undefined && !contact.MobilePhone) throw callableError('failed-precondition', 'no-mobile-phone');
  await crm().updateContact(contactId, toggles);
}

/**
 * The settings toggles are 'update auth' (spec 000 §6): a non-agent, or an agent with allowClientActions (with the
 * coach console's flag applied, as the declared permission check does), whatever the accept-authorizations
 * permission check flag says. Refused before anything is read or written.
 */
async function assertMayUpdateCommunications(caller: SignedInCaller): Promise<void> {
  const claims = caller.claims.isAgent === true
    ? withCoachConsoleFlag(caller.claims, (await serverFlags()).coachConsoleAllowClientActions)
    : caller.claims;
  if (!canUpdateAuth(claims)) {
    throw callableError('permission-denied', 'not-permitted', { key: ERROR_KEYS.coachNotPermitted });
  }
}

/**
 * Accepting (spec 002 §4-§6), or the settings page's toggles. Accepting is declared acceptAuthorizations: behind its
 * flag, an agent without allowClientActions is refused as in the client; the toggles always need canUpdateAuth.
 * Accepting gives the contact the boxes and the customer record the date of the PII agreement (kept from the first
 * time).
 */
export const updateAuthorizations = defineCallable('updateAuthorizations', async (caller) => {
  if ('communications' in caller.data) await assertMayUpdateCommunications(caller);
  const contactId = customerContactIdOf(caller);
  const contact = await crm().getContact(contactId);
  if (!contact) throw callableError('not-found', 'not-found');
  if ('communications' in caller.data) {
    await updateCommunications(contactId, contact, caller.data.communications);
    return authorizationsOf(caller);
  }
  const { DoNotCall, Allow_Referral_Update__c, Round_Opt_In__c, SMS_Opt_out__c } = caller.data;
  // spec 002 §5: the SMS choice exists only for a contact with a mobile phone.
  const sms = contact.MobilePhone && SMS_Opt_out__c !== undefined ? { SMS_Opt_out__c } : {};
  await crm().updateContact(contactId, { DoNotCall, Allow_Referral_Update__c, Round_Opt_In__c, ...sms });
  const userRef = db().collection(COLLECTIONS.users).doc(await clientUid(caller));
  await db().runTransaction(async (transaction) => {
    const user = await transaction.get(userRef);
    if (!user.exists) throw callableError('not-found', 'not-found');
    if (!storedUserSchema.parse(user.data()).customer?.agreedToPIIAt) {
      transaction.update(userRef, { 'customer.agreedToPIIAt': Timestamp.now() });
    }
  });
  return authorizationsOf(caller);
});

// ---------------------------------------------------------------------------------------------- goal

function userInfoRef(uid: string) {
  return db().collection(COLLECTIONS.userInfo).doc(uid);
}

type StoredGoal = NonNullable<StoredUserInfo['goal']>;

function goalResult(goal: StoredGoal, type: GoalType): CallableResult<'createGoal'> {
  return {
    id: goal.id,
    type,
    properties: goal.properties ?? {},
    createdAt: toIso(goal.createdAt),
    updatedAt: toIso(goal.updatedAt),
  };
}

/**
 * spec 002 §4 goal creation. The deprecated-goals flag withdraws the recreational vehicle goal. Choosing the goal
 * the customer already has keeps it (and its answers); another type starts a new goal. Personal info is created
 * alongside, so intake saves always name an existing id.
 */
export const createGoal = defineCallable('createGoal', async (caller) => {
  const { type } = caller.data;
  if ((await serverFlags()).hideDeprecatedGoals && DEPRECATED_GOAL_TYPES.includes(type)) {
    throw callableError('failed-precondition', 'goal-type-unavailable', { key: INTAKE_KEYS.errorCreating });
  }
  const uid = await clientUid(caller);
  const ref = userInfoRef(uid);
  const { goal, replacedAfterIntake } = await db().runTransaction(async (transaction): Promise<{ goal: StoredGoal; replacedAfterIntake: boolean }> => {
    const current = parseStored(storedUserInfoSchema, ref.path, (await transaction.get(ref)).data() ?? {});
    const stored = current.goal;
    if (stored && stored.type === type) return { goal: stored, replacedAfterIntake: false };
    const now = Timestamp.now();
    const created = { id: `goal-${randomUUID()}`, type, properties: {}, createdAt: now, updatedAt: now };
    const personalInfo = current.personalInfo ?? { id: personalInfoIdFor(created.id), createdAt: now, updatedAt: now };
    transaction.set(ref, { ...current, goal: created, personalInfo });
    return { goal: created, replacedAfterIntake: current.personalInfo?.completedIntake === true };
  });
  // A new goal once onboarded changes what the savings rule reads (spec 001 §7 calculateActions).
  if (replacedAfterIntake) await recalculateActionsAfter(uid, 'createGoal');
  return goalResult(goal, type);
});

// ---------------------------------------------------------------------------------------------- intake

const intakeIncomplete = () =>
  callableError('failed-precondition', 'intake-incomplete', { key: INTAKE_KEYS.missingFields });

/**
 * spec 002 §4 completion: the answers of every form step must be complete (spec 002 §5) and the bank step done
 * (accounts linked or opted out). Marks the intake complete and starts the initial credit pull, which the
 * pullInitialReport trigger carries out while the client listens to initialReportStatus/{uid}.
 */
/**
 * spec 000 §2.3 gates 3 and 4, enforced where they matter most: the intake's completion starts a credit pull, so
 * it needs the signed contract and the accepted PII and credit authorization, whatever the browser allowed.
 */
async function assertGatesBeforeIntake(uid: string, contactId: string): Promise<void> {
  if ((await contractLinkOf(contactId)) === null) throw callableError('failed-precondition', 'contract-not-signed');
  const user = storedUserSchema.parse((await db().collection(COLLECTIONS.users).doc(uid).get()).data() ?? {});
  if (!user.customer?.agreedToPIIAt) throw callableError('failed-precondition', 'authorizations-not-accepted');
}

export const completeIntake = defineCallable('completeIntake', async (caller) => {
  const uid = await clientUid(caller);
  const contactId = customerContactIdOf(caller);
  const info = await userInfoRef(uid).get();
  const stored = parseStored(storedUserInfoSchema, info.ref.path, info.data() ?? {});
  const personalInfo = stored.personalInfo ?? null;
  if (!stored.goal || !isSupportedGoalType(stored.goal.type)) throw callableError('failed-precondition', 'no-goal');
  const goal = { ...stored.goal, type: stored.goal.type, properties: stored.goal.properties ?? {} };
  const formStepsComplete = intakeSteps(goal.type).every(
    (step) => !isFormStep(step) || isFormStepComplete(step, goal, personalInfo),
  );
  if (!formStepsComplete) throw intakeIncomplete();
  const [contact, institutions] = await Promise.all([crm().getContact(contactId), bankLink().connected(uid)]);
  if (contact?.Link_Bank_Acct_Opt_Out__c !== true && institutions.length === 0) throw intakeIncomplete();
  await assertGatesBeforeIntake(uid, contactId);

  const now = Timestamp.now();
  const statusRef = db().collection(COLLECTIONS.initialReportStatus).doc(uid);
  // A pull lost on its way is started again here (the customer completing again after the wait timed out).
  await recoverStalePull(uid);
  await db().runTransaction(async (transaction) => {
    const status = pullStatusOf(storedPull((await transaction.get(statusRef)).data()));
    transaction.update(userInfoRef(uid), {
      'personalInfo.completedIntake': true,
      'personalInfo.updatedAt': now,
      'personalInfo.id': personalInfo?.id ?? personalInfoIdFor(goal.id),
    });
    transaction.update(db().collection(COLLECTIONS.users).doc(uid), { setupComplete: true });
    // A pull that is running or done is not started again (a retried completion).
    if (status !== 'processing' && status !== 'complete') {
      transaction.set(statusRef, startedPull(1));
    }
  });
  const claims = await storedClaims(uid);
  if (claims && claims.customerOnboardingComplete !== true) {
    await setClaims(uid, { ...claims, customerOnboardingComplete: true });
  }
  // The customer's first actions (spec 001 §7 calculateActions): those of the goal now; the credit pull adds the
  // review of the report's items when it has stored them (credit/creditOrders.ts).
  await recalculateActionsAfter(uid, 'completeIntake');
  return { userId: uid };
});

// ---------------------------------------------------------------------------------------------- Disputes step

export const getInvestigationSummaries = defineCallable('getInvestigationSummaries', async (caller) => {
  const uid = await clientUid(caller);
  // The Disputes step asks here while it waits: a pull lost on its way is started again (creditPull.ts).
  const [reportStatus, items] = await Promise.all([
    recoverStalePull(uid),
    db().collection(COLLECTIONS.investigations).doc(uid).collection('items').get(),
  ]);
  return {
    userId: uid,
    reportStatus,
    investigations: items.docs.map((doc) => ({ id: doc.id, ...storedInvestigationSummarySchema.parse(doc.data()) })),
  };
});

// ---------------------------------------------------------------------------------------------- bank link

/**
 * spec 002 §6: connecting accounts needs the permission (declared CONNECT_MX: else money.coach-cant-connect);
 * spec 000 §6: the bank widgets need a non-free product line.
 */
export const getWidgetUrl = defineCallable('getWidgetUrl', async (caller) => {
  const uid = await clientUid(caller);
  const user = storedUserSchema.parse((await db().collection(COLLECTIONS.users).doc(uid).get()).data() ?? {});
  if (lacksPaidLine(user.customer?.productLine)) {
    throw callableError('permission-denied', 'premium-only');
  }
  return { url: await bankLink().widgetUrl(uid, caller.data.widgetName) };
});

export const getConnectedInstitutions = defineCallable('getConnectedInstitutions', async (caller) => ({
  institutions: await bankLink().connected(await clientUid(caller)),
}));
