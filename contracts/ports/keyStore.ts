// The key store port: one data key per data subject (a customer or reviewer), kept outside the append-only log in a
// store that can really delete. Forgetting a subject deletes its key, and with it every personal field sealed under it.

/** A data subject: a random id, never derived from the person's details, so the log alone cannot be linked to them. */
export type SubjectId = string;

export interface KeyStore {
  /**
   * The subject an event of `stream` is sealed under, linked to the stream (and to the address, when one is given): the
   * stream's own subject, else the first the address was linked to, else a new one with a fresh key. A stream appended
   * as new (`streamIsNew`) has no subject of its own yet and is not looked up. The subject's key is durable before it
   * is handed out, so no event sealed under it outlives it; the links are an index of what each seal already names,
   * committed soon after without anyone waiting. Addresses are compared case-insensitively and after trimming; the
   * store keeps only a keyed hash of each, never the address.
   */
  subjectFor(stream: string, email: string | null, streamIsNew: boolean): SubjectId;
  /** The subject a stream's personal fields are sealed under, if one was recorded. */
  subjectOfStream(stream: string): SubjectId | null;
  /** The data key of a subject: 32 bytes, or null once the subject is forgotten (or was never known). */
  key(subject: SubjectId): Buffer | null;
  /** Every subject the address was ever linked to (an address may have reached several streams before it was known). */
  subjectsForEmail(email: string): SubjectId[];
  /** The streams recorded for a subject. */
  streamsOf(subject: SubjectId): string[];
  /** Deletes the subject's key, its address hashes and its stream links, so nothing is left to unseal or to link. */
  forget(subject: SubjectId): boolean;
  close(): void;
}
