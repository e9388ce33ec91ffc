import type { Page } from 'playwright-core';

/**
 * Keeps the last Socket.IO frames a phone sent and received (and its console errors), so a
 * test that times out waiting for the table can say what each phone had seen: a tap that sent
 * nothing reads differently from an update that never arrived.
 */
export function recordTraffic(page: Page, keep = 40): () => string {
  const lines: string[] = [];
  const began = Date.now();
  const push = (line: string): void => {
    lines.push(`${String(Date.now() - began).padStart(6)} ms ${line.length > 240 ? `${line.slice(0, 240)}…` : line}`);
    if (lines.length > keep) lines.shift();
  };
  page.on('websocket', (ws) => {
    push(`open ${ws.url()}`);
    ws.on('framesent', (f) => push(`→ ${String(f.payload)}`));
    ws.on('framereceived', (f) => push(`← ${String(f.payload)}`));
    ws.on('close', () => push('closed'));
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') push(`console ${m.type()}: ${m.text()}`);
  });
  return () => lines.join('\n');
}
