import { describe, expect, it } from 'vitest';
import { copyText, shareOrCopy } from './share';

const clipboardInto = (copied: string[]) => ({ writeText: async (t: string) => void copied.push(t) });
const refusingClipboard = { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) };

describe('shareOrCopy', () => {
  it("uses the system's share sheet when there is one", async () => {
    const shared: ShareData[] = [];
    const copied: string[] = [];
    const nav = { share: async (d: ShareData) => void shared.push(d), clipboard: clipboardInto(copied) };
    expect(await shareOrCopy({ title: 'T', text: 'hello' }, 'hello', nav as unknown as Navigator)).toBe('shared');
    expect(shared).toEqual([{ title: 'T', text: 'hello' }]);
    expect(copied).toEqual([]);
  });

  it('copies when there is no share sheet, or when sharing is refused', async () => {
    const copied: string[] = [];
    const clipboard = clipboardInto(copied);
    expect(await shareOrCopy({ text: 'a' }, 'a', { clipboard } as unknown as Navigator)).toBe('copied');
    const refusing = { share: () => Promise.reject(new DOMException('no target', 'NotAllowedError')), clipboard };
    expect(await shareOrCopy({ text: 'b', url: 'u' }, 'u', refusing as unknown as Navigator)).toBe('copied');
    expect(copied).toEqual(['a', 'u']);
  });

  it('does nothing more when the person closes the sheet', async () => {
    const copied: string[] = [];
    const closing = { share: () => Promise.reject(new DOMException('closed', 'AbortError')), clipboard: clipboardInto(copied) };
    expect(await shareOrCopy({ text: 'c' }, 'c', closing as unknown as Navigator)).toBe('cancelled');
    expect(copied).toEqual([]);
  });

  it('says when neither sharing nor copying could be done', async () => {
    expect(await shareOrCopy({ text: 'd' }, 'd', { clipboard: refusingClipboard } as unknown as Navigator)).toBe('failed');
  });
});

describe('copyText', () => {
  it('copies, or says it could not', async () => {
    const copied: string[] = [];
    expect(await copyText('e', { clipboard: clipboardInto(copied) } as unknown as Navigator)).toBe(true);
    expect(copied).toEqual(['e']);
    expect(await copyText('f', { clipboard: refusingClipboard } as unknown as Navigator)).toBe(false);
  });
});
