// emit lives with the event catalogue; kept here so existing imports keep working
export { emit } from "@/lib/events/emit";
