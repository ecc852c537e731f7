import { Hotel } from "lucide-react";
import { SignOutButton } from "@/components/console/sign-out-button";
import { headers } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/console/theme-toggle";
import { isHotelUser } from "@/lib/hotels/scope";
import { sessionUser } from "@/lib/console/session-ctx";
import { RETURN_TO_HEADER } from "@/lib/http/return-to";
import { sameOriginPath } from "@/lib/http/sign-in-callback";
import { signOutAction } from "../(console)/actions";

export const dynamic = "force-dynamic";

/**
 * The contracted hotels' console: one section, the extranet, sized for a phone at the front desk.
 * Only hotel users sign in here; staff keep the operators' console (which sends a hotel user here).
 */
export default async function ExtranetLayout({ children }: { children: ReactNode }) {
  const user = await sessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(await returnTo())}`);
  if (!isHotelUser(user)) redirect("/cases");
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur sm:px-4">
        <nav aria-label="Extranet" className="min-w-0">
          <Link href="/extranet" className="flex items-center gap-2 font-semibold" data-testid="nav-extranet">
            <Hotel className="size-5 shrink-0 text-primary" aria-hidden />
            <span className="truncate">Hotel extranet</span>
          </Link>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <span className="hidden truncate text-sm sm:inline" data-testid="header-user-name">
            {user.name}
          </span>
          <ThemeToggle />
          <SignOutButton action={signOutAction} />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-3 outline-none sm:p-6">
        {children}
      </main>
    </div>
  );
}

/** Where sign-in brings a visitor back: the extranet page they opened, query and all (a capacity call's link names its call). */
async function returnTo(): Promise<string> {
  const asked = sameOriginPath((await headers()).get(RETURN_TO_HEADER));
  return asked === "/extranet" || asked.startsWith("/extranet?") || asked.startsWith("/extranet/") ? asked : "/extranet";
}
