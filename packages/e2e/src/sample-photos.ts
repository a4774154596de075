/** Photos the browser tests upload, made with sharp so no image files live in the repository. */
import sharp from "sharp";

/** A 1200 x 800 holiday snap whose EXIF names who took it and where. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 214, g: 96, b: 48 } },
  })
    .jpeg()
    .withMetadata({
      exif: {
        IFD0: {
          Artist: "Bea Jones",
          Copyright: "Taken at 12 Secret Lane",
          ImageDescription: "Holiday at home",
        },
      },
    })
    .toBuffer();
}

/** What the server stored for a photo URL: its metadata, and whether the EXIF text survived. */
export async function storedPhoto(body: Buffer) {
  return {
    metadata: await sharp(body).metadata(),
    mentionsExif: body.toString("latin1").includes("Secret Lane"),
  };
}
