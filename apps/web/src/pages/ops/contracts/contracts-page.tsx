// /sys/contracts (BI): every tenant's contracts, by tenant and state. A billing operator records a
// new contract with its signed PDF, reads one in a drawer and terminates it early with a reason.

import type { ContractRecord, ContractStatus } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Card, Drawer, Form, Input, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { OrgSelect } from "../../../components/org-select";
import { PagedTable } from "../../../components/paged-table";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import {
  ContractFacts,
  ContractStatusFilter,
  contractColumns,
} from "../../../features/contracts/contract-view";
import {
  contractsOpsApi,
  OPS_CONTRACTS_LIST_KEY,
  useOpsContract,
} from "../../../features/contracts/contracts-api";
import { useActionKey } from "../../../lib/action-key";
import { ContractCreateDialog } from "./contract-create-dialog";

function TerminateDialog({
  contract,
  onClose,
  onDone,
}: {
  contract: ContractRecord | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const actionKey = useActionKey();
  return (
    <FormDialog
      form={form}
      open={contract !== null}
      title={t("contracts.ops.terminateTitle", { no: contract?.contractNo ?? "" })}
      okText={t("contracts.ops.terminate")}
      submitTestId="contract-terminate-submit"
      danger
      refusalTestId="contract-terminate-refusal"
      onSubmit={async ({ reason }) => {
        const body = { id: contract!.id, reason: reason.trim() };
        await actionKey.run(body, (key) => contractsOpsApi.terminate(body.id, body.reason, key));
        onDone();
      }}
      onCancel={onClose}
      resetOnSuccess
      initialValues={{ reason: "" }}
    >
      <Form.Item
        name="reason"
        label={t("contracts.fields.terminationReason")}
        extra={t("contracts.ops.terminateHint")}
        rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
      >
        <Input.TextArea
          maxLength={500}
          showCount
          autoSize={{ minRows: 2 }}
          data-testid="contract-terminate-reason"
        />
      </Form.Item>
    </FormDialog>
  );
}

export function OpsContractsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [orgId, setOrgId] = useState<string | undefined>();
  const [status, setStatus] = useState<ContractStatus | undefined>();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [ending, setEnding] = useState<ContractRecord | null>(null);
  const mayAct = useMayActHere();
  const list = usePagedQuery(OPS_CONTRACTS_LIST_KEY, endpoints.contracts.opsList, {
    ...(orgId ? { orgId } : {}),
    ...(status ? { status } : {}),
  });
  const detail = useOpsContract(viewing);

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("contracts.ops.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("contracts.ops.intro")}</Typography.Paragraph>
      <ReadOnlyNote />
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Space wrap>
            <OrgSelect
              value={orgId}
              onChange={list.onFilter(setOrgId)}
              placeholder={t("contracts.ops.allOrgs")}
              style={{ width: 240 }}
            />
            <ContractStatusFilter value={status} onChange={list.onFilter(setStatus)} />
          </Space>
          {mayAct && (
            <Button type="primary" onClick={() => setCreating(true)} data-testid="contract-new">
              {t("contracts.ops.create")}
            </Button>
          )}
        </Space>
        <PagedTable<ContractRecord>
          rowKey="id"
          list={list}
          emptyText={t("contracts.empty")}
          scroll={{ x: 1100 }}
          data-testid="contract-table"
          rowTestId={(row) => `contract-row-${row.contractNo}`}
          columns={[
            { title: t("contracts.fields.org"), ...userDataCells, dataIndex: "orgName", width: 180 },
            ...contractColumns(t, null),
            {
              title: t("common.actions"),
              key: "actions",
              width: 170,
              render: (_, row) => (
                <Space>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setViewing(row.id)}
                    data-testid={`contract-view-${row.contractNo}`}
                  >
                    {t("contracts.ops.view")}
                  </Button>
                  {mayAct && (row.status === "executing" || row.status === "notStarted") && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => setEnding(row)}
                      data-testid={`contract-terminate-${row.contractNo}`}
                    >
                      {t("contracts.ops.terminate")}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ContractCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(contract) => {
          setCreating(false);
          void message.success(t("contracts.ops.created", { no: contract.contractNo }));
          void list.query.refetch();
        }}
      />
      <TerminateDialog
        contract={ending}
        onClose={() => setEnding(null)}
        onDone={() => {
          void message.success(t("contracts.ops.terminated", { no: ending?.contractNo ?? "" }));
          setEnding(null);
          void list.query.refetch();
        }}
      />
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        width={760}
        title={t("contracts.detailTitle")}
        destroyOnHidden
      >
        {detail.data ? <ContractFacts contract={detail.data} /> : <Skeleton active />}
      </Drawer>
    </>
  );
}
