// The worker-thread entry of lib/pool (a real file on disk: Next bundles lib/, a worker needs a
// file). It loads a task's TypeScript module through tsx, once per thread, and calls its default export.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

const loaded = new Map();

function load(file) {
  if (!loaded.has(file)) {
    const url = pathToFileURL(path.resolve(process.cwd(), file)).href;
    loaded.set(file, tsImport(url, import.meta.url).then((mod) => mod.default?.default ?? mod.default));
  }
  return loaded.get(file);
}

export default async function runTask({ file, input }) {
  const fn = await load(file);
  if (typeof fn !== "function") throw new Error(`pool task ${file} has no default export function`);
  return fn(input);
}
