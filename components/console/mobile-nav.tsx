"use client";

import { Menu } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { TimeModeToggle } from "./local-time";
import { ConsoleNav } from "./nav";
import type { NavItem } from "./nav-items";

/** Below md the sections move into a menu, so the header keeps room for who is signed in. */
export function MobileNav({ items, user }: { items: NavItem[]; user: { name: string; roles: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="icon-sm" className="md:hidden" onClick={() => setOpen(true)} aria-label="Open the menu" aria-expanded={open} data-testid="mobile-menu-open">
        <Menu aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="left-0 top-0 h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 content-start rounded-none p-4"
          data-testid="mobile-menu"
          // a followed link closes the menu; the page changes underneath
          onClick={(e) => {
            if ((e.target as HTMLElement).closest("a")) setOpen(false);
          }}
        >
          <DialogTitle className="text-base">Menu</DialogTitle>
          <DialogDescription>
            {user.name} · {user.roles}
          </DialogDescription>
          <ConsoleNav items={items} vertical />
          {/* the header has no room for the times toggle on a phone */}
          <TimeModeToggle />
        </DialogContent>
      </Dialog>
    </>
  );
}
