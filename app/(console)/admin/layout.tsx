import type { ReactNode } from "react";
import { Forbidden } from "@/components/console/forbidden";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/console/session-ctx";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const { principal } = await sessionCtx();
  if (!hasPermission(principal.roles, "admin")) return <Forbidden what="Administration" roles="ADMIN" />;
  return (
    <>
      <AdminTabs />
      {children}
    </>
  );
}
