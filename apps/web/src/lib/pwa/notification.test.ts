import { describe, expect, it } from 'vitest';
import { notificationOptions, readPush, tappedPath, windowShowing } from './notification';

const push = {
  kind: 'turn',
  title: '● Your turn',
  body: 'Duel: the table is waiting for your move.',
  url: '/r/AbCdEfGhIjKlMnOp',
  tag: 'room-AbCdEfGhIjKlMnOp',
};

describe('the service worker side of a push', () => {
  it('reads a push from the server, and nothing else', () => {
    expect(readPush(push)).toEqual(push);
    expect(readPush({ ...push, kind: 'spam' })).toBeNull();
    expect(readPush({ ...push, url: 'https://evil.example/r/x' })).toBeNull();
    expect(readPush({ ...push, url: '/r/../../api' })).toBeNull();
    expect(readPush('hello')).toBeNull();
    expect(readPush(null)).toBeNull();
  });

  it("shows the text, replaces the room's older notification and keeps the room's link for the tap", () => {
    const options = notificationOptions(readPush(push)!);
    expect(options).toMatchObject({ body: push.body, tag: push.tag, data: { url: push.url } });
  });

  it('opens the room the notification names, and only a room of this site', () => {
    expect(tappedPath({ url: push.url })).toBe(push.url);
    expect(tappedPath({ url: 'https://evil.example/' })).toBe('/');
    expect(tappedPath(undefined)).toBe('/');
  });

  it('focuses a window already showing that room rather than opening another', () => {
    const windows = [{ url: 'http://localhost:3000/history' }, { url: 'http://localhost:3000/r/AbCdEfGhIjKlMnOp?x=1' }];
    expect(windowShowing(windows, push.url)).toBe(windows[1]);
    expect(windowShowing(windows, '/r/other')).toBeUndefined();
  });
});
