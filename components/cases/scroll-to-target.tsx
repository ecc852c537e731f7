"use client";

import { useEffect } from "react";

/**
 * Brings the element a link aimed at into view once the page has rendered: the URL's #fragment
 * does it on a full load, not always after a client-side navigation to a page still streaming.
 */
export function ScrollToTarget({ id }: { id: string }) {
  useEffect(() => {
    document.getElementById(id)?.scrollIntoView({ block: "center" });
  }, [id]);
  return null;
}
