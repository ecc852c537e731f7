/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database). */
import { migrate, openDatabase } from "../db/client";

const database = await openDatabase();
try {
  await migrate(database);
  console.log(`migrated (${database.driver})`);
} finally {
  await database.close();
}
