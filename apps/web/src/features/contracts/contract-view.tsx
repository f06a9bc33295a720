// A contract as both sides read it: its state tag, the list's columns and the facts (money,
// dates, discounts, the termination's reason and the signed PDF).
import { FilePdfOutlined } from "@ant-design/icons";
import {
  CONTRACT_STATUSES,
  type ContractDetail,
  type ContractRecord,
  type ContractStatus,
} from "@skyledger/contracts";
import { Button, Descriptions, Select, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../components/money-text";
import { UserData } from "../../components/user-data";
import { dash, formatDateTime } from "../../lib/format";
import { saveBlob } from "../../lib/save-blob";
import { fetchContractFile } from "./contracts-api";

const COLORS: Record<ContractStatus, string> = {
  notStarted: "default",
  executing: "success",
  expired: "warning",
  terminated: "error",
};

export function ContractStatusTag({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={`contract-status-${status}`}>
      {t(`contracts.status.${status}`)}
    </Tag>
  );
}

export function ContractStatusFilter(props: {
  value: ContractStatus | undefined;
  onChange(v?: ContractStatus): void;
}) {
  const { t } = useTranslation();
  return (
    <Select<ContractStatus>
      allowClear
      value={props.value}
      onChange={(v) => props.onChange(v ?? undefined)}
      placeholder={t("contracts.allStatuses")}
      style={{ width: 160 }}
      options={CONTRACT_STATUSES.map((s) => ({ value: s, label: t(`contracts.status.${s}`) }))}
      data-testid="contract-status-filter"
    />
  );
}

/** "0.85" → "0.85 (pay 85 %)". */
export const discountLabel = (t: TFunction, discount: string) =>
  t("contracts.discountShare", { discount, percent: Math.round(Number(discount) * 100) });

export function contractColumns(t: TFunction, detailPath: string | null): ColumnsType<ContractRecord> {
  return [
    {
      title: t("contracts.fields.contractNo"),
      dataIndex: "contractNo",
      width: 160,
      // The number as written on the signed contract.
      render: (no: string, row) =>
        detailPath ? (
          <Link
            to={`${detailPath}/${encodeURIComponent(row.id)}`}
            data-testid={`contract-link-${no}`}
            data-user-data=""
          >
            {no}
          </Link>
        ) : (
          <UserData>{no}</UserData>
        ),
    },
    { title: t("contracts.fields.name"), dataIndex: "name", render: (v: string) => <UserData>{v}</UserData> },
    {
      title: t("contracts.fields.status"),
      dataIndex: "status",
      width: 110,
      render: (s: ContractStatus) => <ContractStatusTag status={s} />,
    },
    {
      title: t("contracts.fields.creditLimit"),
      dataIndex: "creditLimit",
      width: 140,
      render: (v: string) => <Yuan value={v} />,
    },
    {
      title: t("contracts.fields.period"),
      key: "period",
      width: 330,
      render: (_, row) => `${formatDateTime(row.startsAt)} – ${formatDateTime(row.endsAt)}`,
    },
  ];
}

function ContractFile({ file }: { file: NonNullable<ContractDetail["file"]> }) {
  const { t } = useTranslation();
  return (
    <Button
      type="link"
      size="small"
      icon={<FilePdfOutlined />}
      onClick={() =>
        void fetchContractFile(file.id)
          .then((blob) => saveBlob(blob, file.name))
          .catch(() => {})
      }
      aria-label={t("contracts.download", { name: file.name })}
      data-testid="contract-file"
    >
      {file.name}
    </Button>
  );
}

export function ContractFacts({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation();
  const ended = contract.status === "terminated";
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: "no",
            label: t("contracts.fields.contractNo"),
            children: <UserData>{contract.contractNo}</UserData>,
          },
          { key: "name", label: t("contracts.fields.name"), children: <UserData>{contract.name}</UserData> },
          {
            key: "status",
            label: t("contracts.fields.status"),
            children: <ContractStatusTag status={contract.status} />,
          },
          { key: "org", label: t("contracts.fields.org"), children: <UserData>{contract.orgName}</UserData> },
          { key: "amount", label: t("contracts.fields.amount"), children: <Yuan value={contract.amount} /> },
          {
            key: "credit",
            label: t("contracts.fields.creditLimit"),
            children: <Yuan value={contract.creditLimit} />,
          },
          { key: "signed", label: t("contracts.fields.signedOn"), children: contract.signedOn },
          {
            key: "start",
            label: t("contracts.fields.startsAt"),
            children: formatDateTime(contract.startsAt),
          },
          { key: "end", label: t("contracts.fields.endsAt"), children: formatDateTime(contract.endsAt) },
          {
            key: "file",
            label: t("contracts.fields.file"),
            children: contract.file ? <ContractFile file={contract.file} /> : dash(null),
          },
          ...(ended
            ? [
                {
                  key: "at",
                  label: t("contracts.fields.terminatedAt"),
                  children: formatDateTime(contract.terminatedAt),
                },
                {
                  key: "reason",
                  label: t("contracts.fields.terminationReason"),
                  children: (
                    <span data-testid="contract-reason">
                      <UserData>{contract.terminationReason ?? ""}</UserData>
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Table
        style={{ marginTop: 16 }}
        size="small"
        rowKey={(d) => `${d.target}:${d.code}`}
        pagination={false}
        dataSource={contract.discounts}
        locale={{ emptyText: t("contracts.noDiscounts") }}
        data-testid="contract-discounts"
        columns={[
          {
            title: t("contracts.fields.target"),
            dataIndex: "target",
            render: (v: string) => t(`contracts.target.${v}`),
          },
          { title: t("contracts.fields.code"), dataIndex: "code" },
          {
            title: t("contracts.fields.discount"),
            dataIndex: "discount",
            render: (v: string) => discountLabel(t, v),
          },
        ]}
      />
    </>
  );
}
