// The lease port: one holder at a time for a job that must not run twice on one log (the reactor that sends e-mails and
// asks for refunds). A holder keeps it by taking it again before it runs out; a holder that dies loses it.

export interface Lease {
  /** Takes the lease, or keeps it for its holder; false while another holder has it and is alive. */
  acquire(): Promise<boolean>;
  /** Gives the lease up if this holder has it, so a standby takes over at once. */
  release(): Promise<void>;
  /** How often a holder takes it again (well within the time it lasts) and a standby asks for it. */
  readonly renewMs: number;
  /** Who holds it, as this process names itself (host, process id and a random part). */
  readonly holder: string;
  close(): void;
}
