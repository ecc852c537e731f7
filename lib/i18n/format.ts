/** Fills a dictionary string's {placeholders}; a placeholder without a value stays visible, so a missing one is seen, not silently blank. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
