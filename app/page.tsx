import { redirect } from "next/navigation";

// The console starts at the case list; the (console) layout sends anyone signed out to /sign-in.
export default function Home() {
  redirect("/cases");
}
