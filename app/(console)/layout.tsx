import { LogOut, PlaneLanding } from "lucide-react";
import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { airportsLabel, roleLabel } from "@/components/console/format";
import { ConsoleNav } from "@/components/console/nav";
import { navFor } from "@/components/console/nav-items";
import { ThemeToggle } from "@/components/console/theme-toggle";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { sessionUser } from "@/lib/auth/session-ctx";
import { signOutAction } from "./actions";

// Every console page reads the session and live data: nothing here is prerendered.
export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await sessionUser();
  if (!user) redirect("/sign-in");
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-4 border-b bg-card/95 px-4 backdrop-blur">
        <Link href="/cases" className="flex items-center gap-2 font-semibold">
          <PlaneLanding className="size-5 text-primary" aria-hidden />
          <span>Disruption console</span>
        </Link>
        <div className="ml-auto flex items-center gap-3">
          <div data-testid="header-user" className="hidden items-center gap-3 text-sm sm:flex" aria-label="Signed-in user">
            <div className="text-right leading-tight">
              <div className="font-medium" data-testid="header-user-name">{user.name}</div>
              <div className="text-xs text-muted-foreground" data-testid="header-user-airports">
                {airportsLabel(user.airports)}
              </div>
            </div>
            <div className="flex flex-col items-start gap-0.5">
              <Badge variant="outline" title="Tenant (airline)" data-testid="header-user-tenant">
                {user.tenant}
              </Badge>
              <span className="text-xs text-muted-foreground" data-testid="header-user-roles">
                {user.roles.map(roleLabel).join(", ")}
              </span>
            </div>
          </div>
          <ThemeToggle />
          <form action={signOutAction}>
            <Button type="submit" variant="outline" size="sm" data-testid="sign-out">
              <LogOut aria-hidden />
              Sign out
            </Button>
          </form>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <aside className="border-b p-2 md:w-52 md:shrink-0 md:border-b-0 md:border-r md:p-3">
          <ConsoleNav items={navFor(user.roles)} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 md:p-6 outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
