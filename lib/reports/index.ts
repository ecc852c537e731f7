export { generateReport, getReport, listReports } from "./reports";
export { WEEK_SO_FAR, weekSoFar } from "./week-so-far";
export { reportCsv } from "./csv";
export { Report, ReportSummary } from "./schemas";
