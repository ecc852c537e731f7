import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { z } from "zod";

/**
 * Our plain emails' one layout: a heading, then a paragraph per line (the cancellation notice, the
 * return-leg email, the capacity call). The words arrive written; the layout adds none of its own.
 */
export const LetterProps = z.object({
  /** the reader's locale: the html lang */
  lang: z.string(),
  preview: z.string(),
  heading: z.string(),
  lines: z.array(z.string()),
});
export type LetterProps = z.infer<typeof LetterProps>;

/** `children` come after the lines (the capacity call's button). */
export function Letter({ children, ...p }: LetterProps & { children?: ReactNode }) {
  return (
    <Html lang={p.lang}>
      <Head />
      <Preview>{p.preview}</Preview>
      <Body style={{ fontFamily: "Arial, Helvetica, sans-serif", color: "#111827" }}>
        <Container style={{ maxWidth: "600px", padding: "24px" }}>
          <Heading as="h1" style={{ fontSize: "22px" }}>
            {p.heading}
          </Heading>
          {p.lines.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
          {children}
        </Container>
      </Body>
    </Html>
  );
}

/** The text rendition: the heading in capitals, a blank line, the lines. */
export function letterText(p: Pick<LetterProps, "heading" | "lines">): string {
  return [p.heading.toUpperCase(), "", ...p.lines].join("\n") + "\n";
}
