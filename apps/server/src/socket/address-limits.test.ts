import { describe, expect, it } from 'vitest';
import { AddressLimits, clientAddress } from './address-limits';

const req = (remote: string, forwarded?: string) => ({
  headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  socket: { remoteAddress: remote },
});

describe('clientAddress', () => {
  it('is the peer address unless a proxy is trusted', () => {
    expect(clientAddress(req('10.0.0.1', '1.2.3.4') as never, false)).toBe('10.0.0.1');
  });

  it('behind one trusted proxy, is the entry that proxy wrote (the right-most), whatever the client put before it', () => {
    expect(clientAddress(req('10.0.0.1', 'spoofed, 6.6.6.6, 1.2.3.4') as never, 1)).toBe('1.2.3.4');
    expect(clientAddress(req('10.0.0.1') as never, 1)).toBe('10.0.0.1');
    expect(clientAddress(null, 1)).toBe('unknown');
  });

  it('trusts exactly the configured hops or proxy addresses, as Fastify does for request.ip', () => {
    expect(clientAddress(req('10.0.0.1', 'spoofed, 6.6.6.6, 1.2.3.4') as never, 2)).toBe('6.6.6.6');
    expect(clientAddress(req('10.0.0.1', 'spoofed, 1.2.3.4') as never, ['10.0.0.0/8'])).toBe('1.2.3.4');
    // a peer that is not one of the listed proxies speaks for itself
    expect(clientAddress(req('192.0.2.7', 'spoofed') as never, ['10.0.0.1'])).toBe('192.0.2.7');
  });
});

describe('AddressLimits', () => {
  it('holds at most the configured sockets per address, and frees a place when one closes', () => {
    const limits = new AddressLimits({ socketsPerAddress: 2, joinBurst: 1, joinsPerSecond: 1 });
    expect([limits.open('a'), limits.open('a'), limits.open('a'), limits.open('b')]).toEqual([true, true, false, true]);
    limits.close('a');
    expect(limits.open('a')).toBe(true);
    expect(limits.sockets('a')).toBe(2);
    limits.stop();
  });

  it('rate-limits joins per address with a token bucket', () => {
    let now = 0;
    const limits = new AddressLimits({ socketsPerAddress: 10, joinBurst: 3, joinsPerSecond: 2 }, () => now);
    expect(Array.from({ length: 4 }, () => limits.join('a'))).toEqual([true, true, true, false]);
    expect(limits.join('b')).toBe(true);
    now += 500; // one token back
    expect([limits.join('a'), limits.join('a')]).toEqual([true, false]);
    limits.stop();
  });

  it('forgets an address only once it holds no socket and its joins have refilled: closing everything buys no fresh bucket', () => {
    let now = 0;
    const limits = new AddressLimits({ socketsPerAddress: 10, joinBurst: 2, joinsPerSecond: 1 }, () => now);
    limits.open('a');
    limits.join('a');
    limits.join('a');
    limits.close('a');
    limits.sweep();
    expect(limits.size).toBe(1);
    expect(limits.join('a')).toBe(false);
    now += 2000;
    limits.sweep();
    expect(limits.size).toBe(0);
    limits.stop();
  });
});
