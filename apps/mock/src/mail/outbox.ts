// Mail leaves after the answer (issue #39): a registration or resend answers at once, whatever the address, so its
// timing does not tell whether a mail went out (or how long the SMTP server took). A failed send is logged.
export class Outbox {
  private readonly inFlight = new Set<Promise<void>>();

  /** Starts a send without waiting for it; `onError` gets its failure. */
  post(send: () => Promise<void>, onError: (error: unknown) => void): void {
    const sending = send().catch(onError);
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
  }

  /** Resolves once every send posted so far has finished (tests; closing the server). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
