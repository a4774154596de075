/**
 * PNG files written byte by byte, without sharp (packages that do not depend on it use these):
 * a solid-colour picture, and a pixel bomb's header.
 */
import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A `width` × `height` picture of one colour (8-bit RGB). */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  return png(width, height, Buffer.concat(Array(height).fill(row)));
}

/**
 * A pixel bomb as attackers make one: a valid header declaring `width` × `height` pixels, with one
 * row of data after it. A few hundred bytes, where having sharp encode that many pixels cost two
 * core-seconds a test.
 */
export function pngDeclaring(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(png(width, height, Buffer.alloc(1 + width * 3)));
}

function png(width: number, height: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Length, type, data and the CRC of type and data, as PNG frames every chunk. */
function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
