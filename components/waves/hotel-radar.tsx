import type { Allocation, RankingInput } from "@/lib/allocation/schemas";

type Point = { hotelUrn: string; hotelName: string; distanceKm: number; bearingDeg: number; roomsUsed: number; selected: boolean; filtered: boolean };

const SIZE = 360;
const C = SIZE / 2;
const PAD = 28;

/**
 * One point per hotel: the candidate rows of all tier passes folded together. With the wave's
 * allocations the rooms used are read from them, so a group a supervisor moved shows where it is.
 */
function hotelsOf(inputs: RankingInput[], allocations?: Allocation[]): Point[] {
  const byHotel = new Map<string, Point>();
  for (const r of inputs) {
    const p = byHotel.get(r.hotelUrn) ?? { hotelUrn: r.hotelUrn, hotelName: r.hotelName, distanceKm: r.distanceKm, bearingDeg: r.bearingDeg, roomsUsed: 0, selected: false, filtered: true };
    if (!allocations) {
      p.roomsUsed += r.roomsUsed;
      p.selected ||= r.selected;
    }
    p.filtered &&= r.weightedScore === null;
    byHotel.set(r.hotelUrn, p);
  }
  for (const a of allocations ?? []) {
    const p = byHotel.get(a.hotelUrn);
    if (!p) continue;
    p.roomsUsed += a.rooms;
    p.selected = true;
  }
  // numbered nearest first: the number by each dot keys it to the list under the chart
  return [...byHotel.values()].sort((a, b) => a.distanceKm - b.distanceKm || a.hotelName.localeCompare(b.hotelName));
}

const COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
const compass = (deg: number) => COMPASS[Math.round((((deg % 360) + 360) % 360) / 45) % 8];
const outcome = (p: Point) => (p.selected ? `${p.roomsUsed} rooms used` : p.filtered ? "filtered out" : "not selected");

function niceRings(maxKm: number): number[] {
  const step = maxKm <= 10 ? 2 : maxKm <= 30 ? 5 : maxKm <= 80 ? 20 : 50;
  const rings: number[] = [];
  for (let r = step; r < maxKm + step; r += step) rings.push(r);
  return rings;
}

/**
 * The hotels around the airport by distance and bearing (no map tiles are reachable offline, so the
 * chart is drawn): the airport in the centre, north up, one dot per hotel sized by the rooms this
 * wave used there; filled for a selected hotel, hollow for a scored one, faint for a filtered one.
 * Each dot carries a number, and the list under the chart names the hotel of each number: names
 * written on the chart itself would pile up where hotels cluster around a terminal.
 */
export function HotelRadar({ inputs, airport, allocations }: { inputs: RankingInput[]; airport: string; allocations?: Allocation[] }) {
  const points = hotelsOf(inputs, allocations);
  if (points.length === 0) return null;
  const maxKm = Math.max(5, ...points.map((p) => p.distanceKm));
  const rings = niceRings(maxKm);
  const outer = rings[rings.length - 1];
  const scale = (km: number) => (km / outer) * (C - PAD);
  const maxRooms = Math.max(1, ...points.map((p) => p.roomsUsed));
  const xy = (p: Point) => {
    const rad = (p.bearingDeg * Math.PI) / 180;
    return { x: C + Math.sin(rad) * scale(p.distanceKm), y: C - Math.cos(rad) * scale(p.distanceKm) };
  };
  // draw the unused first so selected hotels sit on top
  const number = new Map(points.map((p, i) => [p.hotelUrn, i + 1]));
  const ordered = [...points].sort((a, b) => Number(a.selected) - Number(b.selected) || a.roomsUsed - b.roomsUsed);
  return (
    <figure className="grid gap-2" data-testid="hotel-radar">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={`Hotels around ${airport} by distance and bearing`} className="h-auto w-full max-w-[420px]">
        {rings.map((r) => (
          <g key={r}>
            <circle cx={C} cy={C} r={scale(r)} fill="none" className="stroke-border" strokeDasharray="3 3" />
            <text x={C + 3} y={C - scale(r) - 2} className="fill-muted-foreground text-[9px]">
              {r} km
            </text>
          </g>
        ))}
        <line x1={C} y1={PAD / 2} x2={C} y2={SIZE - PAD / 2} className="stroke-border" />
        <line x1={PAD / 2} y1={C} x2={SIZE - PAD / 2} y2={C} className="stroke-border" />
        <text x={C} y={11} textAnchor="middle" className="fill-muted-foreground text-[10px]">
          N
        </text>
        {ordered.map((p) => {
          const { x, y } = xy(p);
          const r = p.selected ? 4 + 10 * Math.sqrt(p.roomsUsed / maxRooms) : 3;
          return (
            <g key={p.hotelUrn}>
              <circle
                cx={x}
                cy={y}
                r={r}
                data-testid="radar-hotel"
                data-selected={p.selected || undefined}
                className={p.selected ? "fill-primary/70 stroke-primary" : p.filtered ? "fill-muted-foreground/20 stroke-muted-foreground/40" : "fill-none stroke-foreground/70"}
              >
                {/* one string: React renders an SVG <title> from a single text child only */}
                <title>{`${number.get(p.hotelUrn)}. ${p.hotelName}: ${p.distanceKm.toFixed(1)} km, bearing ${Math.round(p.bearingDeg)}°, ${outcome(p)}`}</title>
              </circle>
              <text x={x + r + 1.5} y={y - r + 2} className="pointer-events-none fill-foreground text-[9px] font-semibold" data-testid="radar-hotel-number">
                {number.get(p.hotelUrn)}
              </text>
            </g>
          );
        })}
        <rect x={C - 5} y={C - 5} width={10} height={10} className="fill-foreground" transform={`rotate(45 ${C} ${C})`} />
        <text x={C + 9} y={C + 14} className="fill-foreground text-[10px] font-semibold">
          {airport}
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs text-muted-foreground">
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-full bg-primary/70 align-middle" /> selected (size: rooms used)
        </span>
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-full border border-foreground/70 align-middle" /> scored, not selected
        </span>
        <span>
          <span className="mr-1 inline-block size-2.5 rounded-full bg-muted-foreground/30 align-middle" /> filtered out
        </span>
      </figcaption>
      <ol className="grid gap-x-4 gap-y-0.5 text-xs sm:grid-cols-2" aria-label={`Hotels on the chart, by number`} data-testid="radar-legend">
        {points.map((p, i) => (
          <li key={p.hotelUrn} className={p.filtered && !p.selected ? "text-muted-foreground" : undefined} data-testid="radar-legend-item">
            <span className="mr-1 inline-block min-w-5 font-semibold tabular-nums">{i + 1}</span>
            <span className={p.selected ? "font-medium" : undefined}>{p.hotelName}</span>
            <span className="text-muted-foreground">
              {" "}
              · {p.distanceKm.toFixed(1)} km {compass(p.bearingDeg)} · {outcome(p)}
            </span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
