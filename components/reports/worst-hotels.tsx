import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Report } from "@/lib/reports/schemas";

const tagWord = (t: string) => t.replaceAll("_", " ").toLowerCase();

/** The weekly report's worst hotels by stay quality (those with enough ratings), with what their guests said most. */
export function WorstHotels({ hotels }: { hotels: Report["worstHotels"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Lowest stay quality</CardTitle>
        <CardDescription>Hotels with enough ratings, worst first: mean score of 5 and their most frequent tags</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        <ol className="list-decimal pl-5" data-testid="report-worst-hotels">
          {hotels.length === 0 ? (
            <li className="list-none text-muted-foreground">No hotel has enough ratings yet</li>
          ) : (
            hotels.map((h) => (
              <li key={h.hotelUrn} title={h.hotelUrn}>
                {h.name} ({h.airport}) · {h.score.toFixed(2)} / 5 over {h.ratings} ratings
                {h.tags.length > 0 ? ` · ${h.tags.map((t) => `${tagWord(t.tag)} ${t.count}`).join(", ")}` : ""}
              </li>
            ))
          )}
        </ol>
      </CardContent>
    </Card>
  );
}
