// Firestore paths written by the functions (ARCHITECTURE.md conventions; server-only unless firestore.rules
// says otherwise).
export const COLLECTIONS = {
  users: 'users',
  crmContacts: 'crm/sandbox/contacts',
  // CRM user sessions the link-in checks (spec 000 §2.2): { userId, expiresAt }.
  crmSessions: 'crm/sandbox/sessions',
  // CRM users and their profile, for the sharing rule of the link-in: { name, profile }.
  crmUsers: 'crm/sandbox/users',
  mailOutbox: 'mailOutbox',
  passwordResets: 'passwordResets',
  emailRecoveries: 'emailRecoveries',
  // Email change requests (settings/callables.ts): the new address's verification link, by its unguessable id.
  emailChanges: 'emailChanges',
  errorReports: 'errorReports',
  contactRequests: 'contactRequests',
  // Calls per caller address of the public callables (callable/rateLimit.ts), keyed by a hash; expiresAt for a TTL policy.
  rateLimits: 'rateLimits',
  userInfo: 'userInfo',
  // The user's data the browser must not read (spec 000 §3.1 ssnEncrypted, platform/ssnEncryption.ts), beside the
  // users/{uid} document the customer reads: userSecrets/{uid} { ssnEncrypted } (src/contract/userDocument.ts).
  userSecrets: 'userSecrets',
  // Onboarding (spec 000 §2.3, spec 002 §4). initialReportStatus/{uid} is read live by its customer (firestore.rules); the credit
  // report, investigations and documents are per-user documents under {uid}/items like seed/ writes them.
  initialReportStatus: 'initialReportStatus',
  creditReports: 'creditReports',
  investigations: 'investigations',
  documents: 'documents',
  readinessScores: 'readinessScores',
  connectedInstitutions: 'connectedInstitutions',
  // The debts page (money/debtsCallables.ts): debtSettings/{uid} { show: { [accountId]: boolean }, additionalMonthlyDebtPayment }.
  debtSettings: 'debtSettings',
  // The money overview (money/callables.ts): savingsHistory/{uid}/days/{yyyy-MM-dd} { savings, recordedAt }, the
  // goal's savings as the customer recorded them that day (money/savingsHistoryStore.ts), for the savings forecast.
  savingsHistory: 'savingsHistory',
  // The credit area (spec 001 §3, §4). creditScoreHistory/{uid}/items/{bureau}-{day}: a bureau's score on a day;
  // reportOrders/{uid}: { lastOrderAt, inProgressSince } for the order throttle and the order under way;
  // creditDisplayTokens/{token}: { uid, reportKey, userToken, expiresAt } for the simulator widget;
  // kbaSessions/{id}: the identity checks (functions/src/credit/kbaSessions.ts).
  creditScoreHistory: 'creditScoreHistory',
  reportOrders: 'reportOrders',
  creditDisplayTokens: 'creditDisplayTokens',
  kbaSessions: 'kbaSessions',
  // Reads of the most sensitive data (the full SSN), per customer: auditLog/{uid}/entries/{id} { action, at, authTime,
  // contactId }; never the value itself.
  auditLog: 'auditLog',
  // Disputes (disputes/disputeStore.ts): the letters written on submit, by user; the PDFs are in Storage.
  disputeLetters: 'disputeLetters',
  // The documents locker (documents/documentStore.ts): the coach's checklist by user; prepared uploads, the upload trigger's
  // progress records (read live by their customer, firestore.rules) and the short-lived file links, by id.
  documentChecklist: 'documentChecklist',
  documentUploads: 'documentUploads',
  documentUploadProgress: 'documentUploadProgress',
  documentUrlTokens: 'documentUrlTokens',
  esignAgreements: 'esign/sandbox/agreements',
  bankLinkSessions: 'bankLink/sandbox/sessions',
  // The identity-protection sandbox (identity/identityProtectionSandbox.ts): enrolments by uid, user tokens by token.
  identityEnrolments: 'identityProtection/sandbox/enrolments',
  identityTokens: 'identityProtection/sandbox/tokens',
} as const;
