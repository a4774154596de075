/**
 * What an attachment may be, without a database: the name's extension and the bytes must
 * agree on an accepted kind, and the name kept for the download is safe to send back.
 */
import { describe, expect, it } from "vitest";
import { samplePhoto } from "../photos/testing/sample-photos";
import { attachmentTypeOf, safeFileName } from "./attachments";
import {
  bytesOf,
  sampleDoc,
  sampleDocm,
  sampleDocx,
  sampleExe,
  samplePdf,
  zipOf,
} from "./testing/sample-attachments";

const refusedAs = async (name: string, bytes: Uint8Array) =>
  attachmentTypeOf(name, bytes).then(
    () => null,
    (error: { status: number; message: string }) => error.status,
  );

describe("attachment types", () => {
  it("accepts each kind of the spec by its bytes, and serves the type the bytes have", async () => {
    expect(await attachmentTypeOf("a.pdf", samplePdf())).toBe("application/pdf");
    expect(await attachmentTypeOf("a.doc", sampleDoc())).toBe("application/msword");
    expect(await attachmentTypeOf("a.DOCX", sampleDocx())).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(await attachmentTypeOf("a.txt", bytesOf("Einkaufsliste: Äpfel, Brot\n"))).toBe(
      "text/plain; charset=utf-8",
    );
    expect(await attachmentTypeOf("a.txt", new Uint8Array())).toBe("text/plain; charset=utf-8");
    expect(await attachmentTypeOf("a.jpg", await samplePhoto())).toBe("image/jpeg");
    expect(await attachmentTypeOf("a.jpeg", await samplePhoto())).toBe("image/jpeg");
    expect(await attachmentTypeOf("a.png", await samplePhoto({ format: "png" }))).toBe("image/png");
    expect(await attachmentTypeOf("a.gif", await samplePhoto({ format: "gif" }))).toBe("image/gif");
    // A PNG saved with a .jpg name is still an image, served as what it is.
    expect(await attachmentTypeOf("a.jpg", await samplePhoto({ format: "png" }))).toBe("image/png");
  });

  it("refuses a program under any accepted name, and names off the list", async () => {
    for (const name of ["setup.pdf", "setup.doc", "setup.docx", "setup.txt", "setup.jpg"]) {
      expect(await refusedAs(name, sampleExe()), name).toBe(400);
    }
    expect(await refusedAs("setup.exe", sampleExe())).toBe(400);
    expect(await refusedAs("photo.webp", await samplePhoto({ format: "webp" }))).toBe(400);
    expect(await refusedAs("noextension", samplePdf())).toBe(400);
    expect(await refusedAs("image.svg", bytesOf("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBe(
      400,
    );
  });

  it("refuses bytes of another accepted kind than the name says", async () => {
    expect(await refusedAs("report.pdf", sampleDocx())).toBe(400);
    expect(await refusedAs("report.docx", samplePdf())).toBe(400);
    expect(await refusedAs("report.doc", sampleDocx())).toBe(400);
    expect(await refusedAs("photo.png", samplePdf())).toBe(400);
    // A zip that is not a Word document, and a macro-enabled one.
    expect(await refusedAs("report.docx", zipOf({ "notes.txt": "hello" }))).toBe(400);
    expect(await refusedAs("report.docx", sampleDocm())).toBe(400);
  });

  it("takes as text only UTF-8 without NULs", async () => {
    expect(await refusedAs("a.txt", new Uint8Array([0x68, 0x00, 0x69]))).toBe(400);
    expect(await refusedAs("a.txt", new Uint8Array([0xff, 0xfe, 0x41]))).toBe(400);
    expect(await refusedAs("a.txt", samplePdf())).toBeNull();
  });
});

describe("file names kept for the download", () => {
  it("drops folders, control and direction-changing characters", () => {
    expect(safeFileName("../../etc/passwd.txt")).toBe("passwd.txt");
    expect(safeFileName("C:\\Users\\me\\plan.pdf")).toBe("plan.pdf");
    expect(safeFileName("in\u202Egnp.txt")).toBe("ingnp.txt");
    expect(safeFileName("a\r\nb\t.txt")).toBe("ab.txt");
    expect(safeFileName("  Wochen  plan  .pdf ")).toBe("Wochen plan.pdf");
    expect(safeFileName(".pdf")).toBe(".pdf");
    expect(safeFileName("/")).toBe("attachment");
  });

  it("cuts long names to 200 characters and keeps the extension", () => {
    const name = safeFileName(`${"ä".repeat(300)}.docx`);
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith("ä.docx")).toBe(true);
  });
});
