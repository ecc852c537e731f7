import { BedDouble, CircleAlert, CircleCheck } from "lucide-react";
import Link from "next/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import type { Housing } from "./housing";

/** How many groups the first screen names; the rest are in Passenger groups below. */
const SHOWN = 8;

/** The case page's first card: N of M groups housed, then each group without a room, why, and what to do. */
export function HousingSummary({ housing }: { housing: Housing }) {
  const done = housing.waiting.length === 0;
  const Icon = housing.groups === 0 ? BedDouble : done ? CircleCheck : CircleAlert;
  return (
    <Card className={cn("mb-4 gap-2 py-4", !done && "border-warning/60")} data-testid="case-housing" aria-labelledby="housing-title">
      <CardHeader className="px-4">
        <CardTitle id="housing-title" className="flex flex-wrap items-center gap-2 text-base">
          <Icon aria-hidden className={cn("size-5", done ? "text-success" : "text-warning")} />
          <span data-testid="housing-count">
            {housing.housed} of {housing.groups} groups housed
          </span>
          {done && housing.groups > 0 && <span className="text-sm font-normal text-muted-foreground">everyone who needs a room has one</span>}
        </CardTitle>
      </CardHeader>
      {!done && (
        <CardContent className="px-4">
          <ul className="grid gap-1.5 text-sm">
            {housing.waiting.slice(0, SHOWN).map((w) => (
              <li key={w.groupId} className="grid gap-x-3 sm:grid-cols-[10rem_1fr]" data-testid="housing-waiting" data-group={w.groupId}>
                <Link href={`?group=${encodeURIComponent(w.groupId)}#group-${w.groupId}`} className="font-mono font-medium text-primary underline-offset-2 hover:underline">
                  {w.groupId}
                  <span className="ml-1 font-sans text-xs font-normal text-muted-foreground">
                    ({w.passengers} pax)
                  </span>
                </Link>
                <span className="min-w-0 break-words">
                  {w.reason}
                  <span className="text-muted-foreground">
                    {" "}
                    · next:{" "}
                    {w.reviewUrn ? (
                      <Link href={`/review/${encodeURIComponent(w.reviewUrn)}`} className="text-primary underline underline-offset-2">
                        {w.next}
                      </Link>
                    ) : (
                      w.next
                    )}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          {housing.waiting.length > SHOWN && (
            <p className="mt-1.5 text-sm text-muted-foreground" data-testid="housing-more">
              and {housing.waiting.length - SHOWN} more groups without a room (Passenger groups below)
            </p>
          )}
        </CardContent>
      )}
    </Card>
  );
}
