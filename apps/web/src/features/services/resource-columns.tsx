// The columns of a resource list: name, type, what it is, how it is paid, status, expiry and
// project (unsubscribe management, and a tenant's resources on its operator page).
import type { ResourceKind, ResourceRecord } from "@skyledger/contracts";
import type { TableColumnsType } from "antd";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import { PaymentText } from "../../components/payment-text";
import { userDataCells } from "../../components/user-data";
import { dash, formatDateTime } from "../../lib/format";
import { BucketSummary } from "../obs/obs-figures";
import { HostStatusTag } from "./service-tags";

/**
 * `hostLink`: a host's name opens its console page (the tenant's own lists). T: the list's row, a
 * resource or more (the operators' rows also name the tenant).
 */
export function resourceColumns<T extends ResourceRecord = ResourceRecord>(
  t: TFunction,
  { hostLink = false }: { hostLink?: boolean } = {},
): TableColumnsType<T> {
  return [
    {
      title: t("services.fields.name"),
      ...userDataCells,
      dataIndex: "name",
      fixed: "left",
      width: 180,
      render: (v: string, row) =>
        hostLink && row.kind === "host" ? (
          <Link to={`/mgt/host/${encodeURIComponent(row.id)}/detail`}>{v}</Link>
        ) : (
          v
        ),
    },
    {
      title: t("services.fields.kind"),
      dataIndex: "kind",
      width: 120,
      render: (v: ResourceKind) => t(`services.kind.${v}`),
    },
    {
      title: t("services.fields.spec"),
      dataIndex: "summary",
      width: 220,
      render: (v: string, row) => (row.kind === "bucket" ? <BucketSummary spec={row.spec} /> : v),
    },
    {
      title: t("common.status"),
      dataIndex: "status",
      width: 120,
      render: (_, row) => <HostStatusTag host={row} />,
    },
    ...resourceTermColumns<T>(t),
  ];
}

/** How a resource is paid, when its term ends and its project. */
export function resourceTermColumns<T extends ResourceRecord = ResourceRecord>(
  t: TFunction,
): TableColumnsType<T> {
  return [
    {
      title: t("services.fields.payment"),
      key: "payment",
      width: 150,
      render: (_, row) => <PaymentText paymentType={row.paymentType} periodMonths={row.periodMonths} />,
    },
    {
      title: t("services.fields.expiresAt"),
      dataIndex: "expiresAt",
      width: 170,
      render: (v: string | null) => formatDateTime(v),
    },
    {
      title: t("services.fields.project"),
      ...userDataCells,
      dataIndex: "projectName",
      width: 140,
      render: (v: string | null) => dash(v),
    },
  ];
}
