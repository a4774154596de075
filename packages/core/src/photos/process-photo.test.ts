import { PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processPhoto } from "./process-photo";
import { pngDeclaring } from "./testing/hand-made-png";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3b82f6" } });

async function refusal(bytes: Uint8Array) {
  try {
    await processPhoto(bytes);
  } catch (error) {
    return error as { status: number; message: string };
  }
  throw new Error("expected a refusal");
}

describe("processPhoto", () => {
  it("turns a photo upright and drops its EXIF and GPS position", async () => {
    // 40×20 pixels stored sideways: orientation 6 means "rotate 90° to view".
    const taken = await solid(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "PhoneMaker", Copyright: "Jane" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 12/1" },
      })
      .toBuffer();
    const before = await sharp(taken).metadata();
    expect(before.exif).toBeDefined();

    const { large } = await processPhoto(new Uint8Array(taken));
    const after = await sharp(Buffer.from(large.body)).metadata();
    expect(after.format).toBe("webp");
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(Buffer.from(large.body).includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("scales to the sizes the app shows, never up", async () => {
    const png = await solid(3000, 1500).png().toBuffer();
    const { large, thumb } = await processPhoto(new Uint8Array(png));
    expect([large.width, large.height]).toEqual([1024, 512]);
    expect([thumb.width, thumb.height]).toEqual([256, 128]);
    const small = await processPhoto(new Uint8Array(await solid(100, 80).webp().toBuffer()));
    expect([small.large.width, small.large.height]).toEqual([100, 80]);
  });

  it("takes JPEG, PNG, WebP and GIF by their bytes", async () => {
    for (const format of ["jpeg", "png", "webp", "gif"] as const) {
      const bytes = await solid(16, 16).toFormat(format).toBuffer();
      expect((await processPhoto(new Uint8Array(bytes))).thumb.contentType, format).toBe(
        "image/webp",
      );
    }
  });

  it("refuses what is not an accepted image, whatever it claims to be", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>');
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypheic"),
      Buffer.alloc(16),
    ]);
    for (const bytes of [Buffer.from("just text"), svg, heic, Buffer.alloc(0)]) {
      const error = await refusal(new Uint8Array(bytes));
      expect(error.status).toBe(400);
      expect(error.message).toBe(messages.photoInvalidType);
    }
  });

  it("refuses more than 5 MB with 413, and a pixel bomb with a clear message", async () => {
    const tooBig = await refusal(new Uint8Array(PHOTO_MAX_BYTES + 1));
    expect(tooBig).toMatchObject({ status: 413, message: messages.payloadTooLarge });
    // A tiny file that declares 100 million pixels (without the ceiling: unreadable instead).
    const bomb = pngDeclaring(10_000, 10_000);
    expect(bomb.byteLength).toBeLessThan(PHOTO_MAX_BYTES);
    const error = await refusal(bomb);
    expect(error).toMatchObject({ status: 400, message: messages.photoTooManyPixels });
  });

  it("refuses a truncated image it cannot decode", async () => {
    const jpeg = await solid(64, 64).jpeg().toBuffer();
    const error = await refusal(new Uint8Array(jpeg.subarray(0, jpeg.byteLength / 2)));
    expect(error).toMatchObject({ status: 400, message: messages.photoUnreadable });
  });
});
