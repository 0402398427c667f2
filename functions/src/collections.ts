// Firestore paths written by the functions (ARCHITECTURE.md conventions; server-only unless firestore.rules
// says otherwise).
export const COLLECTIONS = {
  users: 'users',
  crmContacts: 'crm/sandbox/contacts',
  mailOutbox: 'mailOutbox',
  passwordResets: 'passwordResets',
  emailRecoveries: 'emailRecoveries',
  errorReports: 'errorReports',
  contactRequests: 'contactRequests',
  userInfo: 'userInfo',
} as const;
