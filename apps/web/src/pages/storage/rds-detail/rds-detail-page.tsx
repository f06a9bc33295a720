// /mgt/rds/:id/detail (CB04): one relational database.
import { RdsDetail } from "../../../features/rds/rds-detail";

export function RdsDetailPage() {
  return <RdsDetail />;
}
