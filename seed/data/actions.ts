// The premium customer's action plan, actions/{uid}/items/{id} (spec 002).
import { daysBefore, type SeedDocument } from './base';

export function actionDocuments(uid: string): SeedDocument[] {
  const actions = [
    { id: 'act-upload-pay-stubs', name: 'Upload your two most recent pay stubs', type: 'document_upload', status: 'active', completedAt: null, properties: { documents: ['pay_stub'], documentCountRequired: 2 } },
    { id: 'act-review-disputes', name: 'Review the items on your credit report', type: 'investigation', status: 'active', completedAt: null, properties: {} },
    { id: 'act-down-payment-savings', name: 'Save toward your down payment', type: 'savings', status: 'active', completedAt: null, properties: {} },
    { id: 'act-joint-account', name: 'Ask about joint accounts before you apply', type: 'joint_account_reminder', status: 'inactive', completedAt: null, properties: {} },
    { id: 'act-quarterly-call', name: 'Quarterly check-in call with your coach', type: 'schedule_call', status: 'completed_by_agent', completedAt: daysBefore(30), properties: { recurrence: 'quarterly' } },
    { id: 'act-budget', name: 'Build a monthly budget', type: 'personal_finance', status: 'completed_by_user', completedAt: daysBefore(12), properties: {} },
    { id: 'act-credit-report', name: 'Pull your three-bureau credit report', type: 'checklist', status: 'completed_by_system', completedAt: daysBefore(20), properties: {} },
  ];
  return actions.map((action, index) => ({
    path: `actions/${uid}/items/${action.id}`,
    data: { ...action, updating: false, createdAt: daysBefore(60 - index) },
  }));
}
