import { MapPinOff } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/console/empty-state";
import { Button } from "@/components/ui/button";

export default function ConsoleNotFound() {
  return (
    <EmptyState icon={MapPinOff} title="Not found" testId="not-found">
      <p>This record does not exist, or it belongs to another airline.</p>
      <div className="mt-3">
        <Button asChild variant="outline">
          <Link href="/cases">Back to cases</Link>
        </Button>
      </div>
    </EmptyState>
  );
}
