// What billing writes to the CRM besides the contact (spec 001 §7 selfOnboardCard, requestCancellation): the
// payment Task staff work from, and the cancellation request. The sandbox keeps them as documents beside the
// sandbox contacts (server-only): crm/sandbox/tasks/{taskId}, crm/sandbox/cancellationRequests/{requestId}, with the
// fields Salesforce stores (providers/crmSalesforceFields.ts); with CRM_PROVIDER=salesforce they are a Task and a
// Cancellation_Request__c record in the org.
import { randomBytes } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { db } from '../admin';
import { environment, SANDBOX } from '../environment';
import { salesforceCrm } from '../providers';
import { SALESFORCE_PROVIDER } from '../providers/crmSalesforceConfig';
import { cancellationRequestRecord, paymentTaskRecord } from '../providers/crmSalesforceFields';

export const CRM_TASKS = 'crm/sandbox/tasks';
export const CRM_CANCELLATION_REQUESTS = 'crm/sandbox/cancellationRequests';

export interface PaymentTask {
  contactId: string;
  /** Our idempotency key: one task per key. */
  idempotencyKey: string;
  /** The approved charge; null when charging is off and staff charge the card on file from the task. */
  transactionId: string | null;
  amount: number;
  itemId: string | null;
  cardType: string | null;
  last4: string | null;
}

export interface BillingCrm {
  /** Creates the payment Task on the contact; answers its id. */
  createPaymentTask(task: PaymentTask): Promise<string>;
  /** Files the customer's cancellation request; answers its id. */
  createCancellationRequest(contactId: string): Promise<string>;
}

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
  billingCrm ??= new FirestoreBillingCrmSandbox(db);
  return billingCrm;
}
