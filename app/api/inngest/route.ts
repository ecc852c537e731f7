// GET/POST/PUT /api/inngest – the Inngest serve endpoint: sync, introspection and step execution
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

export const { GET, POST, PUT } = serve({ client: inngest, functions });
