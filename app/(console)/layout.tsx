import { PlaneLanding } from "lucide-react";
import { SignOutButton } from "@/components/console/sign-out-button";
import Link from "next/link";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { airportsLabel, roleLabel, TIME_MODE_COOKIE, timeModeOf } from "@/components/console/format";
import { TimeModeProvider, TimeModeToggle } from "@/components/console/local-time";
import { CommandPalette } from "@/components/console/command-palette";
import { MobileNav } from "@/components/console/mobile-nav";
import { ConsoleNav } from "@/components/console/nav";
import { navFor } from "@/components/console/nav-items";
import { ThemeToggle } from "@/components/console/theme-toggle";
import { Badge } from "@/components/ui/badge";
import { isHotelUser } from "@/lib/hotels/scope";
import { sessionUser } from "@/lib/console/session-ctx";
import { signOutAction } from "./actions";

// Every console page reads the session and live data: nothing here is prerendered.
export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await sessionUser();
  if (!user) redirect("/sign-in");
  // a contracted hotel's user has one section, the extranet: every other console page sends them there
  if (isHotelUser(user)) redirect("/extranet");
  const nav = navFor(user.roles);
  const roles = user.roles.map(roleLabel).join(", ");
  // the "Local / UTC" choice comes from the cookie, so the server renders times as the browser will
  const timeMode = timeModeOf((await cookies()).get(TIME_MODE_COOKIE)?.value);
  return (
    <TimeModeProvider mode={timeMode}>
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur sm:gap-4 sm:px-4 print:hidden">
        <MobileNav items={nav} user={{ name: user.name, roles }} />
        <Link href="/cases" className="flex items-center gap-2 font-semibold" aria-label="Disruption console: cases">
          <PlaneLanding className="size-5 text-primary" aria-hidden />
          <span className="hidden sm:inline">Disruption console</span>
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
          <CommandPalette />
          {/* on a phone the name and role stay, in one tight block; airports and tenant wait for room */}
          <div data-testid="header-user" className="flex min-w-0 items-center gap-3 text-sm" aria-label="Signed-in user" role="group">
            <div className="min-w-0 text-right leading-tight">
              <div className="truncate font-medium" data-testid="header-user-name">{user.name}</div>
              <div className="truncate text-xs text-muted-foreground">
                <span className="sm:hidden" data-testid="header-user-role-short">{roles}</span>
                <span className="hidden sm:inline" data-testid="header-user-airports">{airportsLabel(user.airports)}</span>
              </div>
            </div>
            <div className="hidden flex-col items-start gap-0.5 sm:flex">
              <Badge variant="outline" title="Tenant (airline)" data-testid="header-user-tenant">
                {user.tenant}
              </Badge>
              <span className="text-xs text-muted-foreground" data-testid="header-user-roles">
                {roles}
              </span>
            </div>
          </div>
          <div className="hidden sm:block">
            <TimeModeToggle />
          </div>
          <ThemeToggle />
          <SignOutButton action={signOutAction} />
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <aside className="hidden md:block md:w-52 md:shrink-0 md:border-r md:p-3 print:hidden">
          <ConsoleNav items={nav} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6 print:p-0">
          {children}
        </main>
      </div>
    </div>
    </TimeModeProvider>
  );
}
