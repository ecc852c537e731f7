import type { Role } from "@/lib/auth/roles";

export type NavItem = { href: string; label: string; testId: string; icon: NavIcon; roles?: Role[] };
export type NavIcon = "board" | "cases" | "new-case" | "review" | "policies" | "audit" | "reports" | "outbox" | "transport" | "admin";

/** The console's sections; `roles` limits who sees one (everyone who may sign in, otherwise). */
export const NAV_ITEMS: NavItem[] = [
  { href: "/board", label: "Board", testId: "nav-board", icon: "board" },
  { href: "/cases", label: "Cases", testId: "nav-cases", icon: "cases" },
  // lib/auth/roles.ts "case:create" less FEED, which never signs in to the console
  { href: "/cases/new", label: "New case", testId: "nav-new-case", icon: "new-case", roles: ["OPS_SUPERVISOR", "ADMIN"] },
  { href: "/review", label: "Review queue", testId: "nav-review", icon: "review" },
  { href: "/policies", label: "Policies", testId: "nav-policies", icon: "policies" },
  { href: "/audit", label: "Audit", testId: "nav-audit", icon: "audit" },
  { href: "/reports", label: "Reports", testId: "nav-reports", icon: "reports" },
  { href: "/transport", label: "Transport", testId: "nav-transport", icon: "transport" },
  { href: "/outbox", label: "Outbox", testId: "nav-outbox", icon: "outbox" },
  { href: "/admin", label: "Admin", testId: "nav-admin", icon: "admin", roles: ["ADMIN"] },
];

export function navFor(roles: readonly string[]): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.roles || item.roles.some((r) => roles.includes(r)));
}
