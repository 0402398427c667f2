import { getAuth, signInWithCustomToken } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { mintAgentToken } from '../../scripts/lib/agentToken';
import { DEMO_ACCOUNTS, demoAccount } from '../../seed/accounts';
import { adminAuth, adminStorage, emulatorAdminApp, requireStorageEmulator } from '../../seed/admin';
import { SEED_DATE } from '../../seed/data';
import { documentFiles } from '../../seed/data/documents';
import { loadSeed } from '../../seed/load';
import { DEMO_TEST_PLANS, DEVELOPER_CONTACT_ID } from '../../seed/testPlans';
import { CONTENT_CATALOG } from '../../seed/content/catalog';
import { testPlanSchema } from '../../src/contract/devTools';
import { parseClaims } from '../../src/domain/claims';
import { checklistYear, documentYears, fileTypeBelongsTo, isDocumentCategory, isDocumentFileType, parseDocumentStoragePath, requiresYear, sniffContentType, SIGNATURE_BYTES, type DocumentCategory, type DocumentFileType } from '../../src/domain/documents';
import { actorFromClaims, canDownloadDocuments, canModifyDocuments } from '../../src/domain/permissions';
import { storedInvestigationItemSchema, toInvestigationItem, type StoredInvestigationItem } from '../../functions/src/disputes/disputeStore';
import { investigationItemSchema } from '../../src/contract/disputes';
import { needsDecision, offersSecondRound, responseWindow, stageOfItem, toDay } from '../../src/domain/disputes';
import { adminDb, call, clientApp, PROJECT_ID, signedInApp, withSeededBackend } from '../support/emulator';

function seedBucket() {
  return adminStorage().getStorage(emulatorAdminApp(PROJECT_ID)).bucket(requireStorageEmulator(PROJECT_ID).bucket);
}

interface StoredDocumentRecord {
  id: string;
  name: string;
  category: DocumentCategory;
  fileType: DocumentFileType;
  year: number | null;
  documentDate: string | null;
  fileSize: number;
  mimeType: string;
  userId: string;
  storagePath: string;
  status: string;
}

async function premiumDocuments(): Promise<StoredDocumentRecord[]> {
  const snapshot = await adminDb().collection(`documents/${demoAccount('premiumCustomer').uid}/items`).get();
  return snapshot.docs.map((doc) => doc.data() as StoredDocumentRecord);
}

/** The text on a PDF's pages, as a viewer (pdf.js) reads it; throws when pdf.js cannot open the file. */
async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({ data: bytes, verbosity: 0 });
  const pdf = await loading.promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  const pages = pdf.numPages;
  await loading.destroy();
  return { pages, text };
}

describe('seed', () => {
  withSeededBackend();

  it('changes nothing when it runs a second time', async () => {
    const summary = await loadSeed({ projectId: PROJECT_ID });
    expect(summary.created).toBe(0);
    expect(summary.updated).toBe(0);
    expect(summary.unchanged).toBeGreaterThan(0);
  });

  it('seeded again from the command line, removes what the app created for the demo users and nothing of anyone else', async () => {
    const premium = demoAccount('premiumCustomer').uid;
    const created = [
      `payments/${premium}/charges/app-made-charge`,
      `auditLog/${premium}/entries/app-made-entry`,
      `reportOrders/${premium}`,
      'kbaSessions/app-made-kba-session',
    ];
    await Promise.all(created.map((path) => adminDb().doc(path).set({ uid: premium, madeBy: 'the app' })));
    await adminDb().doc('users/not-a-demo-user/extra/keep').set({ kept: true });
    const summary = await loadSeed({ projectId: PROJECT_ID, removeAppCreated: true });
    expect(summary).toMatchObject({ created: 0, updated: 0 });
    expect(summary.removed).toBeGreaterThanOrEqual(created.length);
    for (const path of created) expect((await adminDb().doc(path).get()).exists, path).toBe(false);
    // The seeded documents stay, and another user's data is not the seed's to remove.
    expect((await adminDb().doc(`users/${premium}`).get()).exists).toBe(true);
    expect((await adminDb().collection(`investigations/${premium}/items`).limit(1).get()).size).toBe(1);
    expect((await adminDb().doc('users/not-a-demo-user/extra/keep').get()).exists).toBe(true);
    await adminDb().doc('users/not-a-demo-user/extra/keep').delete();
  });

  it.each(DEMO_ACCOUNTS.map((account) => [account.email, account] as const))(
    '%s signs in with the demo password',
    async (_email, account) => {
      const app = await signedInApp(account.email, account.password);
      const user = getAuth(app).currentUser;
      expect(user?.uid).toBe(account.uid);
      expect(user?.emailVerified).toBe(account.emailVerified);
    },
  );

  it('gives customers the customer tenant and the app site id', async () => {
    for (const key of ['newCustomer', 'premiumCustomer', 'freeCustomer', 'unverifiedCustomer'] as const) {
      const user = (await adminDb().doc(`users/${demoAccount(key).uid}`).get()).data();
      expect(user).toMatchObject({ siteId: 'APP', tenantId: 'customer', role: 'customer' });
    }
  });

  it('gives the premium customer a signed contract, a goal, a completed intake and Active subscription', async () => {
    const app = await signedInApp(demoAccount('premiumCustomer').email, demoAccount('premiumCustomer').password);
    const contact = await call(app, 'getCustomerContact');
    expect(contact.SF_External_Echosign_URL__c).toMatch(/^https:\/\//);
    expect(contact.Status__c).toBe('Active');
    const info = await call(app, 'getUserInfo');
    expect(info.goal?.type).toBe('mortgage_loan');
    expect(info.personalInfo?.completedIntake).toBe(true);
    const user = (await adminDb().doc(`users/${demoAccount('premiumCustomer').uid}`).get()).data();
    expect(user?.customer).toMatchObject({ productLine: 'Primary', subscriptionStatus: 'Active' });
    expect(user?.customer?.agreedToPIIAt).toBeDefined();
  });

  it.each(['premiumCustomer', 'freeCustomer'] as const)(
    'gives the onboarded %s the readiness score its data earns, as the score callable computes it',
    async (key) => {
      const app = await signedInApp(demoAccount(key).email, demoAccount(key).password);
      const seeded = await call(app, 'getReadinessScore');
      expect(seeded?.score.displayScore).toBeGreaterThan(0);
      // The premium customer's hub shows a gain on the score before (seed/hub.ts); the free customer has one score.
      if (key === 'premiumCustomer') expect(seeded?.previousScore?.displayScore).toBeLessThan(seeded?.score.displayScore ?? 0);
      else expect(seeded?.previousScore).toBeNull();
      const calculated = await call(app, 'calculateReadinessScore', { isFirstScore: true });
      expect(calculated.score).toEqual(seeded?.score);
      expect(calculated.components).toEqual(seeded?.components);
    },
  );

  it('gives the premium customer a three-bureau report, disputes in several categories, documents and actions', async () => {
    const uid = demoAccount('premiumCustomer').uid;
    const report = (await adminDb().doc(`creditReports/${uid}`).get()).data();
    const bureaus = (report?.reportSummary.bureauSummary as { bureau: string }[]).map((summary) => summary.bureau);
    expect(bureaus.sort()).toEqual(['EQUIFAX', 'EXPERIAN', 'TRANSUNION']);
    expect(report?.accounts.length).toBeGreaterThan(10);
    expect(report?.inquiries.length).toBeGreaterThan(0);
    expect(report?.publicRecords.length).toBeGreaterThan(0);
    expect(report?.personalInfo).toHaveLength(3);
    const investigations = await adminDb().collection(`investigations/${uid}/items`).get();
    const categories = new Set(investigations.docs.map((doc) => doc.get('type') as string));
    expect([...categories].sort()).toEqual([
      'COLLECTIONS_OTHER',
      'COLLECTIONS_TRADELINE',
      'LATE_PAYMENTS',
      'PUBLIC_RECORDS',
      'RECENT_INQUIRY',
    ]);
    expect((await adminDb().collection(`documents/${uid}/items`).get()).size).toBeGreaterThan(0);
    expect((await adminDb().collection(`actions/${uid}/items`).get()).size).toBeGreaterThan(0);
  });

  async function storedItems(uid: string): Promise<{ id: string; item: StoredInvestigationItem }[]> {
    const snapshot = await adminDb().collection(`investigations/${uid}/items`).get();
    return snapshot.docs.map((doc) => ({ id: doc.id, item: storedInvestigationItemSchema.parse(doc.data()) }));
  }

  async function reportRecordIds(uid: string): Promise<Set<string>> {
    const report = (await adminDb().doc(`creditReports/${uid}`).get()).data() ?? {};
    return new Set(
      ['accounts', 'inquiries', 'publicRecords'].flatMap((field) => ((report[field] ?? []) as { id: string }[]).map((record) => record.id)),
    );
  }

  it.each(['premiumCustomer', 'disputesCustomer'] as const)('stores %s’s dispute items as the contract’s items', async (key) => {
    const uid = demoAccount(key).uid;
    const items = await storedItems(uid);
    expect(items.length).toBeGreaterThan(4);
    for (const { id, item } of items) {
      expect(() => investigationItemSchema.parse(toInvestigationItem(id, item)), id).not.toThrow();
      // Only the secondary reasons chosen with a reason, never the offered reasons.
      if (item.challengeReason === null) expect(item.challengeReasonOptions, id).toEqual([]);
    }
  });

  it('gives the premium customer dispute items in every stage, with each bureau’s window counted from today', async () => {
    const today = toDay(Date.now());
    const items = (await storedItems(demoAccount('premiumCustomer').uid)).map(({ item }) => item);
    const statuses = items.flatMap((item) => item.statuses);
    const undecided = items.filter((item) => needsDecision(item) && stageOfItem(item) === 'not-challenged');
    expect(new Set(undecided.map((item) => item.type)).size).toBe(5);
    expect(undecided.some((item) => item.isSpecialAccount)).toBe(true);
    expect(items.some((item) => item.challengeReason === 'do_not_challenge' && item.statuses.every((status) => status.status === 'NOT_CHALLENGED'))).toBe(true);
    // Sent yesterday: still in the mail.
    expect(statuses.some((status) => status.status === 'UNDER_REVIEW_PENDING' && status.sentAt === toDay(Date.now() - 86_400_000))).toBe(true);
    const windows = statuses.map((status) => responseWindow(status, today));
    expect(windows.some((window) => window.kind === 'open' && window.daysLeft > 0)).toBe(true);
    expect(windows.some((window) => window.kind === 'overdue')).toBe(true);
    const answered = statuses.filter((status) => status.status === 'CORRECTED');
    expect(new Set(answered.map((status) => status.outcome))).toEqual(new Set(['REMOVED', 'MODIFIED', 'VERIFIED']));
    expect(answered.some((status) => status.outcome === 'VERIFIED' && offersSecondRound(status, today))).toBe(true);
    expect(answered.some((status) => status.reinsertedAt !== null && status.reinsertedAt <= today)).toBe(true);
    for (const status of answered) expect(status.answeredAt! <= today && status.receivedAt! < status.answeredAt!).toBe(true);
    // The resolved-disputes modal has unviewed corrected items to show.
    expect(items.some((item) => stageOfItem(item) === 'corrected' && !item.viewed)).toBe(true);
  });

  it('keeps the premium customer’s report in step with the bureaus’ answers: a removed record is gone at that bureau', async () => {
    const uid = demoAccount('premiumCustomer').uid;
    const [items, records] = await Promise.all([storedItems(uid), reportRecordIds(uid)]);
    let removed = 0;
    for (const { item } of items) {
      for (const status of item.statuses) {
        const recordId = item.itemIds.find((id) => id.startsWith(`${status.bureau}-`))!;
        const gone = status.outcome === 'REMOVED' && status.reinsertedAt === null;
        if (gone) removed += 1;
        expect(records.has(recordId), recordId).toBe(!gone);
        if (gone) expect((await adminDb().doc(`investigations/${uid}/removedRecords/${recordId}`).get()).get('record.id')).toBe(recordId);
      }
    }
    expect(removed).toBeGreaterThan(0);
  });

  it('gives the customer at the Disputes step items waiting for a decision, on their report', async () => {
    const uid = demoAccount('disputesCustomer').uid;
    const [items, records] = await Promise.all([storedItems(uid), reportRecordIds(uid)]);
    expect(items.every(({ item }) => needsDecision(item) && stageOfItem(item) === 'not-challenged')).toBe(true);
    expect(new Set(items.map(({ item }) => item.type)).size).toBeGreaterThanOrEqual(3);
    for (const { item } of items) for (const id of item.itemIds) expect(records.has(id), id).toBe(true);
  });

  it('gives the premium customer every round’s letters, each written as a PDF when first listed', async () => {
    const account = demoAccount('premiumCustomer');
    const items = await storedItems(account.uid);
    const app = await signedInApp(account.email, account.password);
    const { pdfs } = await call(app, 'listDisputePdfs', { v2: true });
    // One letter per bureau and send day, for every round the items went through.
    const sent = items.flatMap(({ item }) => item.statuses.filter((status) => status.sentAt !== null));
    expect(pdfs.length).toBeGreaterThan(sent.length);
    expect(new Set(pdfs.map((pdf) => pdf.round))).toEqual(new Set([1, 2]));
    const latest = pdfs[0]!;
    const pdf = await call(app, 'getDisputePdf', { bureau: latest.bureau, documentId: latest.documentId, v2: true });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stores every seeded document’s file in Storage at its record’s path, with the recorded size and the type its bytes say', async () => {
    const uid = demoAccount('premiumCustomer').uid;
    const documents = await premiumDocuments();
    expect(documents.length).toBeGreaterThanOrEqual(5);
    expect(new Set(documents.map((document) => document.mimeType))).toEqual(new Set(['application/pdf', 'image/jpeg']));
    for (const document of documents) {
      expect(parseDocumentStoragePath(document.storagePath), document.id).toEqual({ uid, documentId: document.id, uploadId: 'seed' });
      expect(document).toMatchObject({ userId: uid, status: 'ready' });
      const [bytes] = await seedBucket().file(document.storagePath).download();
      expect(bytes.length, document.id).toBe(document.fileSize);
      expect(sniffContentType(new Uint8Array(bytes.subarray(0, SIGNATURE_BYTES))), document.id).toBe(document.mimeType);
      const [metadata] = await seedBucket().file(document.storagePath).getMetadata();
      expect(metadata.contentType, document.id).toBe(document.mimeType);
      expect(metadata.metadata, document.id).toMatchObject({ documentId: document.id });
    }
  });

  it('makes the seeded PDFs open in a PDF viewer, one page saying what the document is', async () => {
    const pdfs = (await premiumDocuments()).filter((document) => document.mimeType === 'application/pdf');
    expect(pdfs.length).toBeGreaterThanOrEqual(4);
    for (const document of pdfs) {
      const [bytes] = await seedBucket().file(document.storagePath).download();
      const { pages, text } = await pdfText(new Uint8Array(bytes));
      expect(pages, document.id).toBe(1);
      expect(text, document.id).toContain('(demo)');
      if (document.year !== null) expect(text, document.id).toContain(String(document.year));
      if (document.documentDate !== null && document.fileType === 'pay_stub') expect(text, document.id).toContain(document.documentDate);
    }
  });

  it('gives each seeded document a category, a type of that category and, for tax types only, a year the form allows on the seed day', async () => {
    for (const document of await premiumDocuments()) {
      expect(isDocumentCategory(document.category), document.id).toBe(true);
      expect(isDocumentFileType(document.fileType) && fileTypeBelongsTo(document.category, document.fileType), document.id).toBe(true);
      if (requiresYear(document.fileType)) expect(documentYears(SEED_DATE), document.id).toContain(document.year);
      else expect(document.year, document.id).toBeNull();
    }
  });

  it('writes a file back when its bytes in Storage differ from the seed', async () => {
    const [document] = await premiumDocuments();
    const seeded = documentFiles(demoAccount('premiumCustomer').uid).find((file) => file.path === document!.storagePath)!;
    const object = seedBucket().file(document!.storagePath);
    await object.save(Buffer.from('%PDF-1.7 not the seeded file'), { resumable: false, contentType: 'application/pdf' });
    expect((await loadSeed({ projectId: PROJECT_ID })).updated).toBeGreaterThanOrEqual(1);
    const [bytes] = await object.download();
    expect(Buffer.compare(bytes, Buffer.from(seeded.bytes))).toBe(0);
    expect(await loadSeed({ projectId: PROJECT_ID })).toMatchObject({ created: 0, updated: 0 });
  });

  it('gives the settings customer back its email, password, contact and weak-password flag when seeded again', async () => {
    const account = demoAccount('settingsCustomer');
    const elsewhere = 'settings.elsewhere@test.example';
    await adminAuth.getAuth(emulatorAdminApp(PROJECT_ID)).updateUser(account.uid, { email: elsewhere, password: 'Changed-Password-9!' });
    await adminDb().doc(`users/${account.uid}`).update({ email: elsewhere, 'security.weakPassword': false });
    await adminDb().doc('crm/sandbox/contacts/003DEMOSETTINGS01').update({ Email: elsewhere, MobilePhone: '7025550000' });

    expect((await loadSeed({ projectId: PROJECT_ID })).updated).toBeGreaterThanOrEqual(3);
    const app = await signedInApp(account.email, account.password);
    expect(await call(app, 'getCustomerContact')).toMatchObject({ Email: account.email, MobilePhone: '7025550199' });
    expect((await adminDb().doc(`users/${account.uid}`).get()).data()).toMatchObject({ email: account.email, security: { weakPassword: true } });
    expect(await loadSeed({ projectId: PROJECT_ID })).toMatchObject({ created: 0, updated: 0 });
  });

  it('gives the premium customer a loan checklist of real types, each checked by a stored document of its type and year or linked to one', async () => {
    const uid = demoAccount('premiumCustomer').uid;
    const documents = await premiumDocuments();
    const items = (await adminDb().collection(`documentChecklist/${uid}/items`).get()).docs.map((doc) => ({ id: doc.id, ...doc.data() }) as {
      id: string;
      category: DocumentCategory;
      fileType: DocumentFileType;
      yearModifier: number;
      documentId: string | null;
    });
    expect(items.length).toBeGreaterThanOrEqual(6);
    const checked = (item: (typeof items)[number]) => {
      if (item.documentId !== null) return documents.some((document) => document.id === item.documentId && document.fileType === item.fileType);
      const year = requiresYear(item.fileType) ? checklistYear(item.yearModifier, SEED_DATE) : null;
      return documents.some((document) => document.fileType === item.fileType && (year === null || document.year === year));
    };
    for (const item of items) {
      expect(Object.keys(item).sort(), item.id).toEqual(['category', 'documentId', 'fileType', 'id', 'yearModifier']);
      expect(fileTypeBelongsTo(item.category, item.fileType), item.id).toBe(true);
      expect(Number.isInteger(item.yearModifier) && item.yearModifier >= 0, item.id).toBe(true);
      // A linked document exists and is of the item's type.
      if (item.documentId !== null) expect(checked(item), item.id).toBe(true);
      // A tax item asks for a year the upload form offers.
      if (requiresYear(item.fileType)) expect(documentYears(SEED_DATE), item.id).toContain(checklistYear(item.yearModifier, SEED_DATE));
    }
    const byId = new Map(items.map((item) => [item.id, item]));
    // Last year's federal return is stored, so its item is checked; some items still wait for a document.
    expect(byId.get('federal-tax-return-last-year')).toMatchObject({ fileType: 'federal_tax_return', yearModifier: 1 });
    expect(checked(byId.get('federal-tax-return-last-year')!)).toBe(true);
    expect(items.filter((item) => !checked(item)).map((item) => item.id).sort()).toEqual(['proof-of-insurance', 'w2-year-before']);
  });

  it('seeds coach.download@demo.test as an agent who may download the customer’s documents but not change them', async () => {
    const account = demoAccount('coachDownload');
    expect(account.email).toBe('coach.download@demo.test');
    const user = await adminAuth.getAuth(emulatorAdminApp(PROJECT_ID)).getUser(account.uid);
    const claims = parseClaims(user.customClaims);
    expect(claims.ok).toBe(true);
    if (!claims.ok) return;
    expect(claims.claims).toMatchObject({ role: 'coach', isAgent: true, allowPortalDownload: true, allowClientActions: false });
    const actor = actorFromClaims(claims.claims);
    expect(canDownloadDocuments(actor)).toBe(true);
    expect(canModifyDocuments(actor)).toBe(false);
    expect((await adminDb().doc(`users/${account.uid}`).get()).get('role')).toBe('coach');
  });

  it('launches the download coach’s agent session on the premium customer with allowPortalDownload and without client actions', async () => {
    const token = await mintAgentToken({ coachKey: 'coachDownload', projectId: PROJECT_ID });
    const { user } = await signInWithCustomToken(getAuth(clientApp()), token);
    expect(user.uid).toBe(demoAccount('premiumCustomer').uid);
    const { claims } = await user.getIdTokenResult(true);
    expect(claims).toMatchObject({ isAgent: true, agentUid: demoAccount('coachDownload').uid, allowPortalDownload: true, allowClientActions: false });
    const parsed = parseClaims(claims);
    expect(parsed.ok && canDownloadDocuments(actorFromClaims(parsed.claims)) && !canModifyDocuments(actorFromClaims(parsed.claims))).toBe(true);
  });

  it('keeps the other coaches without allowPortalDownload', async () => {
    for (const key of ['coach', 'coachWithActions'] as const) {
      const token = await mintAgentToken({ coachKey: key, projectId: PROJECT_ID });
      const { user } = await signInWithCustomToken(getAuth(clientApp()), token);
      const { claims } = await user.getIdTokenResult(true);
      expect(claims.allowPortalDownload, key).toBeUndefined();
    }
  });
  it('seeds developer@demo.test as an onboarded premium developer without a credit report, and the two test plans written for its contact', async () => {
    const developer = demoAccount('developer');
    const claims = parseClaims((await adminAuth.getAuth(emulatorAdminApp(PROJECT_ID)).getUser(developer.uid)).customClaims ?? {});
    expect(claims).toEqual({ ok: true, claims: expect.objectContaining({ role: 'customer', isDeveloper: true, customerOnboardingComplete: true, customerContactId: DEVELOPER_CONTACT_ID }) });
    expect((await adminDb().doc(`users/${developer.uid}`).get()).get('customer')).toMatchObject({ contactId: DEVELOPER_CONTACT_ID, productLine: 'Primary', subscriptionStatus: 'Active' });
    expect((await adminDb().doc(`creditReports/${developer.uid}`).get()).exists).toBe(false);
    const plans = await adminDb().collection('testPlans').get();
    for (const plan of DEMO_TEST_PLANS) {
      const stored = plans.docs.find((doc) => doc.id === plan.id);
      expect(testPlanSchema.parse({ ...stored?.data(), id: stored?.id })).toEqual(plan);
      expect(plan.contactId).toBe(DEVELOPER_CONTACT_ID);
    }
  });

  it('seeds the billing accounts: Suspended with a past-due monthly fee and an expired card, a CA customer, a card with a ledger; reseeding puts the suspended one back', async () => {
    const suspended = demoAccount('paymentSuspended');
    const data = await call(await signedInApp(suspended.email, suspended.password), 'getContactPaymentData');
    expect(data).toMatchObject({
      subscriptionStatus: 'Suspended',
      profileCardData: { cardType: 'Visa', cardNumber: 'XXXX1111' },
      initialFeePaid: true,
      amountDue: 9_900,
      amountDueItem: 'RECURRING_FEE',
      cancellation: 'none',
    });
    const california = demoAccount('paymentCalifornia');
    const caData = await call(await signedInApp(california.email, california.password), 'getContactPaymentData');
    expect(caData).toMatchObject({ subscriptionStatus: 'Active', amountDue: 0, profileCardData: { cardNumber: 'XXXX1111' } });
    expect(caData.recurringFee?.nextPaymentDate && caData.recurringFee.nextPaymentDate > new Date().toISOString().slice(0, 10)).toBe(true);
    expect((await adminDb().doc('crm/sandbox/contacts/003DEMOPAYCA00001').get()).get('MailingStateCode')).toBe('CA');
    const card = demoAccount('paymentCard');
    const cardData = await call(await signedInApp(card.email, card.password), 'getContactPaymentData');
    expect(cardData.profileCardData).toEqual({ cardType: 'Mastercard', cardNumber: 'XXXX0015' });
    expect(cardData.charges.map((charge) => [charge.itemId, charge.amount, charge.status])).toEqual([
      ['RECURRING_FEE', 9_900, 'approved'],
      ['RECURRING_FEE', 9_900, 'approved'],
      ['INITIAL_CONSULTATION', 19_900, 'approved'],
    ]);
    // No card number anywhere the gateway sandbox keeps the seeded cards.
    const profiles = await adminDb().collection('cardGateway/sandbox/profiles').get();
    expect(JSON.stringify(profiles.docs.map((doc) => doc.data()))).not.toMatch(/4111111111111111|5424000000000015/);

    await adminDb().doc(`users/${suspended.uid}`).update({ 'customer.subscriptionStatus': 'Current' });
    await adminDb().doc(`payments/${suspended.uid}`).update({ nextPaymentDate: '2099-01-01' });
    expect((await loadSeed({ projectId: PROJECT_ID })).updated).toBeGreaterThanOrEqual(2);
    expect((await adminDb().doc(`users/${suspended.uid}`).get()).get('customer.subscriptionStatus')).toBe('Suspended');
    expect(await loadSeed({ projectId: PROJECT_ID })).toMatchObject({ created: 0, updated: 0 });
  });

  it('loads every learning and support article into the content sandbox, and puts an edited one back when seeded again', async () => {
    const [articles, categories] = await Promise.all([
      adminDb().collection('content/sandbox/articles').get(),
      adminDb().collection('content/sandbox/categories').get(),
    ]);
    expect(articles.size).toBe(CONTENT_CATALOG.length);
    expect(categories.docs.map((doc) => doc.id)).toContain('support--my-account-and-login');
    const dti = adminDb().doc('content/sandbox/articles/learning--what-is-dti-and-how-can-i-improve-it');
    expect((await dti.get()).get('locales.es.title')).toBe('¿Qué es el DTI y cómo puedo mejorarlo?');
    await dti.update({ premium: true });
    expect((await loadSeed({ projectId: PROJECT_ID })).updated).toBeGreaterThanOrEqual(1);
    expect((await dti.get()).get('premium')).toBe(false);
  });
});
