import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOM_QUERY_PARAM } from '@mm/protocol';

// nginx is not installed where tests run: the shipped configuration is read for what the routing
// relies on (room-routing.test.ts plays that routing through a proxy of the same shape).
const nginx = readFileSync(fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url)), 'utf8');
const compose = readFileSync(fileURLToPath(new URL('../../../docker-compose.yml', import.meta.url)), 'utf8');

/** The body of a `name { … }` block with no nested block. */
const block = (name: string): string => {
  const m = new RegExp(`${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\{([^{}]*)\\}`).exec(nginx);
  if (!m) throw new Error(`no ${name} block in nginx.conf`);
  return m[1]!;
};
const servers = (upstream: string): string[] =>
  [...block(`upstream ${upstream}`).matchAll(/^\s*server\s+(\S+)/gm)].map((m) => m[1]!);

describe('the shipped nginx.conf and docker-compose.yml', () => {
  it('route every Socket.IO connection by the room the web client names, on a consistent hash', () => {
    const socketIo = block('location /socket.io/');
    const upstream = /proxy_pass\s+http:\/\/(\w+);/.exec(socketIo)?.[1];
    expect(upstream).toBeDefined();
    expect(block(`upstream ${upstream!}`)).toMatch(new RegExp(`^\\s*hash \\$arg_${ROOM_QUERY_PARAM} consistent;`, 'm'));
    // WebSocket upgrades pass, and a dead process's rooms go on to the next one.
    expect(socketIo).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginx).toMatch(/proxy_next_upstream error timeout/);
  });

  it('spread the rooms over every app process of the compose file, the HTTP API over the same', () => {
    const apps = [...compose.matchAll(/^ {2}(app\d+):/gm)].map((m) => `${m[1]!}:3000`);
    expect(apps.length).toBeGreaterThanOrEqual(2);
    const socketUpstream = /proxy_pass\s+http:\/\/(\w+);/.exec(block('location /socket.io/'))![1]!;
    const apiUpstream = /proxy_pass\s+http:\/\/(\w+);/.exec(block('location /'))![1]!;
    expect(servers(socketUpstream)).toEqual(apps);
    expect(servers(apiUpstream)).toEqual(apps);
    // Every app shares one Redis (the sharded adapter) and one PostgreSQL.
    expect([...compose.matchAll(/REDIS_URL: (\S+)/g)].map((m) => m[1])).toEqual(['redis://redis:6379']);
  });
});
