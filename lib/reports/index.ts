export { generateReport, getReport, listReports } from "./reports";
export { reportCsv } from "./csv";
export { Report, ReportSummary } from "./schemas";
