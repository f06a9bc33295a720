// /mgt/contract (CC06): the organisation's contracts, newest first, with their state (not started,
// in execution, expired, terminated) and credit; a row opens its detail.
import type { ContractRecord, ContractStatus } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { Card, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { ContractStatusFilter, contractColumns } from "../../../features/contracts/contract-view";
import { CONTRACTS_LIST_KEY } from "../../../features/contracts/contracts-api";

export function ContractPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ContractStatus | undefined>();
  const list = usePagedQuery(CONTRACTS_LIST_KEY, endpoints.contracts.list, status ? { status } : {});
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("contracts.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("contracts.intro")}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <ContractStatusFilter value={status} onChange={list.onFilter(setStatus)} />
        </Space>
        <PagedTable<ContractRecord>
          rowKey="id"
          list={list}
          emptyText={t("contracts.empty")}
          scroll={{ x: 900 }}
          data-testid="contract-table"
          rowTestId={(row) => `contract-row-${row.contractNo}`}
          columns={contractColumns(t, "/mgt/contracts/detail")}
        />
      </Card>
    </>
  );
}
