// GET /cases/passenger-template?format=csv|xlsx – the passenger upload template, from the upload's own columns
import { passengerTemplateCsv, passengerTemplateXlsx } from "@/lib/cases/bulk/template";

export async function GET(req: Request) {
  const format = new URL(req.url).searchParams.get("format") ?? "csv";
  if (format === "xlsx") {
    return new Response(new Uint8Array(await passengerTemplateXlsx()), {
      headers: {
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "content-disposition": 'attachment; filename="passengers-template.xlsx"',
      },
    });
  }
  if (format !== "csv") return new Response("format must be csv or xlsx", { status: 400 });
  return new Response(passengerTemplateCsv(), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="passengers-template.csv"' },
  });
}
