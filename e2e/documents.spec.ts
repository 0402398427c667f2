import type { BrowserContext, Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { demoAccount } from '../seed/accounts';
import { openAgentSession } from './support/agent';
import { closeWelcomeWhenShown, signIn } from './support/app';
import { callAsPageUser } from './support/callable';
import { largePdf, oversizedPdf, receiptHeic, sha256, storedDocumentFile, storedDocuments, storedObjectPaths, type TestFile } from './support/files';
import { reloadDemoData } from './support/demoData';
import { expect, test } from './support/test';

// The documents locker end to end (spec 001 §2-§7, spec 002 §2, §4) in Chromium against the
// local backend and the demo data: on a phone-sized window the premium customer uploads a multi-MB PDF, loses the
// connection half-way (the connection dialog shows, the progress holds), gets it back, and the upload continues to
// the end; the file downloaded through the app is byte-identical to the original (SHA-256), and so is the object
// the server stored. An oversized file is refused with the toast; a HEIC photo is converted, cropped and stored as
// a JPEG; a document's fields are edited, it is viewed (a tab with the PDF), downloaded and deleted. A coach without
// permission sees no upload or delete and the server refuses the call; a coach with allowPortalDownload downloads.
// The locker once in Spanish. Every page visited is checked with axe (support/test.ts).

const premium = demoAccount('premiumCustomer');

test.beforeAll(async () => reloadDemoData());

/** Signs the premium customer in and opens the locker from the address /documents (which shows all). */
async function openLocker(page: Page): Promise<void> {
  const closeWelcome = closeWelcomeWhenShown(page);
  await signIn(page, premium.email);
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening)/ })).toBeVisible({ timeout: 45_000 });
  await closeWelcome();
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/documents\/all$/);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  // The first document calls of a run start the functions emulator's workers for them.
  await expect(documentList(page)).toBeVisible({ timeout: 60_000 });
}

/** The locker's list of documents (the checklist names some of them too). */
const documentList = (page: Page) => page.getByRole('list', { name: 'Your documents' });

const uploadDialog = (page: Page) => page.getByRole('dialog', { name: /^Upload a document|^Replace the file/ });

async function chooseFile(page: Page, file: TestFile): Promise<void> {
  await uploadDialog(page).locator('input[type=file]').setInputFiles(file.path);
}

async function fillForm(dialog: Locator, fields: { category: string; fileType: string; year?: string }): Promise<void> {
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: fields.category });
  await dialog.getByRole('combobox', { name: 'Document type' }).selectOption({ label: fields.fileType });
  if (fields.year) await dialog.getByRole('combobox', { name: 'Tax year' }).selectOption({ label: fields.year });
}

/** The upload's progress bar value (0-100). */
async function progressOf(page: Page): Promise<number> {
  const value = await uploadDialog(page).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow');
  return Number(value ?? 0);
}

/** Slows the page's uploads down (DevTools network emulation), so a cut can come half-way through. */
async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  const emulate = (offline: boolean, upload: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: upload });
  await emulate(false, bytesPerSecond);
  return () => emulate(false, -1).then(() => cdp.detach());
}

/** Saves the download a click starts and answers the SHA-256 of its bytes. */
async function downloadedDigest(page: Page, click: () => Promise<void>): Promise<{ digest: string; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const saved = await download.path();
  return { digest: sha256(new Uint8Array(await readFile(saved))), name: download.suggestedFilename() };
}

test.describe('the documents locker', () => {
  test.describe.configure({ timeout: 210_000 });

  test('on a phone, a multi-MB PDF cut off half-way continues where it stopped and is stored byte for byte', async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openLocker(page);
    // The seeded documents are listed.
    const seeded = await storedDocuments(premium.uid);
    const w2 = seeded.find((document) => document.fileType === 'w2');
    expect(w2).toBeTruthy();
    await expect(documentList(page).getByText(w2!.name, { exact: true })).toBeVisible();

    const file = largePdf();
    await page.getByRole('button', { name: 'Upload document' }).click();
    await expect(uploadDialog(page)).toBeVisible();
    await chooseFile(page, file);
    const dialog = uploadDialog(page);
    await fillForm(dialog, { category: 'Account statements', fileType: 'Bank statement' });
    const restore = await throttleUploads(context, page, 1.5 * 1024 * 1024);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    // Half-way, the connection drops: the dialog says so and the progress holds.
    await expect.poll(() => progressOf(page), { timeout: 30_000, intervals: [100] }).toBeGreaterThanOrEqual(30);
    await context.setOffline(true);
    const connection = page.getByRole('dialog', { name: 'No connection' });
    await expect(connection).toBeVisible();
    await expect(connection.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await expect(dialog.getByTestId('upload-paused')).toBeVisible();
    const held = await progressOf(page);
    expect(held).toBeLessThan(100);

    // Back online, it continues from the bytes the server confirmed (the progress may step back to the last
    // confirmed chunk, never to the start).
    await context.setOffline(false);
    await restore();
    expect(await progressOf(page)).toBeGreaterThan(0);
    const back = page.getByRole('dialog', { name: 'Back online' });
    // The dialog closes by itself once the connection is good again; if it still says so, Continue closes it.
    await back.getByRole('button', { name: 'Continue' }).click({ timeout: 2_000 }).catch(() => undefined);
    await expect(page.getByText('Your document was uploaded.')).toBeVisible({ timeout: 60_000 });
    await expect(uploadDialog(page)).toHaveCount(0);

    // What the server stored is the file, byte for byte, and nothing else was left under the document.
    const stored = await storedDocumentFile(premium.uid, file.name);
    expect(stored.object.size).toBe(file.size);
    expect(stored.object.sha256).toBe(file.sha256);
    expect(stored.document).toMatchObject({ category: 'account-statements', fileType: 'bank', mimeType: 'application/pdf', fileSize: file.size });
    expect(await storedObjectPaths(`users/${premium.uid}/documents/${stored.document.id}/`)).toEqual([stored.document.storagePath]);

    // Downloaded through the app, it is the same file.
    await expect(documentList(page).getByText(file.name, { exact: true })).toBeVisible();
    const downloaded = await downloadedDigest(page, () => page.getByRole('button', { name: `Download ${file.name}` }).click());
    expect(downloaded.digest).toBe(file.sha256);
  });

  test('an oversized file is refused with the toast; a HEIC photo is converted, cropped and stored as a JPEG', async ({ page }) => {
    await openLocker(page);
    await page.getByRole('button', { name: 'Upload document' }).click();
    await chooseFile(page, oversizedPdf());
    await expect(page.getByText('This file is larger than 20 MB. Choose a smaller file or a lower-resolution scan.')).toBeVisible();
    // Nothing else happens: the dialog still asks for a file.
    await expect(uploadDialog(page).getByText('PDF, JPEG, PNG or HEIC, up to 20 MB.')).toBeVisible();

    const before = new Set((await storedDocuments(premium.uid)).map((document) => document.id));
    await chooseFile(page, receiptHeic());
    const dialog = uploadDialog(page);
    // The decoder (libheif, a large script) starts in a worker on first use: slow on a busy machine.
    await expect(dialog.getByRole('heading', { name: 'Crop your photo' })).toBeVisible({ timeout: 100_000 });
    await dialog.getByRole('slider', { name: 'Rotation' }).focus();
    await page.keyboard.press('ArrowRight');
    await dialog.getByRole('button', { name: 'Apply crop' }).click();
    await fillForm(dialog, { category: 'Other', fileType: 'Other document' });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('Your document was uploaded.')).toBeVisible({ timeout: 60_000 });

    const added = (await storedDocuments(premium.uid)).filter((document) => !before.has(document.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ name: 'receipt.jpg', category: 'other', fileType: 'other', mimeType: 'image/jpeg' });
    const stored = await storedDocumentFile(premium.uid, 'receipt.jpg');
    expect(stored.object.contentType).toBe('image/jpeg');
    expect(stored.object.size).toBe(added[0]!.fileSize);
  });

  test('a document is edited, viewed in a new tab, downloaded and deleted; an empty category says so and stays', async ({ page }) => {
    await openLocker(page);
    const seeded = await storedDocuments(premium.uid);
    const document = seeded.find((entry) => entry.fileType === 'federal_tax_return');
    expect(document).toBeTruthy();
    const name = document!.name;

    // A category without documents: the info toast, and the locker stays on all.
    const empty = ['Credit reports', 'Income statements', 'Account statements', 'Taxes', 'Other'].find((label) => {
      const category = { 'Credit reports': 'credit-reports', 'Income statements': 'income-statements', 'Account statements': 'account-statements', Taxes: 'taxes', Other: 'other' }[label];
      return !seeded.some((entry) => entry.category === category);
    });
    if (empty) {
      await page.getByRole('tab', { name: new RegExp(`^${empty}`) }).click();
      await expect(page.getByText('You have no documents in this category yet.')).toBeVisible();
      await expect(page).toHaveURL(/\/documents\/all$/);
    }

    // Edit the comments.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/documents/all/file/${document!.id}/edit$`));
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByRole('textbox', { name: 'Comments (optional)' }).fill('Signed copy, all schedules included.');
    await edit.getByRole('button', { name: 'Save' }).click();
    // The server's change and the refreshed lists may take a while on a busy machine.
    await expect(page.getByText('Your document was updated.')).toBeVisible({ timeout: 45_000 });
    await expect(page).toHaveURL(/\/documents\/all$/);
    await expect.poll(async () => (await storedDocuments(premium.uid)).find((entry) => entry.id === document!.id)?.status).toBe('ready');

    // View: a new tab with the PDF.
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: `View ${name}` }).click()]);
    await popup.waitForURL(/documentFile\?token=/);
    const viewed = await popup.request.get(popup.url()).catch(() => null);
    if (viewed) expect(viewed.headers()['content-type']).toContain('application/pdf');
    await popup.close();

    // Download: the stored bytes.
    const object = await storedDocumentFile(premium.uid, name);
    const downloaded = await downloadedDigest(page, () => page.getByRole('button', { name: `Download ${name}` }).click());
    expect(downloaded.digest).toBe(object.object.sha256);

    // Delete, with its confirmation.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/documents/all/confirm-delete\\?id=${document!.id}$`));
    const confirm = page.getByRole('dialog', { name: 'Delete this document?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Your document was deleted.')).toBeVisible({ timeout: 45_000 });
    await expect(documentList(page).getByText(name, { exact: true })).toHaveCount(0);
    expect((await storedDocuments(premium.uid)).some((entry) => entry.id === document!.id)).toBe(false);
  });

  test('a coach without permission cannot upload or delete, and the server refuses; allowPortalDownload lets a coach download', async ({ page }) => {
    const seeded = await storedDocuments(premium.uid);
    const document = seeded.find((entry) => entry.status === 'ready' && entry.mimeType === 'application/pdf');
    expect(document).toBeTruthy();

    await openAgentSession(page, 'coach', premium.uid);
    await page.goto('/documents/all');
    await expect(documentList(page).getByText(document!.name, { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Upload document' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Delete ${document!.name}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Download ${document!.name}` })).toHaveCount(0);
    const refused = await callAsPageUser(page, 'deleteDocument', { id: document!.id });
    expect(refused.status).toBe(403);
    const refusedLink = await callAsPageUser(page, 'getDocumentUrl', { documentId: document!.id, action: 'download' });
    expect(refusedLink.status).toBe(403);
    expect((await storedDocuments(premium.uid)).some((entry) => entry.id === document!.id)).toBe(true);

    await openAgentSession(page, 'coachDownload', premium.uid);
    await page.goto('/documents/all');
    await expect(page.getByRole('button', { name: `Download ${document!.name}` })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Upload document' })).toHaveCount(0);
    const object = await storedDocumentFile(premium.uid, document!.name);
    const downloaded = await downloadedDigest(page, () => page.getByRole('button', { name: `Download ${document!.name}` }).click());
    expect(downloaded.digest).toBe(object.object.sha256);
  });

  test('the locker in Spanish', async ({ page }) => {
    await openLocker(page);
    // The language the customer chose last (the language toggle stores it the same way).
    await page.evaluate(() => window.localStorage.setItem('lang', 'es'));
    await page.goto('/documents/taxes');
    await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subir documento' })).toBeVisible();
  });
});
