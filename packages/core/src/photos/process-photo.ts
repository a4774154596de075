/**
 * Every photo (profile, circle) takes this path before it is stored: its type read from its
 * bytes (never the name or the declared type), JPEG, PNG, WebP or GIF only, 5 MB at most,
 * decoded with a pixel ceiling, turned upright, and re-encoded as WebP at the sizes the app
 * shows. Re-encoding drops every metadata block (EXIF, GPS position, XMP, comments), so no
 * photo carries where it was taken.
 *
 * HEIC is refused: sharp's prebuilt libvips decodes AVIF but not HEVC (a patent-encumbered
 * codec), and browsers hand iPhone photos to a file input as JPEG anyway.
 */
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { AppError } from "../errors";

const ACCEPTED_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

/** The sizes the app shows: the photo itself, and the avatar in lists and the circle strip. */
export const PHOTO_SIZES = { large: 1024, thumb: 256 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

export interface ProcessedPhoto {
  body: Uint8Array;
  contentType: "image/webp";
  width: number;
  height: number;
}

export async function processPhoto(bytes: Uint8Array): Promise<Record<PhotoSize, ProcessedPhoto>> {
  if (bytes.byteLength > PHOTO_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", messages.payloadTooLarge);
  }
  // Loaded on first use, like sharp below: every answer with a photo URL imports this module.
  const { fileTypeFromBuffer } = await import("file-type/core");
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ACCEPTED_TYPES.has(detected.mime)) {
    throw new AppError("VALIDATION_FAILED", messages.photoInvalidType, {
      issues: [{ path: "photo", message: messages.photoInvalidType }],
    });
  }
  // sharp's native library is large, and most requests never need it.
  const { default: sharp } = await import("sharp");
  const sized = async (edge: number): Promise<ProcessedPhoto> => {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: PHOTO_MAX_PIXELS,
      failOn: "error",
      animated: false,
    })
      .rotate()
      .resize({ width: edge, height: edge, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      body: new Uint8Array(data),
      contentType: "image/webp",
      width: info.width,
      height: info.height,
    };
  };
  try {
    const [large, thumb] = await Promise.all([sized(PHOTO_SIZES.large), sized(PHOTO_SIZES.thumb)]);
    return { large, thumb };
  } catch (error) {
    const pixels = /pixel limit/i.test(String((error as Error).message));
    const message = pixels ? messages.photoTooManyPixels : messages.photoUnreadable;
    throw new AppError("VALIDATION_FAILED", message, { issues: [{ path: "photo", message }] });
  }
}
