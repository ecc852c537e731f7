import { config } from "@/lib/config";

/** The service's public base URL: PUBLIC_URL, default http://localhost:$PORT (links, SMS callbacks). */
export function publicBaseUrl(): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
}
