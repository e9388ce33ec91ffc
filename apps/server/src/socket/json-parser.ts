import { Decoder, type Packet } from 'socket.io-parser';

/**
 * Socket.IO's parser, with an encoder that writes every packet as text, exactly as the default one
 * writes a packet without binary (protocol 5: type, namespace other than `/` and a comma, ack id,
 * JSON), so the client keeps the default parser. The default encoder first walks every outgoing
 * packet, all of it, looking for a Buffer or an ArrayBuffer; every message of ours is JSON (the
 * schemas of @mm/protocol hold no binary), so the walk only cost CPU: 3.4 % of the server's busy
 * time on a race of 8 seats, where each row goes out as 9 packets (docs/performance.md).
 * Decoding is the default decoder's, binary attachments from clients included.
 */
export class JsonEncoder {
  encode(packet: Packet): string[] {
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id !== undefined && packet.id !== null) text += String(packet.id);
    if (packet.data !== undefined && packet.data !== null) text += JSON.stringify(packet.data);
    return [text];
  }
}

/** The `parser` option of the Socket.IO server. */
export const jsonParser = { Encoder: JsonEncoder, Decoder };
