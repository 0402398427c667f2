import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { Bureau } from '../../src/domain/creditReportRecords';
import { provided } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { DisputeLetterActorSignatures } from './ports';
import { machineSpec, spec } from '../spec';

// Downloading the dispute letters listed on the dashboard (spec 001 §3 "Dispute PDF result", §7 getDisputePdf; issue
// 12 item 10): one download at a time; the letter being fetched is `downloadingId`; a failure says so.

type Sig = DisputeLetterActorSignatures;

export const DISPUTE_LETTER_KEYS = { failed: 'toast.letter-download-error' } as const;

export interface DisputeLetterContext {
  downloadingId: string | null;
  bureau: Bureau | null;
}

export type DisputeLetterEvent = { type: 'letter.download'; bureau: Bureau; documentId: string };
export type DisputeLetterEmitted = NotifyEmitted<typeof DISPUTE_LETTER_KEYS.failed>;
export type DisputeLetterTag = 'busy';

export const disputeLetterMachine = setup({
  types: {
    context: {} as DisputeLetterContext,
    events: {} as DisputeLetterEvent,
    emitted: {} as DisputeLetterEmitted,
    tags: {} as DisputeLetterTag,
  },
  actors: {
    downloadDisputePdf: provided<Sig['downloadDisputePdf']>('downloadDisputePdf'),
  },
  guards: {
    hasDocumentId: (_, params: { documentId: string }) => params.documentId.trim() !== '',
  },
  actions: {
    assignDownloading: assign((_, params: { bureau: Bureau; documentId: string }) => ({
      downloadingId: params.documentId,
      bureau: params.bureau,
    })),
    clearDownloading: assign({ downloadingId: null, bureau: null }),
    notifyFailed: emit({ type: 'notify', level: 'error', key: DISPUTE_LETTER_KEYS.failed } as const),
  },
}).createMachine({
  id: 'disputeLetter',
  meta: machineSpec(['001 §2', '001 §3']),
  context: { downloadingId: null, bureau: null },
  initial: 'idle',
  states: {
    idle: {
      meta: spec('001 §2'),
      on: {
        'letter.download': {
          guard: { type: 'hasDocumentId', params: ({ event }) => ({ documentId: event.documentId }) },
          target: 'downloading',
          actions: { type: 'assignDownloading', params: ({ event }) => ({ bureau: event.bureau, documentId: event.documentId }) },
        },
      },
    },
    downloading: {
      meta: spec('001 §2'),
      tags: ['busy'],
      invoke: {
        id: 'downloadDisputePdf',
        src: 'downloadDisputePdf',
        input: ({ context }) => ({ letter: { bureau: context.bureau ?? 'EQUIFAX', documentId: context.downloadingId ?? '' } }),
        onDone: { target: 'idle', actions: 'clearDownloading' },
        onError: { target: 'idle', actions: ['clearDownloading', 'notifyFailed'] },
      },
    },
  },
});

type DisputeLetterSnapshot = SnapshotFrom<typeof disputeLetterMachine>;

export const disputeLetterSelectors = {
  busy: (s: DisputeLetterSnapshot): boolean => s.hasTag('busy'),
  downloadingId: (s: DisputeLetterSnapshot): string | null => s.context.downloadingId,
};
