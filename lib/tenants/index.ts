export { getSettings } from "./get-settings";
export { updateSettings } from "./update-settings";
export { loadSettings } from "./load-settings";
export { DEFAULT_SLA_MINUTES, SettingsPatch, TenantSettings } from "./settings";
