"use client";

import { BookOpenText, FilePlus2, LayoutDashboard, Bus, ClipboardList, FileClock, Inbox, type LucideIcon, Mail, ScrollText, Settings2, BarChart3 } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";
import type { NavIcon, NavItem } from "./nav-items";

const ICONS: Record<NavIcon, LucideIcon> = {
  board: LayoutDashboard,
  cases: ClipboardList,
  "new-case": FilePlus2,
  review: Inbox,
  policies: ScrollText,
  audit: FileClock,
  reports: BarChart3,
  outbox: Mail,
  transport: Bus,
  admin: Settings2,
};

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function ConsoleNav({ items, vertical = false }: { items: NavItem[]; vertical?: boolean }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Console sections" className="flex flex-col gap-4">
      <ul className={cn("flex gap-1", vertical ? "flex-col" : "overflow-x-auto md:flex-col md:overflow-visible")}>
        {items.map((item) => {
          const Icon = ICONS[item.icon];
          // the most specific section is the current one: on /cases/new, New case and not Cases
          const active = isActive(pathname, item.href) && !items.some((o) => o.href.length > item.href.length && isActive(pathname, o.href));
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                data-testid={item.testId}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2.5 whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors",
                  "hover:bg-accent hover:text-accent-foreground",
                  active && "bg-accent text-foreground",
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className={cn("border-t pt-3", !vertical && "hidden md:block")}>
        <Link
          href="/api-reference"
          data-testid="nav-api-reference"
          aria-current={isActive(pathname, "/api-reference") ? "page" : undefined}
          className={cn(
            "flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground",
            isActive(pathname, "/api-reference") && "bg-accent text-foreground",
          )}
        >
          <BookOpenText className="size-4" aria-hidden />
          API reference
        </Link>
      </div>
    </nav>
  );
}
