/** Votes for (or withdraws) this seat's rematch; resolves to the error text to show, or null. */
export type RematchVoter = (accept: boolean) => Promise<string | null>;

/**
 * One rematch vote at a time from a card's button, and the server's refusal to show beside it:
 * the match-end card and the status card each ask through one.
 */
export class RematchVote {
  busy = $state(false);
  error = $state<string | null>(null);

  async send(voter: RematchVoter, accept: boolean): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = null;
    try {
      this.error = await voter(accept);
    } finally {
      this.busy = false;
    }
  }
}
