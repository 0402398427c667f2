import type {
  DisputeLetterData,
  DisputesPort,
  InvestigationBureauStatusData,
  InvestigationItemData,
} from '../../../machines/disputes/ports';
import type { InvestigationBureauStatus, InvestigationItem } from '../../contract/disputes';
import type { Dated } from './callables';
import { lazyCall } from './callablesPort';
import type { AdapterError } from './errors';

// The dispute callables (spec 001 §7) over the typed client, as machines/disputes/ports.ts DisputesPort.
// Every request carries `v2: true`; requests and answers are parsed with src/contract/disputes.ts by `call`, so a
// malformed answer rejects with 'invalid-response' and a request outside the contract is refused before it is sent
// ('invalid-argument'). The port hands the items on as plain data: the typed client turns an ISO date-time in a
// field named `...At` into a Date (the waiver's acceptance), which is written back as ISO text here; the bureaus'
// days (yyyy-MM-dd) stay as they are.
//
// downloadDisputePdf reads the letter (base64 inside the answer, a few kB) and saves it as a file: a PDF Blob behind
// an object URL, clicked as an <a download> and revoked afterwards.

type DatedValue = Date | string | null;

/** An ISO date-time field the client made a Date, back to text. */
const dateTime = (value: DatedValue): string | null => (value instanceof Date ? value.toISOString() : value);
/** A yyyy-MM-dd day (never a date-time, so the client leaves it as text; typed as a Date by `Dated`). */
const dayText = (value: DatedValue): string | null => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

function toStatus(status: Dated<InvestigationBureauStatus>): InvestigationBureauStatusData {
  return {
    ...status,
    sentAt: dayText(status.sentAt),
    receivedAt: dayText(status.receivedAt),
    dueAt: dayText(status.dueAt),
    addedInfoAt: dayText(status.addedInfoAt),
    answeredAt: dayText(status.answeredAt),
    reinsertedAt: dayText(status.reinsertedAt),
  };
}

/** One answered item as the machines read it (machines/disputes/ports.ts InvestigationItemData). */
export function toInvestigationItem(item: Dated<InvestigationItem>): InvestigationItemData {
  return {
    ...item,
    challengeReasonOptions: item.challengeReasonOptions as InvestigationItemData['challengeReasonOptions'],
    waiverAcceptedAt: dateTime(item.waiverAcceptedAt),
    statuses: item.statuses.map(toStatus),
  };
}

/** Saves a file in the browser: an object URL clicked as a download link, revoked once the click is handled. */
export type SaveFile = (file: Blob, fileName: string) => void;

export const saveFileInBrowser: SaveFile = (file, fileName) => {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The browser has taken the file with the click; the next task may free it.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
};

/** The letter's bytes from the answer's base64, as a PDF Blob. */
export function pdfBlobFromBase64(base64: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: 'application/pdf' });
}

const PDF_MAGIC = '%PDF-';

export function createDisputesPort(save: SaveFile = saveFileInBrowser): DisputesPort {
  return {
    getInvestigationDetails: async () => {
      const details = await lazyCall('getInvestigationDetails', { v2: true });
      return { asOf: details.asOf, items: details.items.map(toInvestigationItem) };
    },
    updateInvestigationReasons: async (investigations) => {
      const { items } = await lazyCall('updateInvestigationReasons', { investigations, v2: true });
      return items.map(toInvestigationItem);
    },
    challengeAllInvestigations: async () => {
      const { submitted, letters } = await lazyCall('challengeAllInvestigations', { v2: true });
      return { submitted, letters: letters.map((letter): DisputeLetterData => ({ ...letter })) };
    },
    updateInvestigationsChallenged: async (investigations) => {
      const { items } = await lazyCall('updateInvestigationsChallenged', { investigations, v2: true });
      return items.map(toInvestigationItem);
    },
    checkIfDisputesPaused: async () => (await lazyCall('checkIfDisputesPaused', { v2: true })).isPaused,
    setIsDisputesPaused: async (isPaused) => (await lazyCall('setIsDisputesPaused', { isPaused, v2: true })).isPaused,
    listDisputePdfs: async () => (await lazyCall('listDisputePdfs', { v2: true })).pdfs.map((letter): DisputeLetterData => ({ ...letter })),
    downloadDisputePdf: async ({ bureau, documentId }) => {
      const pdf = await lazyCall('getDisputePdf', { bureau, documentId, v2: true });
      let file: Blob;
      try {
        file = pdfBlobFromBase64(pdf.base64);
      } catch {
        throw { code: 'invalid-response' } satisfies AdapterError;
      }
      // Not a PDF (the contract checks the type's name, not the bytes): nothing is saved.
      const head = await file.slice(0, PDF_MAGIC.length).text();
      if (head !== PDF_MAGIC) throw { code: 'invalid-response' } satisfies AdapterError;
      save(file, pdf.fileName);
    },
    markInvestigationsViewed: async (ids) => {
      if (ids.length === 0) return;
      await lazyCall('markInvestigationsViewed', { ids });
    },
    advanceDisputes: async (days) => {
      const answer = await lazyCall('devTools', { command: 'advanceDisputes', days });
      if (answer.asOf === undefined) throw { code: 'invalid-response' } satisfies AdapterError;
      return { asOf: answer.asOf };
    },
  };
}
