/** The local default: objects as files in a folder (DATA_DIR/objects), each with its type beside it. */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertKey, type ObjectStorage } from "./object-storage";

export function createLocalStorage(folder: string): ObjectStorage {
  const root = path.resolve(folder);
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, body, { contentType }) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      await writeFile(`${file}.type`, contentType);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [body, contentType] = await Promise.all([
          readFile(file),
          readFile(`${file}.type`, "utf8"),
        ]);
        return { body: new Uint8Array(body), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(keys) {
      for (const key of keys) {
        const file = fileOf(key);
        await rm(file, { force: true });
        await rm(`${file}.type`, { force: true });
      }
    },
  };
}
