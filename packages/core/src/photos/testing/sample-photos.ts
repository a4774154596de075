/**
 * Real images for tests, made by sharp (the library that processes photos), and a look at what
 * was stored. Packages that test photos through the API import these rather than sharp itself.
 */
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

export interface SamplePhotoOptions {
  width?: number;
  height?: number;
  format?: "jpeg" | "png" | "webp" | "gif";
  /** Camera metadata with a GPS position, as a phone writes it (JPEG only). */
  gps?: boolean;
}

export async function samplePhoto(
  options: SamplePhotoOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { width = 64, height = 48, format = "jpeg", gps = false } = options;
  let image = sharp({ create: { width, height, channels: 3, background: "#3b82f6" } }).toFormat(
    format,
  );
  if (gps) {
    image = image.withExif({
      IFD0: { Make: "PhoneMaker", Model: "Pocket 7" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 12/1" },
    });
  }
  return new Uint8Array(await image.toBuffer());
}

/** The start of an iPhone HEIC file: an ISO box `ftyp` with brand `heic`. */
export const HEIC_BYTES = new Uint8Array(
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.alloc(16)]),
);

export async function photoMetadata(bytes: Uint8Array) {
  const { format, width, height, exif, xmp } = await sharp(bytes).metadata();
  return { format, width, height, hasExif: exif !== undefined, hasXmp: xmp !== undefined };
}

export const asDataUrl = (bytes: Uint8Array, type = "image/png") =>
  `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;

/**
 * A pixel bomb as attackers make one: a valid PNG header declaring `width` × `height` pixels
 * (RGB, 8 bits), with one row of data after it. A few hundred bytes, where letting sharp encode
 * that many pixels cost two core-seconds a test.
 */
export function pngDeclaring(width: number, height: number): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = deflateSync(Buffer.alloc(1 + width * 3));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", row),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/** Length, type, data and the CRC of type and data, as PNG frames every chunk. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
