/** Cuts the chosen square out of a photo in the browser and encodes it as JPEG (spec section 5). */

/** The pixels of the source the crop covers, as react-easy-crop reports them. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The longest edge sent: the server's largest size is 1024 px (core's PHOTO_SIZES), so more
 * would only make the upload slower, and a 12-megapixel crop could pass 5 MB as JPEG.
 */
export const CROP_OUTPUT_MAX_EDGE = 1024;
const JPEG_QUALITY = 0.9;

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.addEventListener("load", () => resolve(image));
    image.addEventListener("error", () => reject(new Error("Failed to load image")));
    image.src = src;
  });
}

/** The crop as a square JPEG of at most CROP_OUTPUT_MAX_EDGE pixels a side. */
export async function cropToJpeg(src: string, area: CropArea): Promise<Blob> {
  const image = await loadImage(src);
  const edge = Math.max(1, Math.min(Math.round(area.width), CROP_OUTPUT_MAX_EDGE));
  const canvas = document.createElement("canvas");
  canvas.width = edge;
  canvas.height = edge;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Could not get canvas context");
  // JPEG has no transparency: a transparent PNG would otherwise turn black where it is clear.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, edge, edge);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, edge, edge);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY),
  );
  if (!blob) throw new Error("Cropping failed");
  return blob;
}
