/**
 * The crop dialog (accounts spec, sections 2, 4, 5 and 8): square crop, zoom 1 to 3 in steps of
 * 0.1 on a labelled slider, Cancel and Save Photo, and its error toasts. The cropper itself
 * needs real image layout, so a stand-in reports a crop area as react-easy-crop does.
 */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CropperProps } from "react-easy-crop";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { spyOnToasts } from "@/testing/toasts";
import { cropToJpeg } from "./crop-image";
import { PhotoCropDialog, type PhotoCropDialogProps } from "./photo-crop-dialog";

spyOnToasts();
vi.mock("./crop-image", () => ({ cropToJpeg: vi.fn() }));

const AREA = { x: 10, y: 20, width: 300, height: 300 };
const cropperProps = vi.fn<(props: Partial<CropperProps>) => void>();

vi.mock("react-easy-crop", async () => {
  const { useEffect } = await import("react");
  return {
    default: function FakeCropper(props: Partial<CropperProps>) {
      cropperProps(props);
      const { onCropComplete } = props;
      useEffect(
        () => onCropComplete?.({ x: 0, y: 0, width: 100, height: 100 }, AREA),
        [onCropComplete],
      );
      const onError = (props.mediaProps as { onError?: () => void } | undefined)?.onError;
      return (
        <button type="button" onClick={() => onError?.()}>
          Break the image
        </button>
      );
    },
  };
});

const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "me.jpg", {
  type: "image/jpeg",
});

function renderDialog(props: Partial<PhotoCropDialogProps> = {}) {
  const onOpenChange = vi.fn<(open: boolean) => void>();
  const onCropped = vi.fn<(blob: Blob) => void>();
  const result = render(
    <PhotoCropDialog
      file={photo}
      open
      onOpenChange={onOpenChange}
      onCropped={onCropped}
      {...props}
    />,
  );
  return { ...result, onOpenChange, onCropped };
}

/** Save Photo, once the photo is read and the cropper has reported its area. */
async function savePhoto() {
  await waitFor(() => expect(screen.getByRole("button", { name: "Save Photo" })).toBeEnabled());
  return screen.getByRole("button", { name: "Save Photo" });
}

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(cropToJpeg).mockReset();
  cropperProps.mockClear();
});

describe("PhotoCropDialog", () => {
  it("crops square, zooming from 1 to 3 in steps of 0.1", async () => {
    renderDialog();
    await screen.findByRole("button", { name: "Break the image" });
    expect(cropperProps).toHaveBeenLastCalledWith(
      expect.objectContaining({ aspect: 1, minZoom: 1, maxZoom: 3, zoom: 1 }),
    );
    expect(cropperProps.mock.lastCall?.[0].image).toMatch(/^data:image\/jpeg;base64,/);

    const zoom = screen.getByRole("slider", { name: "Zoom" });
    expect(zoom).toHaveAttribute("aria-valuemin", "1");
    expect(zoom).toHaveAttribute("aria-valuemax", "3");
    expect(zoom).toHaveAttribute("aria-valuenow", "1");
    fireEvent.keyDown(zoom, { key: "ArrowRight" });
    expect(zoom).toHaveAttribute("aria-valuenow", "1.1");
    expect(zoom).toHaveAttribute("aria-valuetext", "1.1 times");
    expect(cropperProps).toHaveBeenLastCalledWith(expect.objectContaining({ zoom: 1.1 }));
    fireEvent.keyDown(zoom, { key: "End" });
    expect(zoom).toHaveAttribute("aria-valuenow", "3");
  });

  it("hands the crop over as JPEG on Save Photo", async () => {
    const jpeg = new Blob(["jpeg"], { type: "image/jpeg" });
    vi.mocked(cropToJpeg).mockResolvedValue(jpeg);
    const { onCropped } = renderDialog();
    await userEvent.click(await savePhoto());

    await waitFor(() => expect(onCropped).toHaveBeenCalledWith(jpeg));
    expect(vi.mocked(cropToJpeg).mock.lastCall?.[1]).toEqual(AREA);
    expect(vi.mocked(cropToJpeg).mock.lastCall?.[0]).toMatch(/^data:image\/jpeg;base64,/);
  });

  it("says cropping failed when the image cannot be cut", async () => {
    vi.mocked(cropToJpeg).mockRejectedValue(new Error("Could not get canvas context"));
    const { onCropped } = renderDialog();
    await userEvent.click(await savePhoto());

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Cropping failed", {
        description: "There was an error processing the image",
      }),
    );
    expect(onCropped).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Save Photo" })).toBeEnabled();
  });

  it("closes on Cancel", async () => {
    const { onOpenChange } = renderDialog();
    await screen.findByRole("button", { name: "Break the image" });
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says so and closes when the image cannot be shown", async () => {
    const { onOpenChange } = renderDialog();
    await userEvent.click(await screen.findByRole("button", { name: "Break the image" }));
    expect(toast.error).toHaveBeenCalledWith("Failed to create preview", expect.anything());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says so and closes when the file cannot be read", async () => {
    class FailingReader extends EventTarget {
      result = null;
      readAsDataURL() {
        queueMicrotask(() => this.dispatchEvent(new Event("error")));
      }
      abort() {}
    }
    vi.stubGlobal("FileReader", FailingReader);
    try {
      const { onOpenChange } = renderDialog();
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith("Failed to read image", {
          description: "There was an error reading the image file.",
        }),
      );
      expect(onOpenChange).toHaveBeenCalledWith(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows the owner's upload progress and waits while it runs", async () => {
    renderDialog({ saving: true, progress: 0.4 });
    expect(
      await screen.findByRole("progressbar", { name: "Uploading photo… 40%" }),
    ).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeEnabled();
  });
});
