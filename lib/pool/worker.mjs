// The worker-thread entry of lib/pool (a real file on disk: Next bundles lib/, a worker needs a
// file). It loads a task's TypeScript module through tsx, once per thread, and calls its default export.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { register, tsImport } from "tsx/esm/api";

const loaded = new Map();

// A thread of a process started by the tsx CLI (`npm start`'s job workers, scripts) inherits its
// --import flag but not a working loader, and tsImport's namespaced registration then fails to
// resolve its own module (ERR_MODULE_NOT_FOUND): every task ran in-process there. Such a thread
// registers tsx's loader for itself and imports the file; any other (`next start`'s web process,
// tests) goes through tsImport.
const tsxCli = process.execArgv.some((arg) => arg.includes("tsx"));
if (tsxCli) register();

function load(file) {
  if (!loaded.has(file)) {
    const url = pathToFileURL(path.resolve(process.cwd(), file)).href;
    const imported = tsxCli ? import(url) : tsImport(url, import.meta.url);
    loaded.set(file, imported.then((mod) => mod.default?.default ?? mod.default));
  }
  return loaded.get(file);
}

export default async function runTask({ file, input }) {
  const fn = await load(file);
  if (typeof fn !== "function") throw new Error(`pool task ${file} has no default export function`);
  return fn(input);
}
