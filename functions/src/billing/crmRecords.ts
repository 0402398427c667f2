// What billing writes to the CRM besides the contact (spec 001 §7 selfOnboardCard, requestCancellation): the
// payment Task staff work from, and the cancellation request. The sandbox keeps them as documents beside the
// sandbox contacts (server-only): crm/sandbox/tasks/{taskId}, crm/sandbox/cancellationRequests/{requestId}, with the
// fields Salesforce stores (providers/crmSalesforceFields.ts); with CRM_PROVIDER=salesforce they are a Task and a
// Cancellation_Request__c record in the org. The port (BillingCrm) is the CRM's, in providers/crm.ts.
import { randomBytes } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { db } from '../platform/admin';
import { environment, SANDBOX } from '../platform/environment';
import { salesforceCrm } from '../providers';
import { SALESFORCE_PROVIDER } from '../providers/crmSalesforceConfig';
import type { BillingCrm, PaymentTask } from '../providers/crm';
import { withProviderFaults } from '../providers/faults';
import { cancellationRequestRecord, paymentTaskRecord } from '../providers/crmSalesforceFields';

export const CRM_TASKS = 'crm/sandbox/tasks';
export const CRM_CANCELLATION_REQUESTS = 'crm/sandbox/cancellationRequests';

/** CRM-looking ids: Task records start 00T, a custom object's 'a0C'. */
const crmId = (prefix: string) => `${prefix}SBX${randomBytes(6).toString('hex').toUpperCase()}`;

export class FirestoreBillingCrmSandbox implements BillingCrm {
  constructor(private readonly db: () => Firestore) {}

  async createPaymentTask(task: PaymentTask): Promise<string> {
    const id = crmId('00T');
    await this.db()
      .collection(CRM_TASKS)
      .doc(id)
      .set({ ...paymentTaskRecord(task), CreatedDate: FieldValue.serverTimestamp() });
    return id;
  }

  async createCancellationRequest(contactId: string): Promise<string> {
    const id = crmId('a0C');
    await this.db()
      .collection(CRM_CANCELLATION_REQUESTS)
      .doc(id)
      .set({ ...cancellationRequestRecord(contactId), CreatedDate: FieldValue.serverTimestamp() });
    return id;
  }
}

let billingCrm: BillingCrm | undefined;

/** The CRM chosen by CRM_PROVIDER (providers/index.ts), for its billing records. */
export function crmBilling(): BillingCrm {
  const name = environment.providers.CRM_PROVIDER;
  if (name === SALESFORCE_PROVIDER) return salesforceCrm();
  if (name !== SANDBOX || environment.production) throw new Error(`no billing records for CRM provider '${name}'`);
  // Billing's records are the CRM's: a developer's CRM fault applies to them too (providers/faults.ts).
  billingCrm ??= withProviderFaults('crm', new FirestoreBillingCrmSandbox(db));
  return billingCrm;
}
