import { fromCallback, type EventObject } from 'xstate';
import type {
  DocumentDeleteActorSignatures as DeleteSig,
  DocumentEditActorSignatures as EditSig,
  DocumentOpenActorSignatures as OpenSig,
  DocumentUploadActorSignatures as UploadSig,
  FilesPort,
  UploadControlEvent,
} from '../../../machines/documents/ports';
import { documentDeleteMachine } from '../../../machines/documents/documentDelete.machine';
import { documentEditMachine } from '../../../machines/documents/documentEdit.machine';
import { documentOpenMachine } from '../../../machines/documents/documentOpen.machine';
import { documentUploadMachine } from '../../../machines/documents/documentUpload.machine';
import { callbackActor, promiseActor, type AppPorts } from '../ports';
import { refreshDocuments } from './queries';

// The documents machines with their actors provided from the ports (ARCHITECTURE.md "Machines"; the only
// `.provide()` of machines/documents): the upload flow over the signed-in user's files port (their stash), the
// edit and delete dialogs, and the locker's view/download actor. Every change marks the locker's reads stale.

export function provideDocumentUploadMachine(ports: AppPorts, files: FilesPort) {
  return documentUploadMachine.provide({
    actors: {
      readFile: promiseActor<UploadSig['readFile']>(({ file }) => files.readFile(file)),
      convertHeic: promiseActor<UploadSig['convertHeic']>(({ file }) => files.convertHeic(file)),
      cropImage: promiseActor<UploadSig['cropImage']>(({ file, area, rotation }) => files.cropImage(file, area, rotation)),
      stashFile: promiseActor<UploadSig['stashFile']>(({ upload }) => files.stash.save(upload)),
      removeStash: promiseActor<UploadSig['removeStash']>(({ id }) => files.stash.remove(id)),
      createUpload: promiseActor<UploadSig['createUpload']>((request) => ports.documents.createUpload(request)),
      // The Storage SDK's task lives in this actor's closure (it resumes only within one page load); the machine's
      // upload.pause / upload.resume / upload.cancel reach it.
      uploadFile: fromCallback<EventObject, UploadSig['uploadFile']['input']>(({ input, sendBack, receive }) => {
        const handle = files.upload(input.file, input.target, (event) => sendBack(event));
        receive((event) => {
          const control = event as UploadControlEvent;
          if (control.type === 'upload.pause') handle.pause();
          else if (control.type === 'upload.resume') handle.resume();
          else if (control.type === 'upload.cancel') handle.cancel();
        });
        // Leaving the upload state (done, failed, closed) stops the task if it still runs; a stored one is unaffected.
        return () => handle.cancel();
      }),
      waitForUploadOutcome: promiseActor<UploadSig['waitForUploadOutcome']>(({ uploadId }) => ports.documents.waitForUploadOutcome(uploadId)),
      cancelUpload: promiseActor<UploadSig['cancelUpload']>(({ uploadId }) => ports.documents.cancelUpload(uploadId)),
      watchConnection: callbackActor<UploadSig['watchConnection']>((_, sendBack) => {
        sendBack({ type: 'connection.changed', quality: files.connection() });
        return files.onConnectionChange((quality) => sendBack({ type: 'connection.changed', quality }));
      }),
      refreshDocuments: promiseActor<UploadSig['refreshDocuments']>(() => refreshDocuments(ports)),
    },
  });
}

export function provideDocumentEditMachine(ports: AppPorts) {
  return documentEditMachine.provide({
    actors: {
      updateDocument: promiseActor<EditSig['updateDocument']>(({ documentId, document }) => ports.documents.updateDocument(documentId, document)),
      refreshDocuments: promiseActor<EditSig['refreshDocuments']>(() => refreshDocuments(ports)),
    },
  });
}

export function provideDocumentDeleteMachine(ports: AppPorts) {
  return documentDeleteMachine.provide({
    actors: {
      deleteDocument: promiseActor<DeleteSig['deleteDocument']>(({ id }) => ports.documents.deleteDocument(id)),
      refreshDocuments: promiseActor<DeleteSig['refreshDocuments']>(() => refreshDocuments(ports)),
    },
  });
}

export function provideDocumentOpenMachine(ports: AppPorts) {
  return documentOpenMachine.provide({
    actors: {
      openDocument: promiseActor<OpenSig['openDocument']>(({ documentId, action }) => ports.documents.openDocument(documentId, action)),
    },
  });
}
