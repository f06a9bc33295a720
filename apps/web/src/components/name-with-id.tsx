import { Tooltip } from "antd";

/**
 * Who or what a row names — an account, an organisation — as people read it. The id is no text to
 * read: it shows only on hover, for the operator who must quote it, and never stands in for a name
 * that is gone ("-").
 */
export function NameWithId({ name, id }: { name: string | null | undefined; id: string | null | undefined }) {
  // A name is data (see user-data.tsx), shown as it was written.
  const text = <span data-user-data="">{name || "-"}</span>;
  return id ? <Tooltip title={id}>{text}</Tooltip> : text;
}
