// GET /api/v1/board?airport=CDG – one airport's live operations board
import { handle } from "@/lib/api/handler";
import { getBoardRoute } from "@/lib/api/routes/board";
import { getBoard } from "@/lib/board";

export const GET = handle(getBoardRoute, ({ ctx, query }) => getBoard({ ctx, input: query }));
