// /api/auth/* – next-auth's sign-in, callback, session and sign-out endpoints for the console
import { handlers } from "@/lib/auth/next-auth";

export const { GET, POST } = handlers;
