import { CircleAlert } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";

type Item = { urn: string; category: string; state: string; affectedGroups: string[]; detail?: string | null };

/**
 * A HELD group in the case's groups table: a marker that cannot be missed, the short cause from
 * the open review item that names the group (the allocation opened it), and the way to it.
 */
export function HeldMarker({ groupId, statuses, items }: { groupId: string; statuses: string[]; items: Item[] }) {
  const held = statuses.filter((s) => s === "HELD").length;
  if (held === 0) return null;
  const item = items.find((i) => i.state !== "RESOLVED" && i.affectedGroups.includes(groupId));
  const cause = item?.detail ?? (item ? item.category.replaceAll("_", " ").toLowerCase() : "no hotel could take the group in the last wave");
  return (
    <div className="mt-1 grid max-w-72 gap-0.5" data-testid="group-held" title={cause}>
      <Badge variant="destructive">
        <CircleAlert aria-hidden /> HELD{held < statuses.length ? ` (${held} of ${statuses.length})` : ""}
      </Badge>
      <span className="line-clamp-2 text-xs text-muted-foreground" data-testid="group-held-cause">
        {cause}
      </span>
      {item && (
        <Link href={`/review/${encodeURIComponent(item.urn)}`} className="text-xs font-medium text-primary hover:underline">
          review item
        </Link>
      )}
    </div>
  );
}
