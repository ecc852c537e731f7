import { ShieldAlert } from "lucide-react";
import { EmptyState } from "./empty-state";

/** Shown in place of a page the signed-in role may not use (navigation hides it, a typed URL does not). */
export function Forbidden({ what, roles }: { what: string; roles: string }) {
  return (
    <EmptyState icon={ShieldAlert} title={`${what} needs the ${roles} role`} testId="forbidden">
      <p>Your account does not have it. Ask an administrator of your airline if you need access.</p>
    </EmptyState>
  );
}
