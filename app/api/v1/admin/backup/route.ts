// GET /api/v1/admin/backup – the embedded database as a gzipped tarball (ADMIN, all airports)
import { handle } from "@/lib/api/handler";
import { backupRoute } from "@/lib/api/routes/system";
import { backupDatabase, backupResponse } from "@/lib/backup/dump";

export const GET = handle(backupRoute, async ({ ctx }) => backupResponse(await backupDatabase({ ctx })));
