// relative imports only: next.config.ts imports this file, and its loader knows no "@/" paths

/** The New case form's manifest: this many characters of text (a 5,000-row manifest is near 1 MB). */
export const MANIFEST_MAX_CHARS = 5_000_000;

/**
 * The request body a console server action may carry (next.config.ts, serverActions.bodySizeLimit):
 * the form's largest manifest sent as JSON (UTF-8 takes up to 3 bytes for a character of the
 * manifest's text, a quote escaped 2), or the largest spreadsheet the file picker sends, whichever
 * is larger, plus room for the other fields and multipart's boundaries. Next's default of 1 MB
 * answered a legal 5,000-row manifest with a 500 (docs/console.md).
 */
export function consoleActionBodyLimit(uploadLimitBytes: number): number {
  return Math.max(3 * MANIFEST_MAX_CHARS, uploadLimitBytes) + 1024 * 1024;
}
