/**
 * Files of each attachment kind, built byte by byte, for tests: real enough for the type
 * detection the server does (file-type reads the same signatures and zip entries), small
 * enough to make by the hundred. Images come from sample-photos.ts (sharp).
 */
import { crc32 } from "node:zlib";

/** A one-page PDF's bytes (header, one object, trailer). */
export function samplePdf(): Uint8Array<ArrayBuffer> {
  return bytesOf(
    "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
}

/** An OLE compound file, the container of a Word 97-2003 `.doc`: its signature, then a sector. */
export function sampleDoc(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(1024);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return bytes;
}

/** A zip archive of these entries, stored uncompressed (what a `.docx` is made of). */
export function zipOf(entries: Record<string, string>): Uint8Array<ArrayBuffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, "utf8");
    const data = Buffer.from(text, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="${main}"/></Types>`;

/** A Word document (`.docx`): the package's content types, then its main part. */
export function sampleDocx(): Uint8Array<ArrayBuffer> {
  return zipOf({
    "[Content_Types].xml": contentTypes(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    ),
    "word/document.xml": "<w:document/>",
  });
}

/** A macro-enabled Word document (`.docm`), which must not pass as a `.docx`. */
export function sampleDocm(): Uint8Array<ArrayBuffer> {
  return zipOf({
    "[Content_Types].xml": contentTypes("application/vnd.ms-word.document.macroEnabled.main+xml"),
    "word/document.xml": "<w:document/>",
  });
}

/** The start of a Windows program: `MZ`, a DOS stub, NULs and a PE header. */
export function sampleExe(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(512);
  bytes.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
  bytes.set([0x80], 0x3c);
  bytes.set([0x50, 0x45, 0x00, 0x00], 0x80);
  return bytes;
}

export function bytesOf(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(text, "utf8"));
}
