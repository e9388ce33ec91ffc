import { describe, expect, it } from 'vitest';
import { createClusterBus, type BusMessage } from './cluster-bus';
import { BUS_EVENT, type IoServer } from './io-types';

/** The two calls the bus makes on Socket.IO: what it sends, and the listener that hears the others. */
function fakeIo() {
  const sent: unknown[] = [];
  let hear: ((raw: unknown) => void) | null = null;
  const io = {
    serverSideEmit: (event: string, message: unknown) => sent.push([event, message]),
    on: (event: string, listener: (raw: unknown) => void) => {
      if (event === BUS_EVENT) hear = listener;
    },
  } as unknown as IoServer;
  return { io, sent, deliver: (raw: unknown) => hear?.(raw) };
}

const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };

describe('the cluster bus', () => {
  it('hands a message from another process to the handlers of its type only, parsed', () => {
    const { io, deliver } = fakeIo();
    const bus = createClusterBus(io, true, log);
    const heard: BusMessage[] = [];
    bus.on('room-stored', (m) => heard.push(m));
    bus.on('duty-nudge', () => heard.push({ type: 'resync' }));
    deliver({ type: 'room-stored', roomId: 'AAAAAAAAAAAAAAAA' });
    expect(heard).toEqual([{ type: 'room-stored', roomId: 'AAAAAAAAAAAAAAAA' }]);
  });

  it('drops a malformed message (unknown type, bad room id, a bare string) with a warning, calling no handler', () => {
    const { io, deliver } = fakeIo();
    const bus = createClusterBus(io, true, log);
    const heard: unknown[] = [];
    bus.on('room-stored', (m) => heard.push(m));
    bus.on('presence-changed', (m) => heard.push(m));
    warnings.length = 0;
    for (const raw of [{ type: 'nope' }, { type: 'room-stored', roomId: '../x' }, 'AAAAAAAAAAAAAAAA', null]) deliver(raw);
    expect(heard).toEqual([]);
    expect(warnings).toHaveLength(4);
  });

  it('sends to the others on one event; announce also tells this process; alone it sends nothing', () => {
    const shared = fakeIo();
    const bus = createClusterBus(shared.io, true, log);
    let resyncs = 0;
    bus.on('resync', () => resyncs++);
    bus.publish({ type: 'duty-nudge', roomId: 'AAAAAAAAAAAAAAAA' });
    bus.announce({ type: 'resync' });
    expect(shared.sent).toEqual([
      [BUS_EVENT, { type: 'duty-nudge', roomId: 'AAAAAAAAAAAAAAAA' }],
      [BUS_EVENT, { type: 'resync' }],
    ]);
    expect(resyncs).toBe(1);

    const alone = fakeIo();
    const lone = createClusterBus(alone.io, false, log);
    let here = 0;
    lone.on('resync', () => here++);
    lone.publish({ type: 'duty-nudge', roomId: 'AAAAAAAAAAAAAAAA' });
    lone.announce({ type: 'resync' });
    expect(alone.sent).toEqual([]);
    expect(here).toBe(1);
  });
});
