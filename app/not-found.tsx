import { MapPinOff } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/console/empty-state";
import { Button } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl items-center p-6">
      <EmptyState icon={MapPinOff} title="Nothing here" className="w-full" testId="not-found">
        <p>This page, or the record it names, does not exist, or it belongs to another airline.</p>
        <div className="mt-3">
          <Button asChild variant="outline">
            <Link href="/cases">Back to cases</Link>
          </Button>
        </div>
      </EmptyState>
    </main>
  );
}
