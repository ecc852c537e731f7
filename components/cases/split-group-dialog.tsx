"use client";

import { Scissors } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import type { ActionResult } from "@/lib/console/action-result";
import type { SplitGroup } from "./family-split";
import { type SplitBody, SplitByNameForm, type SplitRooms } from "./split-form";

/** The case page's split of one group: the same form as the review item's, in a dialog per group row. */
export function SplitGroupDialog({ group, action, rooms }: { group: SplitGroup; action: (body: SplitBody) => Promise<ActionResult<unknown>>; rooms?: SplitRooms }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" data-testid="group-split-open">
          <Scissors aria-hidden /> Split<span className="sr-only"> group {group.groupId}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto" data-testid="group-split-dialog">
        <DialogHeader>
          <DialogTitle>Split group {group.groupId}</DialogTitle>
          <DialogDescription>
            Those you tick move to a new group under the same PNR ({group.pnr}). Both parts lose the hotel they were allocated, if any. Once rooms are approved for this case, each part is placed and booked by itself, no rerun needed (a split that needs more rooms asks for them here); a part that mixes cabin classes goes to the review queue instead.
          </DialogDescription>
        </DialogHeader>
        <SplitByNameForm groups={[group]} action={action} success={`Group ${group.groupId} split`} onDone={() => setOpen(false)} rooms={rooms} />
      </DialogContent>
    </Dialog>
  );
}
