import type { ReactNode } from "react";

/** A link to a policy page in a new tab, so the form or dialog it sits in keeps its state. */
export function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
