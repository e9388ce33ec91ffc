import { describe, expect, it } from 'vitest';
import { passkeyBlock, type PageFacts } from './passkeys';

const page = (href: string, more: Partial<PageFacts> = {}): PageFacts => ({
  href,
  isSecureContext: true,
  webAuthn: true,
  ...more,
});
const server = { available: true, reason: null, rpId: 'play.example.org' } as const;

describe('where the passkey buttons show', () => {
  it('on the server’s own host over https, and on localhost', () => {
    expect(passkeyBlock(page('https://play.example.org/link'), server)).toBeNull();
    expect(passkeyBlock(page('http://localhost:5173/me'), { ...server, rpId: 'localhost' })).toBeNull();
  });

  it('not on an IP address, plain http, without WebAuthn, or at another host than PUBLIC_URL’s', () => {
    expect(passkeyBlock(page('http://192.168.1.20:3000/link'), server)).toBe('ip-address');
    expect(passkeyBlock(page('http://play.example.org/link'), server)).toBe('insecure');
    expect(passkeyBlock(page('https://play.example.org/link', { isSecureContext: false }), server)).toBe('insecure');
    expect(passkeyBlock(page('https://play.example.org/link', { webAuthn: false }), server)).toBe('unsupported');
    expect(passkeyBlock(page('https://mirror.example.net/link'), server)).toBe('other-host');
  });

  it('not when the server says its own address cannot have them', () => {
    expect(passkeyBlock(page('http://localhost:3000/me'), { available: false, reason: 'ip-address', rpId: null })).toBe(
      'ip-address',
    );
  });
});
