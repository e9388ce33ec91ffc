import { deflateSync } from 'node:zlib';
import type { PreviewBoard } from '@mm/rules';

/**
 * The link-preview picture of each family (1200×630, what chat apps show above a pasted
 * link): a board of pegs in the shape the family gives (`previewBoard`), drawn here and
 * encoded as PNG, since chat apps do not show SVG. Purely decorative: no room's code or
 * secret is ever drawn.
 */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

type Rgb = readonly [number, number, number];
const BACKGROUND: Rgb = [0x1d, 0x2b, 0x4f];
const BOARD: Rgb = [0x2c, 0x3e, 0x6b];
const HOLE: Rgb = [0x14, 0x1f, 0x3a];
const PEGS: Rgb[] = [
  [0xd7, 0x26, 0x3d],
  [0xf7, 0xd0, 0x38],
  [0x3c, 0x8d, 0xff],
  [0x2f, 0xbf, 0x71],
  [0xff, 0xff, 0xff],
  [0xa1, 0x4b, 0xd6],
];

function draw(board: PreviewBoard): Buffer {
  const px = Buffer.alloc(OG_WIDTH * OG_HEIGHT * 3);
  const fill = (x0: number, y0: number, x1: number, y1: number, c: Rgb): void => {
    for (let y = Math.max(0, y0); y < Math.min(OG_HEIGHT, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(OG_WIDTH, x1); x++) px.set(c, (y * OG_WIDTH + x) * 3);
    }
  };
  const disc = (cx: number, cy: number, r: number, c: Rgb): void => {
    for (let y = Math.floor(cy - r); y <= cy + r; y++) {
      for (let x = Math.floor(cx - r); x <= cx + r; x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= 0 && y >= 0 && x < OG_WIDTH && y < OG_HEIGHT)
          px.set(c, (y * OG_WIDTH + x) * 3);
      }
    }
  };
  fill(0, 0, OG_WIDTH, OG_HEIGHT, BACKGROUND);
  const { pegs, rows, boards } = board;
  const cell = 70;
  const boardW = pegs * cell + 40;
  const boardH = rows * cell + 40;
  const gap = 60;
  const left0 = Math.round((OG_WIDTH - boards * boardW - (boards - 1) * gap) / 2);
  const top = Math.round((OG_HEIGHT - boardH) / 2);
  for (let b = 0; b < boards; b++) {
    const left = left0 + b * (boardW + gap);
    fill(left, top, left + boardW, top + boardH, BOARD);
    for (let r = 0; r < rows; r++) {
      for (let h = 0; h < pegs; h++) {
        const cx = left + 20 + h * cell + cell / 2;
        const cy = top + 20 + r * cell + cell / 2;
        // the first rows are played, the rest still empty: a game under way
        const played = r < rows - 2;
        disc(cx, cy, played ? 26 : 14, played ? (PEGS[(r * 2 + h * 3 + b) % PEGS.length] as Rgb) : HOLE);
      }
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(rgb: Buffer, width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const cache = new Map<string, Buffer>();

/** A family's preview (`family.previewBoard`) as PNG bytes, drawn once per shape and process. */
export function ogImage(board: PreviewBoard): Buffer {
  const key = `${board.pegs}x${board.rows}x${board.boards}`;
  let hit = cache.get(key);
  if (!hit) cache.set(key, (hit = png(draw(board), OG_WIDTH, OG_HEIGHT)));
  return hit;
}
