import { execFileSync } from 'node:child_process';
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed certificate for 127.0.0.1, made for this test run only (openssl). */
export function selfSignedCert(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mm-push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a browser keeps for one subscription: its P-256 key pair and the auth secret (RFC 8291). */
export function browserKeys(): { p256dh: string; auth: string; ecdh: ReturnType<typeof createECDH>; authSecret: Buffer } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url'), ecdh, authSecret };
}

/**
 * Decrypts an `aes128gcm` Web Push body (RFC 8188 framing, RFC 8291 keys) with the browser's keys,
 * written here from the RFCs so that the test does not trust the library it tests.
 */
export function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error('more than one record: not what a push sends');
  const ecdhSecret = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then zero padding
  const end = padded.lastIndexOf(2);
  if (end < 0) throw new Error('no padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292): an ES256 JWT signed with k. */
export function verifyVapid(header: string | undefined): { key: string; claims: { aud: string; exp: number; sub: string } } {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a vapid Authorization header: ${header}`);
  const [jwt, key] = [m[1]!, m[2]!];
  const [head, payload, sig] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig!, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID JWT signature does not verify');
  const header0 = JSON.parse(Buffer.from(head!, 'base64url').toString()) as { alg: string };
  if (header0.alg !== 'ES256') throw new Error(`JWT alg ${header0.alg}`);
  return { key, claims: JSON.parse(Buffer.from(payload!, 'base64url').toString()) };
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  at: number;
}

/**
 * A local push service: an HTTPS server that records every push. Paths ending in `/gone`
 * answer 410, as a push service does for a subscription the browser dropped.
 */
export async function startPushEndpoint(tls: { key: string; cert: string }): Promise<{
  origin: string;
  received: ReceivedPush[];
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}> {
  const received: ReceivedPush[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at: performance.now() });
      res.writeHead(req.url?.endsWith('/gone') ? 410 : 201).end();
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const of = (path: string) => received.filter((r) => r.path === path);
  return {
    origin: `https://127.0.0.1:${port}`,
    received,
    async waitFor(path, count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (of(path).length < count) {
        if (Date.now() > deadline) throw new Error(`${path}: ${of(path).length} pushes, waited for ${count}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 500).unref();
        });
      }
      return of(path);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
