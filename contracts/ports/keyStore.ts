// The key store port: one data key per data subject (a customer or reviewer), kept outside the append-only log in a
// store that can really delete. Forgetting a subject deletes its key, and with it every personal field sealed under it.

/** A data subject: a random id, never derived from the person's details, so the log alone cannot be linked to them. */
export type SubjectId = string;

export interface KeyStore {
  /**
   * The subject that the e-mail address belongs to, created with a fresh key on first use. Addresses are compared
   * case-insensitively and after trimming; the store keeps only a keyed hash of each, never the address.
   */
  subjectForEmail(email: string): SubjectId;
  /** The subject a stream's personal fields are sealed under, if one was recorded. */
  subjectOfStream(stream: string): SubjectId | null;
  /** Records that `stream` belongs to `subject` (the first sealed event of a stream decides); later calls keep the first. */
  linkStream(stream: string, subject: SubjectId): SubjectId;
  /** A new subject with its own key for a stream whose events name no e-mail address. */
  newSubject(): SubjectId;
  /** Also links `email` to an existing subject (an address added to an order after it was placed). */
  linkEmail(email: string, subject: SubjectId): void;
  /** The data key of a subject: 32 bytes, or null once the subject is forgotten (or was never known). */
  key(subject: SubjectId): Buffer | null;
  /** Every subject the address was ever linked to (an address may have reached several streams before it was known). */
  subjectsForEmail(email: string): SubjectId[];
  /** The streams recorded for a subject. */
  streamsOf(subject: SubjectId): string[];
  /**
   * Resolves once every key written so far is durable; the sealed store awaits it before it appends the events sealed
   * under them, so no event outlives its key. Links are an index of what each seal already names (its subject): they
   * are committed soon after, and nothing waits for them (decision 053).
   */
  sync(): Promise<void>;
  /** Deletes the subject's key, its address hashes and its stream links, so nothing is left to unseal or to link. */
  forget(subject: SubjectId): boolean;
  close(): void;
}
