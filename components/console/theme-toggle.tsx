"use client";

import { Moon, Sun } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Flips light/dark and remembers the choice; the root layout's script applies it before paint. */
export function ThemeToggle() {
  function toggle() {
    const dark = !document.documentElement.classList.contains("dark");
    document.documentElement.classList.toggle("dark", dark);
    try {
      localStorage.setItem("theme", dark ? "dark" : "light");
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  }
  return (
    <Button variant="ghost" size="icon-sm" onClick={toggle} aria-label="Switch between light and dark theme" title="Light / dark theme">
      <Sun className="hidden dark:block" aria-hidden />
      <Moon className="dark:hidden" aria-hidden />
    </Button>
  );
}
