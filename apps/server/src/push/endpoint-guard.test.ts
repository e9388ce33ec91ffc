import { describe, expect, it } from 'vitest';
import { endpointProblem, parseAllowedOrigins } from './endpoint-guard';

describe('which push endpoints the server may contact', () => {
  it('accepts https on the browsers push services only', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
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

  it('refuses to start with an allowed origin that is not https', () => {
    expect(() => parseAllowedOrigins('http://127.0.0.1:8080')).toThrow(/https/);
    expect(parseAllowedOrigins(undefined)).toEqual([]);
  });
});
