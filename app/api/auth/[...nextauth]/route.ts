// /api/auth/* – next-auth's sign-in, callback, session and sign-out endpoints for the console
import { handlers } from "@/lib/auth/next-auth";
import { withPublicRedirects } from "@/lib/auth/public-redirects";

export const GET = withPublicRedirects(handlers.GET);
export const POST = withPublicRedirects(handlers.POST);
