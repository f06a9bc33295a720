// What people typed or named — a person's or organisation's name, an account, a resource's or a
// project's name, a remark, a reason, a file's name — is shown as it was written, in whatever
// language. It is marked `data-user-data`, so the browser language check (e2e/support/language-check.ts)
// tells it from the console's own words, which must be in the reader's language.
import type { HTMLAttributes, ReactNode } from "react";
import { dash } from "../lib/format";

const MARK = { "data-user-data": "" } as HTMLAttributes<HTMLElement>;

/** Text a person typed, inline. */
export function UserData({ children }: { children: ReactNode }) {
  return <span data-user-data="">{children}</span>;
}

/** Column props marking a table column's cells as people's data: `{ ...userDataCells, dataIndex… }`. */
export const userDataCells = { onCell: () => MARK };

/** A column of something people typed that may be missing ("-"): a real name, an e-mail, a phone. */
export function userDataColumn(title: string, dataIndex: string, width?: number) {
  return { title, ...userDataCells, dataIndex, width, render: (v: string | null) => dash(v) };
}
