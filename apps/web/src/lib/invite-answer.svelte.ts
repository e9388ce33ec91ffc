import { errorText } from './i18n/index.svelte';
import { ApiError } from './net/api';

/**
 * An invitation link's page (a friend's, a group's): what the link is for once the server has
 * read it, the answer on its way, and what went wrong in the words of the error's code, else the
 * page's own `failed` line.
 */
export class InviteAnswer<P> {
  preview = $state.raw<P | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);

  constructor(private readonly failed: () => string) {}

  private say(e: unknown): string {
    return e instanceof ApiError ? errorText(e.code) : this.failed();
  }

  read(preview: Promise<P>): void {
    preview.then(
      (reply) => (this.preview = reply),
      (e: unknown) => (this.error = this.say(e)),
    );
  }

  async answer(send: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.error = null;
    try {
      await send();
    } catch (e) {
      this.error = this.say(e);
    } finally {
      this.busy = false;
    }
  }
}
