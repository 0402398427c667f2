import { fromCallback, type EventObject } from 'xstate';
import type {
  DocumentDeleteActorSignatures as DeleteSig,
  DocumentEditActorSignatures as EditSig,
  DocumentOpenActorSignatures as OpenSig,
  DocumentUploadActorSignatures as UploadSig,
  FilesPort,
  UploadControlEvent,
  UploadHandle,
} from '../../../machines/documents/ports';
import { documentDeleteMachine } from '../../../machines/documents/documentDelete.machine';
import { documentEditMachine } from '../../../machines/documents/documentEdit.machine';
import { documentOpenMachine } from '../../../machines/documents/documentOpen.machine';
import { documentUploadMachine } from '../../../machines/documents/documentUpload.machine';
import { callbackActor, promiseActor, subscribeWhenLoaded, type AppPorts } from '../ports';
import { refreshDocuments } from './queries';

// The documents machines with their actors provided from the ports (ARCHITECTURE.md "Machines"; the only
// `.provide()` of machines/documents): the upload flow over the signed-in user's files port (their stash; the port
// loads with the flow's first step), the edit and delete dialogs, and the locker's view/download actor. Every change
// marks the locker's reads stale.

export function provideDocumentUploadMachine(ports: AppPorts, files: () => Promise<FilesPort>) {
  return documentUploadMachine.provide({
    actors: {
      readFile: promiseActor<UploadSig['readFile']>(async ({ file }) => (await files()).readFile(file)),
      convertHeic: promiseActor<UploadSig['convertHeic']>(async ({ file }) => (await files()).convertHeic(file)),
      cropImage: promiseActor<UploadSig['cropImage']>(async ({ file, area, rotation }) => (await files()).cropImage(file, area, rotation)),
      stashFile: promiseActor<UploadSig['stashFile']>(async ({ upload }) => (await files()).stash.save(upload)),
      removeStash: promiseActor<UploadSig['removeStash']>(async ({ id }) => (await files()).stash.remove(id)),
      createUpload: promiseActor<UploadSig['createUpload']>(async (request) => (await ports.documents()).createUpload(request)),
      // The Storage SDK's task lives in this actor's closure (it resumes only within one page load); the machine's
      // upload.pause / upload.resume / upload.cancel reach it.
      uploadFile: fromCallback<EventObject, UploadSig['uploadFile']['input']>(({ input, sendBack, receive }) => {
        // Controls that arrive before the files port has loaded apply to the upload once it starts.
        let handle: UploadHandle | null = null;
        const early: UploadControlEvent[] = [];
        const apply = (control: UploadControlEvent, to: UploadHandle) => {
          if (control.type === 'upload.pause') to.pause();
          else if (control.type === 'upload.resume') to.resume();
          else if (control.type === 'upload.cancel') to.cancel();
        };
        receive((event) => {
          const control = event as UploadControlEvent;
          if (handle) apply(control, handle);
          else early.push(control);
        });
        // Leaving the upload state (done, failed, closed) stops the task if it still runs; a stored one is unaffected.
        return subscribeWhenLoaded(
          files,
          (port) => {
            const started = port.upload(input.file, input.target, (event) => sendBack(event));
            handle = started;
            early.forEach((control) => apply(control, started));
            return () => started.cancel();
          },
          () => sendBack({ type: 'upload.failed', code: 'network-request-failed' }),
        );
      }),
      waitForUploadOutcome: promiseActor<UploadSig['waitForUploadOutcome']>(async ({ uploadId }) => (await ports.documents()).waitForUploadOutcome(uploadId)),
      cancelUpload: promiseActor<UploadSig['cancelUpload']>(async ({ uploadId }) => (await ports.documents()).cancelUpload(uploadId)),
      watchConnection: callbackActor<UploadSig['watchConnection']>((_, sendBack) =>
        subscribeWhenLoaded(files, (port) => {
          sendBack({ type: 'connection.changed', quality: port.connection() });
          return port.onConnectionChange((quality) => sendBack({ type: 'connection.changed', quality }));
        }),
      ),
      refreshDocuments: promiseActor<UploadSig['refreshDocuments']>(() => refreshDocuments(ports)),
    },
  });
}

export function provideDocumentEditMachine(ports: AppPorts) {
  return documentEditMachine.provide({
    actors: {
      updateDocument: promiseActor<EditSig['updateDocument']>(async ({ documentId, document }) => (await ports.documents()).updateDocument(documentId, document)),
      refreshDocuments: promiseActor<EditSig['refreshDocuments']>(() => refreshDocuments(ports)),
    },
  });
}

export function provideDocumentDeleteMachine(ports: AppPorts) {
  return documentDeleteMachine.provide({
    actors: {
      deleteDocument: promiseActor<DeleteSig['deleteDocument']>(async ({ id }) => (await ports.documents()).deleteDocument(id)),
      refreshDocuments: promiseActor<DeleteSig['refreshDocuments']>(() => refreshDocuments(ports)),
    },
  });
}

export function provideDocumentOpenMachine(ports: AppPorts) {
  return documentOpenMachine.provide({
    actors: {
      openDocument: promiseActor<OpenSig['openDocument']>(async ({ documentId, action }) => (await ports.documents()).openDocument(documentId, action)),
    },
  });
}
