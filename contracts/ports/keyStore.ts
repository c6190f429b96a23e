// The key store port: one data key per data subject, kept outside the append-only log in a store that can really
// delete. Forgetting a subject deletes its key, and with it every personal field sealed under it. Which subject an
// event is sealed under is the sealed store's choice, and the log's seals record it (decision 063): the key store
// keeps keys, nothing that links them to a person or a stream.

/** A data subject: a random id, never derived from the person's details, so the log alone cannot be linked to them. */
export type SubjectId = string;

export interface KeyStore {
  /** A new subject and its fresh key, durable before they are handed out: no event sealed under it can outlive it. */
  newSubject(): { subject: SubjectId; key: Buffer };
  /** The data key of a subject: 32 bytes, or null once the subject is forgotten (or was never known). */
  key(subject: SubjectId): Buffer | null;
  /** Deletes the subject's key (and any link an earlier release kept for it), so nothing is left to unseal or to link. */
  forget(subject: SubjectId): boolean;
  close(): void;
}
