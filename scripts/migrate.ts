/**
 * `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded
 * database), then seeds reference data and, when wanted, demo data (db/prepare.ts). The deploy
 * step on serverless, where a cold start does neither (lib/boot.ts, inngest mode).
 */
import { prepareDatabase } from "../db/prepare";

console.log(`migrated and seeded (${await prepareDatabase()})`);
