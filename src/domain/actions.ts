// Coach-assigned actions (spec 001 §4 "Action completion", spec 002 §3 Action): the types and statuses the contract,
// the functions and the machines (the developer tools' setActions form, the hub) all use.

export const ACTION_TYPES = [
  'call_agent',
  'document_upload',
  'savings',
  'offer_even_financial',
  'notification',
  'investigation',
  'personal_finance',
  'dispute',
  'joint_account_reminder',
  'checklist',
  'schedule_call',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const ACTION_STATUSES = [
  'active',
  'inactive',
  'completed_by_agent',
  'completed_by_system',
  'completed_by_user',
  'archived',
] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
