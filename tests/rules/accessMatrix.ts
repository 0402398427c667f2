// The rules as a matrix (docs/security.md "Data at rest"): who may do what to every path firestore.rules and
// storage.rules name. One row per path, one line per operation, one column per role; Y = the rules allow it,
// N = they refuse it. tests/rules/accessMatrix.test.ts runs every cell against the emulators and fails on a cell
// whose answer differs, on a `match` block of either rules file that has no row here, and on a collection the
// functions write (functions/src/platform/collections.ts) that has no row.
//
// How to read a row: `path` is a concrete path with placeholders, resolved for each column's session:
//   {self}      the session's own uid (a delegated session's is the customer's: it is signed in as the customer)
//   {customer}  the premium customer every coach, the CRM user and the agent sessions work for
//   {other}     another customer, whom nobody in the columns acts for
//   {client}    the customer the session works on: its own uid for a customer, {customer} for an agent; a partner
//               works on no customer's data ({self} then)
//   {session}   the session's agent-session record (for a column without one, the live coach session's record)
//   {upload}    an upload id of the session's own (Storage: its prepared upload)
// `match` is the rules' block the path falls under (the test checks that it is the most specific one).
//
// Ground rules the cells follow (ARCHITECTURE.md "Data", spec 000 §3.1, §6):
// - Deny by default. No client writes anything in Firestore: every change goes through a callable, which applies the
//   business rules with the contract's zod schemas and permissions (src/contract). So every create, update and delete
//   cell is N, and every list: no client query is allowed.
// - Reads are for a session's own live documents: its user document, the public config flags, its initial report
//   status, its actions stamp, its upload progress records.
// - A delegated session (a coach or CRM user signed in as the customer, src/domain/agentSession.ts) reads only while
//   its agent-session record allows it (firestore.rules `ownSession`): a refused or revoked session reads nothing.
// - A coach signed in with their own account reads the customer's live status documents through `actsFor` (spec 000
//   §1, §6), never the customer's user document (that goes through getUserInfo) nor anything else.
// - The free line (spec 000 §3.2) is not a rules matter: the rules never read the product line; the free line's limits
//   are the callables' (functions/src/credit/creditAccess.ts). Its column equals another customer's on the premium
//   customer's paths and the premium customer's on its own.
// - Storage (storage.rules): no client reads, replaces or deletes a file; a session creates only the file of an upload
//   it prepared through createDocumentUpload, with the DOCUMENT_MODIFY claims (src/domain/permissions.ts
//   canModifyDocuments) and, for a delegated session, a live agent-session record.

import { agentSessionRecord } from './agentSessions';

export const Y = 'allow' as const;
export const N = 'deny' as const;
export type Answer = typeof Y | typeof N;

/** The columns, in the order of every cell line below. */
export const ROLES = [
  'signedOut',
  'customer',
  'freeCustomer',
  'otherCustomer',
  'coach',
  'coachWithActions',
  'coachWithDownloads',
  'partner',
  'crmSession',
  'coachSession',
  'refusedSession',
  'revokedSession',
] as const;
export type RoleKey = (typeof ROLES)[number];

/** One answer per column, in ROLES order (a missing or extra cell does not type-check; the test checks it too). */
export type Cells = readonly [Answer, Answer, Answer, Answer, Answer, Answer, Answer, Answer, Answer, Answer, Answer, Answer];

export const OPERATIONS = ['get', 'list', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

// ---------------------------------------------------------------------------------------------------- the people

export const CUSTOMER = 'matrix-customer';
export const CUSTOMER_CONTACT = '003MATRIXCUST0001';
export const FREE_CUSTOMER = 'matrix-free-customer';
export const OTHER_CUSTOMER = 'matrix-other-customer';
export const VISITOR = 'matrix-visitor';

/** Agent-session record ids (32 hex digits, as createAgentSession makes them). */
export const SESSIONS = {
  coach: 'a9e47000000000000000000000000001',
  crm: 'a9e47000000000000000000000000002',
  refused: 'a9e47000000000000000000000000003',
  revoked: 'a9e47000000000000000000000000004',
} as const;

export interface RoleDefinition {
  /** How the test names speak of this session. */
  label: string;
  /** The signed-in uid; null when signed out. */
  uid: string | null;
  /** The token's claims (src/domain/claims.ts), given the sign-in time in seconds. */
  claims: (signedInAt: number) => Record<string, unknown>;
  /**
   * The uid of the customer whose data the session works on (functions/src/callable/client.ts clientUid); null when
   * there is none (createDocumentUpload refuses a session without a customer contact, so it prepares no upload).
   */
  client: string | null;
  /** Its agent-session record, for a delegated session. */
  session?: string;
}

/** A coach signed in with their own account, as seed/data/index.ts makes them (agentUid is their own uid). */
const coachClaims = (uid: string, rights: Record<string, boolean>) => () => ({
  role: 'coach',
  isAgent: true,
  agentUid: uid,
  customerContactId: CUSTOMER_CONTACT,
  customerOnboardingComplete: true,
  allowClientActions: false,
  ...rights,
});

/** A coach signed in as the customer through /agent, with client actions (the strongest claims such a session has). */
const coachSessionClaims = (session: string) => (signedInAt: number) => ({
  role: 'customer',
  isAgent: true,
  agentUid: 'matrix-coach-actions',
  allowClientActions: true,
  customerContactId: CUSTOMER_CONTACT,
  agentSessionId: session,
  auth_time: signedInAt,
});

export const ROLE_DEFINITIONS: Record<RoleKey, RoleDefinition> = {
  signedOut: { label: 'a signed-out visitor', uid: null, claims: () => ({}), client: CUSTOMER },
  customer: {
    label: 'the premium customer',
    uid: CUSTOMER,
    claims: () => ({ role: 'customer', customerContactId: CUSTOMER_CONTACT, customerOnboardingComplete: true }),
    client: CUSTOMER,
  },
  freeCustomer: {
    label: 'a free-line customer',
    uid: FREE_CUSTOMER,
    claims: () => ({ role: 'customer', customerContactId: '003MATRIXFREE0001', customerOnboardingComplete: true }),
    client: FREE_CUSTOMER,
  },
  otherCustomer: {
    label: 'another customer',
    uid: OTHER_CUSTOMER,
    claims: () => ({ role: 'customer', customerContactId: '003MATRIXOTHER001', customerOnboardingComplete: true }),
    client: OTHER_CUSTOMER,
  },
  coach: {
    label: 'a coach without client actions',
    uid: 'matrix-coach',
    claims: coachClaims('matrix-coach', {}),
    client: CUSTOMER,
  },
  coachWithActions: {
    label: 'a coach with client actions',
    uid: 'matrix-coach-actions',
    claims: coachClaims('matrix-coach-actions', { allowClientActions: true }),
    client: CUSTOMER,
  },
  coachWithDownloads: {
    label: 'a coach with downloads (allowPortalDownload)',
    uid: 'matrix-coach-download',
    claims: coachClaims('matrix-coach-download', { allowPortalDownload: true }),
    client: CUSTOMER,
  },
  partner: {
    label: 'a partner',
    uid: 'matrix-partner',
    claims: () => ({ role: 'partner', partnerContactId: '003MATRIXPARTNER1', partnerOnboardingComplete: true }),
    client: null,
  },
  crmSession: {
    label: 'a CRM session on the customer',
    uid: CUSTOMER,
    // functions/src/agent/callables.ts crmSessionClaims.
    claims: (signedInAt) => ({
      isSalesforceSession: true,
      isAgent: true,
      allowClientActions: false,
      customerContactId: CUSTOMER_CONTACT,
      agentSessionId: SESSIONS.crm,
      auth_time: signedInAt,
    }),
    client: CUSTOMER,
    session: SESSIONS.crm,
  },
  coachSession: {
    label: 'a live coach session on the customer (with client actions)',
    uid: CUSTOMER,
    claims: coachSessionClaims(SESSIONS.coach),
    client: CUSTOMER,
    session: SESSIONS.coach,
  },
  refusedSession: {
    label: 'a coach session the server refuses (a replayed launch link)',
    uid: CUSTOMER,
    claims: coachSessionClaims(SESSIONS.refused),
    client: CUSTOMER,
    session: SESSIONS.refused,
  },
  revokedSession: {
    label: 'a revoked coach session',
    uid: CUSTOMER,
    claims: coachSessionClaims(SESSIONS.revoked),
    client: CUSTOMER,
    session: SESSIONS.revoked,
  },
};

/**
 * The agent-session records (src/domain/agentSession.ts), given the sign-in time in seconds: the live ones are bound
 * to that sign-in; the refused one is bound to an earlier sign-in (this token is a replay of its launch link, which
 * the server refuses as other-sign-in); the revoked one was revoked a second ago.
 */
export function agentSessionRecords(signedInAt: number, nowMs: number): Record<string, Record<string, unknown>> {
  const owner = { customerUid: CUSTOMER, contactId: CUSTOMER_CONTACT, signedInAt, agentUid: 'matrix-coach-actions', allowClientActions: true };
  const record = (fields: Record<string, unknown>) => agentSessionRecord(owner, fields, nowMs);
  return {
    [SESSIONS.coach]: record({}),
    [SESSIONS.crm]: record({ agentUid: null, crmUserId: '005MATRIXCRMUSER1', allowClientActions: false }),
    [SESSIONS.refused]: record({ boundAuthTime: signedInAt - 600 }),
    [SESSIONS.revoked]: record({ revokedAtMs: nowMs - 1_000 }),
  };
}

// ---------------------------------------------------------------------------------------------------- the rows

export interface MatrixRow {
  /** The match block of the rules file this path falls under (its most specific one). */
  match: string;
  /** A concrete path, with the placeholders above. */
  path: string;
  /** What the path holds, as the test names say it. */
  what: string;
  /** Why the answers are what they are: the spec (document and §) or the rule's reason. */
  why: string;
  /** False: the document or file does not exist (every operation meets an absent one). Default true. */
  exists?: boolean;
  get: Cells;
  list: Cells;
  create: Cells;
  update: Cells;
  delete: Cells;
}

/** A row nobody may touch in any way (server-only data: read and written by the functions with the Admin SDK). */
const NOBODY: Cells = [N, N, N, N, N, N, N, N, N, N, N, N];
const serverOnly = (match: string, path: string, what: string, why: string): MatrixRow => ({
  match,
  path,
  what,
  why,
  get: NOBODY,
  list: NOBODY,
  create: NOBODY,
  update: NOBODY,
  delete: NOBODY,
});

/** A row some sessions may read (get, as its cells say) and nobody lists, creates, updates or deletes. */
const readable = (match: string, path: string, get: Cells, what: string, why: string): MatrixRow => ({
  ...serverOnly(match, path, what, why),
  get,
});

const CATCH_ALL = '/{document=**}';

// Columns: out = signed out, cust = premium customer, free = free-line customer, othr = another customer,
// coach / coA / coD = a coach's own account without client actions / with client actions / with downloads,
// part = partner, crm = CRM session, sess = live coach session, refu = refused session, revo = revoked session.

export const FIRESTORE_MATRIX: readonly MatrixRow[] = [
  // One line a row. readable: the get cells as declared, every list, create, update and delete cell N; serverOnly: N
  // in every cell.
  //       match                                 path                                             get: out cust free othr coach coA coD part crm sess refu revo
  readable('/users/{uid}',                       'users/{self}',                                  [N, Y, Y, Y, Y, Y, Y, Y, Y, Y, N, N], 'their own user document', 'spec 000 §3.1: a signed-in user reads their own user document, live; a delegated session only while its record is live (firestore.rules ownSession); sign-up and every change are the callables\''),
  readable('/users/{uid}',                       'users/{customer}',                              [N, Y, N, N, N, N, N, N, Y, Y, N, N], "the customer's user document", 'spec 000 §3.1: the user document is its account\'s own; a coach\'s own account reads the customer\'s profile through getUserInfo (viewClient), not from the document'),
  serverOnly('/userSecrets/{uid}', 'userSecrets/{self}', 'their own secrets (the encrypted SSN)', 'spec 000 §3.1 ssnEncrypted: the browser never receives it; the user document, which its owner reads, does not carry it'),
  readable('/config/{name}',                     'config/featureFlags',                           [Y, Y, Y, Y, Y, Y, Y, Y, Y, Y, Y, Y], 'the feature flag overrides', 'spec 000 §6: the flag overrides are read live by anyone, signed in or not; written by the server'),
  readable('/config/{name}',                     'config/maintenance',                            [Y, Y, Y, Y, Y, Y, Y, Y, Y, Y, Y, Y], 'the maintenance flag', 'spec 001 §2 maintenance: read live by anyone, signed in or not, before sign-in too'),
  serverOnly('/config/{name}', 'config/secrets', 'any other config document', 'only featureFlags and maintenance are public (firestore.rules config); the rest of config is server-only'),
  readable('/initialReportStatus/{uid}',         'initialReportStatus/{self}',                    [N, Y, Y, Y, Y, Y, Y, Y, Y, Y, N, N], 'their own initial report status', 'spec 002 §4, §7: the intake completion listens to its own status; the credit pull (functions) writes it'),
  readable('/initialReportStatus/{uid}',         'initialReportStatus/{customer}',                [N, Y, N, N, Y, Y, Y, N, Y, Y, N, N], "the customer's initial report status", 'spec 002 §4, §7 and spec 000 §1, §6: the customer, a live delegated session, and a coach\'s own account whose claims name the customer\'s contact (actsFor) follow it; a refused or revoked session does not'),
  readable('/initialReportStatus/{uid}',         'initialReportStatus/{other}',                   [N, N, N, Y, N, N, N, N, N, N, N, N], "the initial report status of a customer nobody here acts for", 'actsFor holds only for the customer whose contact the coach\'s claims name (spec 000 §6)'),
  readable('/actions/{uid}',                     'actions/{self}',                                [N, Y, Y, Y, Y, Y, Y, Y, Y, Y, N, N], 'their own actions stamp', 'spec 001 §7 calculateActions, spec 002 §4 "Actions and hub": the hub listens to actions/{uid} (changedAt)'),
  readable('/actions/{uid}',                     'actions/{customer}',                            [N, Y, N, N, Y, Y, Y, N, Y, Y, N, N], "the customer's actions stamp", 'spec 002 §4 "Actions and hub": the customer, a live delegated session and a coach acting for them (actsFor)'),
  readable('/actions/{uid}',                     'actions/{other}',                               [N, N, N, Y, N, N, N, N, N, N, N, N], 'the actions stamp of a customer nobody here acts for', 'actsFor holds only for the customer whose contact the coach\'s claims name (spec 000 §6)'),
  readable('/documentUploadProgress/{uploadId}', 'documentUploadProgress/upload-of-customer',     [N, Y, N, N, Y, Y, Y, N, Y, Y, N, N], "the progress record of the customer's upload", 'spec 001 §3 "Upload progress record", §4 "Upload": the upload flow of the customer, of a live delegated session or of a coach acting for them listens to it; the upload trigger writes it'),
  { ...readable('/documentUploadProgress/{uploadId}', 'documentUploadProgress/upload-not-written-yet', [N, Y, Y, Y, Y, Y, Y, Y, Y, Y, Y, Y], 'a progress record the trigger has not written yet', 'spec 001 §4 "Upload": the browser listens before the trigger writes; an absent record tells nothing (its id is the upload\'s random id) and, once written, the listener is checked again and only its customer\'s sessions keep it'), exists: false },
  serverOnly('/testPlans/{planId}', 'testPlans/plan-matrix', 'a test plan', 'spec 001 §3 "Test plan": read through the devTools callable only, developers only, never in production'),
  serverOnly('/devOverrides/{uid}', 'devOverrides/{self}', 'their developer overrides\' originals', 'spec 000 §6 overrides: read and restored by setUser only'),
  serverOnly('/content/{document=**}', 'content/sandbox/articles/article-1', 'a learning or support article', 'the content callables apply the premium-articles rule (spec 000 §3.2); the browser reads no article'),
  serverOnly('/content/{document=**}', 'content/sandbox/categories/category-1', 'an article category', 'read through the content callables only'),
  serverOnly('/payments/{document=**}', 'payments/{customer}', "the customer's card on file", 'spec 001 §9: the customer reads their billing through getContactPaymentData and writes none of it'),
  serverOnly('/payments/{document=**}', 'payments/{customer}/charges/charge-1', "a charge in the customer's ledger", 'spec 001 §9: the ledger is the server\'s (idempotent charges)'),
  serverOnly('/cardGateway/{document=**}', 'cardGateway/sandbox/profiles/profile-1', "the card gateway sandbox's profile", 'the vendor\'s records (sandbox only)'),
  serverOnly('/secureBillingLinks/{linkId}', 'secureBillingLinks/link-1', 'a secure billing page link', 'the secure pages\' links are the server\'s only'),
  // Everything below falls under the catch-all denial: the collections the functions write (ARCHITECTURE.md "Data").
  serverOnly(CATCH_ALL, 'agentSessions/{session}', 'an agent-session record', 'src/domain/agentSession.ts: the record decides a delegated session; the rules read it, nobody else does'),
  serverOnly(CATCH_ALL, 'agentSessions/{session}/calls/call-1', "an agent session's call log", 'who acted, what, when (functions/src/callable/agentSessions.ts)'),
  serverOnly(CATCH_ALL, 'userInfo/{customer}', "the customer's goal and intake answers", 'spec 002 §4: written by createGoal, completeIntake and updateUserInfo (clientAction), read through getUserInfo'),
  serverOnly(CATCH_ALL, `crm/sandbox/contacts/${CUSTOMER_CONTACT}`, "the customer's CRM contact", 'spec 000 §4.1: the contact is read through getCustomerContact (SSN as last four digits)'),
  serverOnly(CATCH_ALL, 'crm/sandbox/sessions/crm-session-1', 'a CRM user session', 'spec 000 §2.2: checked by the CRM link-in only'),
  serverOnly(CATCH_ALL, 'crm/sandbox/users/005MATRIXCRMUSER1', 'a CRM user', 'the link-in\'s sharing rule'),
  serverOnly(CATCH_ALL, 'mailOutbox/mail-1', 'a mail in the outbox', 'mails carry codes and links'),
  serverOnly(CATCH_ALL, 'passwordResets/reset-1', 'a password reset record', 'auth/resetCodes.ts: hashed codes, server-only'),
  serverOnly(CATCH_ALL, 'emailRecoveries/recovery-1', 'an email recovery record', 'server-only'),
  serverOnly(CATCH_ALL, 'emailChanges/change-1', 'an email change request', 'the new address\'s verification link'),
  serverOnly(CATCH_ALL, 'errorReports/report-1', 'an error report', 'attacker text; stored by reportError only'),
  serverOnly(CATCH_ALL, 'contactRequests/request-1', 'a contact request', 'stored by the contact-request callable only'),
  serverOnly(CATCH_ALL, 'rateLimits/bucket-1', 'a rate-limit bucket', 'the budgets (functions/src/callable/rateLimit.ts)'),
  serverOnly(CATCH_ALL, 'creditReports/{customer}', "the customer's credit report", 'spec 001 §4: read through getCreditReport (viewClient)'),
  serverOnly(CATCH_ALL, 'creditScoreHistory/{customer}/items/EQUIFAX-2026-11-02', "a score in the customer's history", 'spec 001 §4: read through the credit callables'),
  serverOnly(CATCH_ALL, 'reportOrders/{customer}', "the customer's report order throttle", 'spec 001 §5: orderReport\'s 15 s throttle'),
  serverOnly(CATCH_ALL, 'creditDisplayTokens/token-1', 'a credit display token', 'the simulator widget\'s tokens (getCreditDisplayTokens)'),
  serverOnly(CATCH_ALL, 'kbaSessions/kba-1', 'an identity check (KBA) session', 'the answer key never leaves the server'),
  serverOnly(CATCH_ALL, 'investigations/{customer}/items/inv-1', "one of the customer's dispute investigations", 'spec 001 §4 disputes: read and changed through the dispute callables (SUBMIT_DISPUTES)'),
  serverOnly(CATCH_ALL, 'disputeLetters/{customer}/items/letter-1', "one of the customer's dispute letters", 'read through getDisputePdf / listDisputePdfs'),
  serverOnly(CATCH_ALL, 'documents/{customer}/items/doc-1', "a document in the customer's locker", 'spec 001 §4 "Upload": changed through DOCUMENT_MODIFY callables, read through getDocuments'),
  serverOnly(CATCH_ALL, 'documentChecklist/{customer}/items/item-1', "the customer's document checklist", 'the coach\'s checklist, read through getChecklist'),
  serverOnly(CATCH_ALL, 'documentUploads/upload-matrix', 'a prepared upload', 'written by createDocumentUpload; Storage rules read it (storage.rules)'),
  serverOnly(CATCH_ALL, 'documentUrlTokens/0123456789abcdef', 'a document link token', 'getDocumentUrl\'s 5-minute links'),
  serverOnly(CATCH_ALL, 'actions/{customer}/items/act-1', "one of the customer's actions", 'spec 002 §4 "Actions and hub": the actions themselves are read through getActions'),
  serverOnly(CATCH_ALL, 'auditLog/{customer}/entries/entry-1', "an entry of the customer's audit log", 'every reveal of the full SSN, server-only'),
  serverOnly(CATCH_ALL, 'readinessScores/{customer}', "the customer's readiness score", 'spec 001 §7: calculateReadinessScore'),
  serverOnly(CATCH_ALL, 'connectedInstitutions/{customer}', "the customer's connected bank", 'read through the money callables (CONNECT_MX)'),
  serverOnly(CATCH_ALL, 'debtSettings/{customer}', "the customer's debt settings", 'the debts page\'s callables'),
  serverOnly(CATCH_ALL, 'savingsHistory/{customer}/days/2026-12-01', "a day of the customer's savings history", 'the money overview\'s callables'),
  serverOnly(CATCH_ALL, 'agentMessages/{customer}', "the coach's messages to the customer", 'the hub callables'),
  serverOnly(CATCH_ALL, 'esign/sandbox/agreements/agreement-1', 'an e-sign agreement (sandbox)', 'the vendor\'s records'),
  serverOnly(CATCH_ALL, 'bankLink/sandbox/sessions/session-1', 'a bank link session (sandbox)', 'the vendor\'s records'),
  serverOnly(CATCH_ALL, 'identityProtection/sandbox/enrolments/{customer}', "the customer's identity-protection enrolment (sandbox)", 'the vendor\'s records; the token is clientAction'),
  serverOnly(CATCH_ALL, 'identityProtection/sandbox/tokens/token-1', 'an identity-protection user token (sandbox)', 'handed out by getArrayUserToken (clientAction) only'),
  serverOnly(CATCH_ALL, 'somethingNew/{customer}', 'a document of a collection nobody declared', 'deny by default (ARCHITECTURE.md "Data")'),
];

// Storage: the same columns. get = a file's metadata or download URL, list = the folder's listing, create = a new
// file, update = replacing a file (or its metadata), delete = removing it.
export interface StorageRow extends MatrixRow {
  /**
   * The prepared upload (documentUploads/{upload}) the create cell meets, as createDocumentUpload writes it:
   * 'session' = one this session prepared for its client (preparedBy its own uid; none for a session without a
   * client, and for a signed-out visitor the customer's); 'customer' = one the customer prepared in person;
   * undefined = there is none.
   */
  prepared?: 'session' | 'customer';
}

/**
 * A Storage row where only a create may be allowed (the file of an upload `prepared` names), as its cells say; no
 * client gets, lists, replaces or deletes a file.
 */
const creatable = (match: string, path: string, prepared: StorageRow['prepared'], create: Cells, what: string, why: string): StorageRow => ({
  ...serverOnly(match, path, what, why),
  prepared,
  create,
});

export const STORAGE_MATRIX: readonly StorageRow[] = [
  creatable(
    '/users/{uid}/documents/{documentId}/{uploadId}',
    'users/{client}/documents/doc-matrix/{upload}',
    'session',
    //     out cust free othr coach coA coD part crm sess refu revo
    /* create */ [N, Y, Y, Y, N, Y, N, N, N, Y, N, N],
    'the file of an upload it prepared',
    'spec 001 §4 "Upload", §9: the session that prepared the upload writes its file with the DOCUMENT_MODIFY claims ' +
      '(src/domain/permissions.ts canModifyDocuments: not an agent, or client actions); a delegated session only ' +
      'while its record is live (a refused or revoked one, whatever its claims, writes nothing). A partner has no ' +
      'customer contact, so createDocumentUpload prepares nothing for them, and a signed-out visitor meets the ' +
      'customer\'s prepared upload. No client reads, replaces or deletes a file: reads go through getDocumentUrl',
  ),
  creatable(
    '/users/{uid}/documents/{documentId}/{uploadId}',
    'users/{customer}/documents/doc-matrix/upload-by-customer',
    'customer',
    //     out cust free othr coach coA coD part crm sess refu revo
    /* create */ [N, Y, N, N, N, N, N, N, N, Y, N, N],
    'the file of an upload the customer prepared',
    'only the session that prepared an upload writes its file (preparedBy); a delegated session signed in as the ' +
      'customer counts as the customer while its record is live and it has client actions',
  ),
  serverOnly('/users/{uid}/documents/{documentId}/{uploadId}', 'users/{client}/documents/doc-matrix/upload-never-prepared', 'a file at a path no upload was prepared for', 'spec 001 §4 "Upload": every upload is prepared by createDocumentUpload first (it checks the document and the file)'),
  serverOnly('/{allPaths=**}', 'disputeLetters/{customer}/EQUIFAX/letter-1.pdf', "one of the customer's dispute letters", 'written by the functions, read only through getDisputePdf (functions/src/disputes/disputeLetters.ts)'),
  serverOnly('/{allPaths=**}', 'users/{self}/avatar.png', 'a file of their own outside the documents folder', 'deny by default: only document uploads are client-written'),
];
