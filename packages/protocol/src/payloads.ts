/**
 * Schemas of everything the server sends: HTTP replies, acknowledgements and server → client
 * events. Each is checked against its TypeScript type at compile time; docs/protocol.md renders
 * them; the server's tests check every payload a test socket receives against them (strict:
 * an undocumented field fails), so the document is enough to write a client.
 */
export * from './room-payloads';
export * from './http-replies';
export * from './socket-replies';
