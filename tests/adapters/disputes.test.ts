import { beforeEach, describe, expect, it, vi } from 'vitest';

// The dispute callables at the adapter boundary (spec 001 §7): every request carries v2, answers are
// parsed with the contract (a malformed one is refused), items reach the machines as plain data, and a letter is
// saved as a PDF file.

const callFunction = vi.fn<(name: string, data: unknown) => Promise<unknown>>();
vi.mock('../../src/adapters/firebase/functions', () => ({ callFunction }));

const { createDisputesPort, pdfBlobFromBase64 } = await import('../../src/adapters/firebase/disputes');

const callableError = (code: string, message: string, details?: unknown) => Object.assign(new Error(message), { code, details });

const bureauStatus = {
  bureau: 'EQUIFAX',
  status: 'UNDER_REVIEW_ACTIVE',
  lastActivity: '2026-11-04',
  nextActivity: '2026-12-04',
  sentAt: '2026-11-01',
  receivedAt: '2026-11-04',
  dueAt: '2026-12-04',
  addedInfoAt: null,
  answeredAt: null,
  outcome: null,
  reinsertedAt: null,
  round: 1,
};

const item = {
  id: 'inv-1',
  name: 'Acme Collections',
  type: 'COLLECTIONS_TRADELINE',
  entityType: 'account',
  accountBalance: { amount: 812 },
  accountStatus: 'Collection',
  challengeReason: 'incorrect_information',
  challengeReasonOptions: ['wrong_balance'],
  challengeReasonSelected: true,
  isSpecialAccount: true,
  waiverAcceptedAt: '2026-11-01T10:15:00.000Z',
  itemIds: ['EQUIFAX-acme-1'],
  disputeIds: ['d-1'],
  statuses: [bureauStatus],
  inquiryDate: null,
  reportDate: '2026-10-20',
  subtype: null,
  viewed: false,
};

const letter = { bureau: 'EQUIFAX', completionDate: '2026-11-01', documentId: 'doc-1', round: 1, itemCount: 3 };

const PDF_TEXT = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const base64Of = (text: string) => Buffer.from(text, 'latin1').toString('base64');

beforeEach(() => callFunction.mockReset());

describe('reading the investigations', () => {
  it('asks with v2 and gives the items with the waiver as ISO text and the bureaus’ days as they are', async () => {
    callFunction.mockResolvedValueOnce({ asOf: '2026-11-26', items: [item] });
    const details = await createDisputesPort().getInvestigationDetails();
    expect(callFunction).toHaveBeenCalledWith('getInvestigationDetails', { v2: true });
    expect(details).toEqual({ asOf: '2026-11-26', items: [item] });
    expect(typeof details.items[0]?.waiverAcceptedAt).toBe('string');
  });

  it('refuses an answer outside the contract (an unknown bureau status)', async () => {
    callFunction.mockResolvedValueOnce({ asOf: '2026-11-26', items: [{ ...item, statuses: [{ ...bureauStatus, status: 'LOST' }] }] });
    await expect(createDisputesPort().getInvestigationDetails()).rejects.toEqual({ code: 'invalid-response' });
  });

  it('refuses an answer without the day the windows count from', async () => {
    callFunction.mockResolvedValueOnce({ items: [item] });
    await expect(createDisputesPort().getInvestigationDetails()).rejects.toEqual({ code: 'invalid-response' });
  });
});

describe('saving reasons and challenges', () => {
  const reason = {
    id: 'inv-1',
    itemIds: ['EQUIFAX-acme-1'],
    disputeIds: ['d-1'],
    type: 'COLLECTIONS_TRADELINE' as const,
    reason: 'incorrect_information' as const,
    reasonOptions: ['wrong_balance' as const],
    waiverAccepted: true,
  };

  it('sends the step’s reasons with v2 and answers the saved items', async () => {
    callFunction.mockResolvedValueOnce({ items: [item] });
    await expect(createDisputesPort().updateInvestigationReasons([reason])).resolves.toEqual([item]);
    expect(callFunction).toHaveBeenCalledWith('updateInvestigationReasons', { investigations: [reason], v2: true });
  });

  it('refuses a reason that does not exist before calling', async () => {
    const bad = { ...reason, reason: 'because' as unknown as typeof reason.reason };
    await expect(createDisputesPort().updateInvestigationReasons([bad])).rejects.toEqual({ code: 'invalid-argument' });
    expect(callFunction).not.toHaveBeenCalled();
  });

  it('starts a challenge with challengeReasonSelected false', async () => {
    callFunction.mockResolvedValueOnce({ items: [{ ...item, challengeReasonSelected: false }] });
    const challenged = [{ id: 'inv-1', itemIds: ['EQUIFAX-acme-1'], challengeReasonSelected: false }];
    const [answered] = await createDisputesPort().updateInvestigationsChallenged(challenged);
    expect(answered?.challengeReasonSelected).toBe(false);
    expect(callFunction).toHaveBeenCalledWith('updateInvestigationsChallenged', { investigations: challenged, v2: true });
  });

  it('answers a submit with the count and the letters written', async () => {
    callFunction.mockResolvedValueOnce({ submitted: 3, letters: [letter] });
    await expect(createDisputesPort().challengeAllInvestigations()).resolves.toEqual({ submitted: 3, letters: [letter] });
    expect(callFunction).toHaveBeenCalledWith('challengeAllInvestigations', { v2: true });
  });

  it('passes a coach’s refusal on with the key the toast shows', async () => {
    callFunction.mockRejectedValueOnce(
      callableError('functions/permission-denied', 'not-permitted [403]', { key: 'coach.toast.disputes-not-submitted' }),
    );
    await expect(createDisputesPort().challengeAllInvestigations()).rejects.toEqual({
      code: 'not-permitted',
      callableCode: 'permission-denied',
      key: 'coach.toast.disputes-not-submitted',
    });
  });
});

describe('the pause', () => {
  it('reads and sets the paused flag', async () => {
    callFunction.mockResolvedValueOnce({ isPaused: true }).mockResolvedValueOnce({ isPaused: false });
    const port = createDisputesPort();
    await expect(port.checkIfDisputesPaused()).resolves.toBe(true);
    await expect(port.setIsDisputesPaused(false)).resolves.toBe(false);
    expect(callFunction).toHaveBeenLastCalledWith('setIsDisputesPaused', { isPaused: false, v2: true });
  });
});

describe('letters', () => {
  it('lists the letters', async () => {
    callFunction.mockResolvedValueOnce({ pdfs: [letter] });
    await expect(createDisputesPort().listDisputePdfs()).resolves.toEqual([letter]);
  });

  it('saves a downloaded letter as a PDF file with the server’s file name', async () => {
    callFunction.mockResolvedValueOnce({ fileName: 'equifax-letter.pdf', contentType: 'application/pdf', base64: base64Of(PDF_TEXT) });
    const save = vi.fn<(file: Blob, fileName: string) => void>();
    await createDisputesPort(save).downloadDisputePdf({ bureau: 'EQUIFAX', documentId: 'doc-1' });
    expect(callFunction).toHaveBeenCalledWith('getDisputePdf', { bureau: 'EQUIFAX', documentId: 'doc-1', v2: true });
    expect(save).toHaveBeenCalledOnce();
    const [file, fileName] = save.mock.calls[0]!;
    expect(fileName).toBe('equifax-letter.pdf');
    expect(file.type).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).toString('latin1')).toBe(PDF_TEXT);
  });

  it('saves nothing when the answer is not a PDF', async () => {
    callFunction.mockResolvedValueOnce({ fileName: 'x.pdf', contentType: 'application/pdf', base64: base64Of('<html>oops</html>') });
    const save = vi.fn();
    await expect(createDisputesPort(save).downloadDisputePdf({ bureau: 'EQUIFAX', documentId: 'doc-1' })).rejects.toEqual({
      code: 'invalid-response',
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('saves nothing when the base64 is broken', async () => {
    callFunction.mockResolvedValueOnce({ fileName: 'x.pdf', contentType: 'application/pdf', base64: '%%%not base64%%%' });
    const save = vi.fn();
    await expect(createDisputesPort(save).downloadDisputePdf({ bureau: 'EQUIFAX', documentId: 'doc-1' })).rejects.toEqual({
      code: 'invalid-response',
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('turns binary bytes beyond ASCII into the same bytes', async () => {
    const bytes = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff]);
    const blob = pdfBlobFromBase64(Buffer.from(bytes).toString('base64'));
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });
});

describe('views and the dev clock', () => {
  it('marks items viewed, and calls nothing for none', async () => {
    callFunction.mockResolvedValueOnce({ ok: true });
    const port = createDisputesPort();
    await port.markInvestigationsViewed([]);
    expect(callFunction).not.toHaveBeenCalled();
    await port.markInvestigationsViewed(['inv-1']);
    expect(callFunction).toHaveBeenCalledWith('markInvestigationsViewed', { ids: ['inv-1'] });
  });

  it('advances the bureaus through the dev tools and answers the new day', async () => {
    callFunction.mockResolvedValueOnce({ command: 'advanceDisputes', asOf: '2026-12-06', events: [] });
    await expect(createDisputesPort().advanceDisputes(10)).resolves.toEqual({ asOf: '2026-12-06' });
    expect(callFunction).toHaveBeenCalledWith('devTools', { command: 'advanceDisputes', days: 10 });
  });

  it('refuses an advance answer without the new day', async () => {
    callFunction.mockResolvedValueOnce({ command: 'advanceDisputes' });
    await expect(createDisputesPort().advanceDisputes(10)).rejects.toEqual({ code: 'invalid-response' });
  });
});
