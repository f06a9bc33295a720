// /mgt/rds (CB04): the organisation's relational databases.
import { RdsList } from "../../../features/rds/rds-list";

export function RdsPage() {
  return <RdsList />;
}
