"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";

const TABS = [
  { href: "/admin/users", label: "Users", testId: "admin-tab-users" },
  { href: "/admin/tokens", label: "Service tokens", testId: "admin-tab-tokens" },
  { href: "/admin/jobs", label: "Job runs", testId: "admin-tab-jobs" },
  { href: "/admin/settings", label: "Settings", testId: "admin-tab-settings" },
  { href: "/admin/webhooks", label: "Webhooks", testId: "admin-tab-webhooks" },
  { href: "/admin/drills", label: "Drills", testId: "admin-tab-drills" },
];

export function AdminTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Administration" className="mb-5 flex flex-wrap gap-x-1 border-b">
      {TABS.map((t) => {
        const active = pathname === t.href || pathname.startsWith(`${t.href}/`);
        return (
          <Link
            key={t.href}
            href={t.href}
            data-testid={t.testId}
            aria-current={active ? "page" : undefined}
            className={cn(
              "-mb-px whitespace-nowrap border-b-2 border-transparent px-2 py-2 text-sm sm:px-3 font-medium text-muted-foreground hover:text-foreground",
              active && "border-primary text-foreground",
            )}
          >
            {t.label}
          </Link>
        );
      })}
    </nav>
  );
}
