// The key file's writer thread: makes subjects ahead (keys committed with the disk's confirmation) and writes links,
// on a core of its own, so a shop appending orders does not wait for the key file's inserts (decision 054). It answers
// on the port it was given, then marks the request's number done in shared memory: the shop's side can wait for it
// without turning its event loop.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { keyFileWrites, openKeyFile, type WriterAnswer, type WriterRequest } from './keyFile.ts';

type WriterData = { file: string; wrapping: Uint8Array; done: SharedArrayBuffer; answers: MessagePort };

const { file, wrapping, done, answers } = workerData as WriterData;
// [0] the number of the last request done, [1] set when the thread could not start: the shop stops waiting at once.
const doneSeq = new Int32Array(done);
const opened = (() => {
  try {
    const db = openKeyFile(file);
    return { db, writes: keyFileWrites(db, Buffer.from(wrapping)) };
  } catch (error) {
    Atomics.store(doneSeq, 1, 1);
    Atomics.notify(doneSeq, 0);
    throw error;
  }
})();
const { db, writes } = opened;
const answer = (message: WriterAnswer, transfer: ArrayBuffer[] = []) => answers.postMessage(message, transfer);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

parentPort!.on('message', (request: WriterRequest) => {
  try {
    if (request.kind === 'make') {
      try {
        const { subjects, keys } = writes.makeSubjects(request.count);
        answer({ kind: 'made', subjects, keys }, [keys.buffer as ArrayBuffer]);
      } catch (error) {
        answer({ kind: 'make-failed', reason: reason(error) });
      }
    } else if (request.kind === 'links') {
      try {
        writes.writeLinks(request.streams, request.emails);
      } catch (error) {
        // Handed back: the shop's side keeps them and sends them again.
        answer({ kind: 'links-failed', streams: request.streams, emails: request.emails, reason: reason(error) });
      }
    } else {
      db.close();
      parentPort!.close();
    }
  } finally {
    Atomics.store(doneSeq, 0, request.seq);
    Atomics.notify(doneSeq, 0);
  }
});
