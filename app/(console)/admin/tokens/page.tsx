import { KeyRound } from "lucide-react";
import type { Metadata } from "next";
import { MintTokenDialog } from "@/components/admin/mint-token-dialog";
import { TokenTable } from "@/components/admin/token-table";
import { EmptyState } from "@/components/console/empty-state";
import { PageHeader } from "@/components/console/page-header";
import { hasPermission } from "@/lib/auth/roles";
import { sessionCtx } from "@/lib/console/session-ctx";
import { listServiceTokens } from "@/lib/service-tokens/list";
import { userNames } from "@/lib/users/names";
import { mintTokenAction, revokeTokenAction } from "./actions";

export const metadata: Metadata = { title: "Service tokens" };

export default async function TokensPage() {
  const ctx = await sessionCtx();
  // the admin layout renders the refusal; pages render beside it, so each checks for itself
  if (!hasPermission(ctx.principal.roles, "admin")) return null;
  const { items } = await listServiceTokens({ ctx, input: { limit: 200 } });
  const names = await userNames({ ctx, input: { urns: items.flatMap((t) => [t.createdBy, t.revokedBy ?? ""]) } });
  return (
    <>
      <PageHeader
        title="Service tokens"
        description="Bearer tokens for machine clients such as your airline's disruption feed. A token is shown once, when minted; revoke it here the moment it may have leaked."
        actions={<MintTokenDialog mint={mintTokenAction} defaultAirports={ctx.principal.airports.join(", ")} />}
      />
      {items.length === 0 ? (
        <EmptyState icon={KeyRound} title="No service tokens yet" testId="tokens-empty">
          <p>
            Mint one for the airline feed: it can create cases and add passengers for the airports you choose. Tokens minted with{" "}
            <code className="font-mono">npm run token</code> are not listed here.
          </p>
        </EmptyState>
      ) : (
        <TokenTable tokens={items} names={names} revoke={revokeTokenAction} />
      )}
    </>
  );
}
