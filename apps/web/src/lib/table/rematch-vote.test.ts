import { describe, expect, it } from 'vitest';
import { RematchVote } from './rematch-vote.svelte';

describe('RematchVote', () => {
  it('sends one vote at a time and shows the refusal until the next vote', async () => {
    const sent: boolean[] = [];
    let answer: (text: string | null) => void = () => undefined;
    const voter = (accept: boolean) => {
      sent.push(accept);
      return new Promise<string | null>((resolve) => (answer = resolve));
    };
    const vote = new RematchVote();

    const first = vote.send(voter, true);
    expect(vote.busy).toBe(true);
    // a second tap while the first is on its way sends nothing
    await vote.send(voter, true);
    expect(sent).toEqual([true]);
    answer('Not connected');
    await first;
    expect(vote).toMatchObject({ busy: false, error: 'Not connected' });

    const second = vote.send(voter, false);
    expect(vote.error).toBeNull();
    answer(null);
    await second;
    expect(sent).toEqual([true, false]);
    expect(vote).toMatchObject({ busy: false, error: null });
  });
});
