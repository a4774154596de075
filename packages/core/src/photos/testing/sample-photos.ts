/**
 * Real images for tests, made by sharp (the library that processes photos), and a look at what
 * was stored. Packages that test photos through the API import these rather than sharp itself.
 */
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
