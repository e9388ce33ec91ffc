import { describe, expect, it } from 'vitest';
import { addressProblem, endpointProblem, isPublicAddress, parseAllowedOrigins } from './endpoint-guard';
import { generateVapidKeys, PushSender } from './sender';
import type { PushPayload } from '@mm/protocol';

describe('which push endpoints the server may contact', () => {
  it('accepts https on the browsers push services only', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://wns2-sg2p.notify.windows.com/w/?token=BQYAAAD0r9St%2f5D%2bf24C0R',
    ]) {
      expect(endpointProblem(ok, []), ok).toBeNull();
    }
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://attacker.example/fcm.googleapis.com',
      'https://push.apple.com.attacker.example/x',
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://fcm.googleapis.com:444/x',
      'https://a:b@fcm.googleapis.com/x',
      'not a url',
      // differ from their WHATWG-normalised form: web-push's legacy parser reads them otherwise
      'https://2130706433%2enotify%2ewindows%2ecom/x',
      'https://wns2-a%2enotify%2ewindows%2ecom/x',
      'https://localhost%2e.push.apple.com/x',
      'https://localhost%2e/x',
      'https:fcm.googleapis.com/y',
      'https:/fcm.googleapis.com/y',
      'https://FCM.googleapis.com/y',
      'https://fcm.googleapis.com',
      'https://fcm.googleapis.com:443/y',
      'https://fcm.googleapis.com/a/../y',
      'https://fcm.googleapis.com/y#frag ment',
      ' https://fcm.googleapis.com/y',
      'https://fcm.googleapis.com\\y',
      // Windows: only WNS's web push hosts, one label, under notify.windows.com
      'https://2130706433.notify.windows.com/x',
      'https://db5p.notify.windows.com/w/?token=abc',
      'https://a.b.notify.windows.com/x',
      'https://notify.windows.com/x',
      'https://wns2-x.notify.windows.com.evil.example/x',
      'https://a.b.push.apple.com/x',
    ]) {
      expect(endpointProblem(bad, []), bad).toMatch(/push endpoint/);
    }
  });

  it('also accepts the exact origins the operator allows, and nothing beside them', () => {
    const allowed = parseAllowedOrigins(' https://127.0.0.1:8443 , https://push.internal.example ');
    expect(allowed).toEqual(['https://127.0.0.1:8443', 'https://push.internal.example']);
    expect(endpointProblem('https://127.0.0.1:8443/any/path', allowed)).toBeNull();
    expect(endpointProblem('https://127.0.0.1:8444/any/path', allowed)).not.toBeNull();
    expect(endpointProblem('http://127.0.0.1:8443/any/path', allowed)).not.toBeNull();
  });

  it('finds every private, loopback, link-local, unique-local, unspecified and mapped address non-public', () => {
    for (const bad of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::7f00:1',
      'not an address',
    ]) {
      expect(isPublicAddress(bad), bad).toBe(false);
    }
    for (const ok of ['142.250.74.42', '8.8.8.8', '2a00:1450:4007:80c::200a', '::ffff:8.8.8.8', '172.32.0.1']) {
      expect(isPublicAddress(ok), ok).toBe(true);
    }
  });

  it('resolves the host at send time and refuses it when any address is not public', async () => {
    const to =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address }));
    expect(await addressProblem('https://fcm.googleapis.com/x', to('142.250.74.42'))).toBeNull();
    expect(await addressProblem('https://fcm.googleapis.com/x', to('142.250.74.42', '127.0.0.1'))).toMatch(/non-public/);
    expect(await addressProblem('https://fcm.googleapis.com/x', to('::ffff:192.168.0.1'))).toMatch(/non-public/);
    expect(await addressProblem('https://fcm.googleapis.com/x', to())).toMatch(/does not resolve/);
    const fails = async () => Promise.reject(new Error('ENOTFOUND'));
    expect(await addressProblem('https://fcm.googleapis.com/x', fails)).toMatch(/does not resolve/);
    // node:dns itself: localhost is loopback
    expect(await addressProblem('https://localhost/x')).toMatch(/non-public/);
    expect(await addressProblem('https://[::1]/x')).toMatch(/non-public/);
  });

  it('sends nothing to a known push host that resolves to a private address', async () => {
    const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@example.org' };
    const sender = new PushSender(vapid, [], undefined, async () => [{ address: '127.0.0.1' }]);
    const sub = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      deviceId: 'd',
      p256dh: 'p',
      auth: 'a',
      lang: 'en' as const,
    };
    const payload: PushPayload = { kind: 'turn', tag: 'room-x', title: 't', body: 'b', url: '/r/x' };
    expect(await sender.send(sub, payload)).toBe('refused');
  });

  it('refuses to start with an allowed origin that is not https', () => {
    expect(() => parseAllowedOrigins('http://127.0.0.1:8080')).toThrow(/https/);
    expect(parseAllowedOrigins(undefined)).toEqual([]);
  });
});
