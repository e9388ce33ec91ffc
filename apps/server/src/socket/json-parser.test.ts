import { Encoder, PacketType, type Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { JsonEncoder } from './json-parser';

const packets: Packet[] = [
  { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } },
  { type: PacketType.CONNECT_ERROR, nsp: '/', data: { message: 'shutting down' } },
  { type: PacketType.DISCONNECT, nsp: '/' },
  { type: PacketType.EVENT, nsp: '/', data: ['room:delta', { patch: { snapshot: { rows: { '+': [[{ code: [1, 2] }]] } } } }] },
  { type: PacketType.EVENT, nsp: '/', data: ['room:update', { text: 'é "quoted" \u2028 line' }], id: 12 },
  { type: PacketType.ACK, nsp: '/', data: [{ ok: true, seq: 3 }], id: 0 },
  { type: PacketType.EVENT, nsp: '/admin', data: ['x', null, 0, false] },
];

describe('JsonEncoder', () => {
  it('writes every packet without binary exactly as Socket.IO’s own encoder does', () => {
    const ours = new JsonEncoder();
    const theirs = new Encoder();
    for (const packet of packets) expect(ours.encode(packet)).toEqual(theirs.encode(packet));
  });
});
