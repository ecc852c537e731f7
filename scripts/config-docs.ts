/**
 * `npm run config:docs`: rewrites .env.example and the variable table of docs/configuration.md
 * from lib/config/schema.ts (tests/unit/config/reference.test.ts fails until they match it).
 */
import fs from "node:fs";
import path from "node:path";
import { envExample, referenceTable, TABLE_BEGIN, TABLE_END } from "../lib/config/reference";

const root = process.cwd();
fs.writeFileSync(path.join(root, ".env.example"), envExample());
const docs = path.join(root, "docs", "configuration.md");
const text = fs.readFileSync(docs, "utf8");
const begin = text.indexOf(TABLE_BEGIN);
const end = text.indexOf(TABLE_END);
if (begin < 0 || end < begin) throw new Error(`docs/configuration.md lacks the markers ${TABLE_BEGIN} … ${TABLE_END}`);
fs.writeFileSync(docs, `${text.slice(0, begin)}${TABLE_BEGIN}\n${referenceTable()}\n${text.slice(end)}`);
console.log("wrote .env.example and the table of docs/configuration.md");
