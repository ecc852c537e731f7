/** The service's public base URL: PUBLIC_URL, default http://localhost:$PORT (links, SMS callbacks). */
export function publicBaseUrl(): string {
  return (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
}
