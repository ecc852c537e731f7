import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The header's sign-out, for the console and the extranet alike: a form posting to the sign-out action. */
export function SignOutButton({ action }: { action: () => Promise<void> }) {
  return (
    <form action={action}>
      <Button type="submit" variant="outline" size="sm" data-testid="sign-out" aria-label="Sign out">
        <LogOut aria-hidden />
        <span className="hidden sm:inline">Sign out</span>
      </Button>
    </form>
  );
}
