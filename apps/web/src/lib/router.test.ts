import { describe, expect, it } from 'vitest';
import { parseRoute, pathFor, type Route } from './router';

const ID = 'AbCdEfGh_-12345Z';

describe('parseRoute', () => {
  it('reads the known paths', () => {
    expect(parseRoute('/')).toEqual({ name: 'home' });
    expect(parseRoute('')).toEqual({ name: 'home' });
    expect(parseRoute(`/r/${ID}`)).toEqual({ name: 'room', id: ID });
    expect(parseRoute(`/r/${ID}/`)).toEqual({ name: 'room', id: ID });
    expect(parseRoute('/history')).toEqual({ name: 'history' });
    expect(parseRoute('/me')).toEqual({ name: 'me' });
    expect(parseRoute('/link')).toEqual({ name: 'link' });
    expect(parseRoute('/daily')).toEqual({ name: 'daily' });
    expect(parseRoute('/daily/26')).toEqual({ name: 'daily' });
    expect(parseRoute('/daily/x').name).toBe('notFound');
    expect(pathFor({ name: 'me' })).toBe('/me');
    expect(parseRoute(`/m/${ID}`)).toEqual({ name: 'match', id: ID });
  });
  it('refuses ids that cannot be room ids', () => {
    expect(parseRoute('/r/short').name).toBe('notFound');
    expect(parseRoute('/r/has.dots.in.it.x').name).toBe('notFound');
    expect(parseRoute(`/r/${ID}/extra`).name).toBe('notFound');
    expect(parseRoute('/r/%E0%A4%A').name).toBe('notFound');
    expect(parseRoute('/nowhere')).toEqual({ name: 'notFound', path: '/nowhere' });
  });
  it('reads friends and friend invitation links, refusing what cannot be an invitation', () => {
    const token = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(parseRoute('/friends')).toEqual({ name: 'friends' });
    expect(parseRoute(`/f/${token}`)).toEqual({ name: 'friendInvite', token });
    expect(parseRoute('/f/short').name).toBe('notFound');
    expect(parseRoute(`/f/${token}A`).name).toBe('notFound');
    expect(parseRoute(`/f/${token}/x`).name).toBe('notFound');
  });
  it('reads groups, a group page and group invitation links, refusing what cannot be one', () => {
    const token = 'BBBBBBBBBBBBBBBBBBBBBB';
    expect(parseRoute('/groups')).toEqual({ name: 'groups' });
    expect(parseRoute('/groups/AbCdEfGh_-123456')).toEqual({ name: 'group', id: 'AbCdEfGh_-123456' });
    expect(parseRoute(`/g/${token}`)).toEqual({ name: 'groupInvite', token });
    expect(parseRoute('/groups/short').name).toBe('notFound');
    expect(parseRoute(`/g/${token}A`).name).toBe('notFound');
  });
  it('round-trips with pathFor', () => {
    const routes: Route[] = [
      { name: 'home' },
      { name: 'room', id: ID },
      { name: 'history' },
      { name: 'match', id: ID },
      { name: 'daily' },
      { name: 'friends' },
      { name: 'friendInvite', token: 'AbCdEfGh_-12345ZabcdeF' },
      { name: 'groups' },
      { name: 'group', id: 'AbCdEfGh_-123456' },
      { name: 'groupInvite', token: 'AbCdEfGh_-12345ZabcdeF' },
    ];
    for (const r of routes) expect(parseRoute(pathFor(r))).toEqual(r);
  });
});
