// The list page of disks (`/mgt/blockstorage`) and of elastic IPs (`/mgt/floatip`): status, what it
// is, the host it is attached to, payment and expiry, and the actions its status allows (attach or
// bind, detach or unbind, expand or change bandwidth, unsubscribe with the hosts' dialog). Polls
// while a row is changing.
import { endpoints, RESOURCE_STATUSES, type ResourceRecord, type ResourceStatus } from "@skyledger/contracts";
import { App, Button, Card, Input, Popconfirm, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PagedTable } from "../../components/paged-table";
import { PaymentText } from "../../components/payment-text";
import { statusLabelKey } from "../../components/status-tags";
import { usePagedQuery } from "../../components/use-paged-query";
import { dash, formatDateTime } from "../../lib/format";
import { anyTransitional, POLL_MS } from "../services/host-state";
import { HostStatusTag } from "../services/service-tags";
import { removalKind, UnsubscribeDialog } from "../services/unsubscribe-dialog";
import { AttachDialog } from "./attach-dialog";
import { ResizeDialog } from "./resize-dialog";
import { type AttachableKind, STORAGE_LIST_KEYS, storageApi, useRefreshStorage } from "./storage-api";
import { attachableActionEnabled } from "./storage-state";

/** The texts' prefix, the create route and the change dialog's key segment (under "storage.") of each kind. */
const PAGES = {
  disk: { ns: "storage.disks", create: "/mgt/blockstorage/create", testId: "disk", resize: "expand" },
  elasticIp: {
    ns: "storage.ips",
    create: "/mgt/floatip/create",
    testId: "eip",
    resize: "bandwidthChange",
  },
} as const;

export function AttachablePage({ kind }: { kind: AttachableKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = useRefreshStorage();
  const page = PAGES[kind];
  const verbs = kind === "disk" ? { on: "attach", off: "detach" } : { on: "bind", off: "unbind" };
  const [status, setStatus] = useState<ResourceStatus | undefined>();
  const [keyword, setKeyword] = useState("");
  const [dialog, setDialog] = useState<{
    row: ResourceRecord;
    what: "attach" | "resize" | "unsubscribe";
  } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const list = usePagedQuery(
    STORAGE_LIST_KEYS[kind],
    kind === "disk" ? endpoints.resources.listVolumes : endpoints.resources.listFloatingIps,
    { status, keyword: keyword.trim() },
    { refetchInterval: (p) => (anyTransitional(p?.list) ? POLL_MS : false) },
  );
  const testId = (what: string, row: ResourceRecord) => `${page.testId}-${what}-${row.name}`;

  const detach = async (row: ResourceRecord) => {
    setBusy(row.id);
    try {
      await storageApi.detach(kind, row.id);
      void message.success(t(`storage.${verbs.off}.sent`, { name: row.name }));
      await refresh();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(`${page.ns}.title`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t(`${page.ns}.intro`)}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Space wrap>
            <Select<ResourceStatus>
              allowClear
              placeholder={t("services.allStatuses")}
              aria-label={t("common.status")}
              value={status}
              onChange={list.onFilter(setStatus)}
              options={RESOURCE_STATUSES.map((s) => ({ value: s, label: t(statusLabelKey("resource", s)) }))}
              style={{ width: 180 }}
              data-testid={`${page.testId}s-status`}
            />
            <Input.Search
              allowClear
              maxLength={64}
              placeholder={t("storage.keyword")}
              aria-label={t("storage.keyword")}
              onSearch={list.onFilter(setKeyword)}
              style={{ width: 280 }}
              data-testid={`${page.testId}s-keyword`}
            />
          </Space>
          <Button type="primary" onClick={() => navigate(page.create)} data-testid={`${page.testId}s-buy`}>
            {t(`${page.ns}.buy`)}
          </Button>
        </Space>
        <PagedTable<ResourceRecord>
          rowKey="id"
          list={list}
          emptyText={t(`${page.ns}.empty`)}
          scroll={{ x: 1400 }}
          data-testid={`${page.testId}s-table`}
          rowTestId={(row) => `${page.testId}-row-${row.name}`}
          columns={[
            { title: t("services.fields.name"), dataIndex: "name", fixed: "left", width: 180 },
            {
              title: t("common.status"),
              dataIndex: "status",
              width: 120,
              render: (_, row) => <HostStatusTag host={row} />,
            },
            { title: t(`${page.ns}.spec`), dataIndex: "summary", width: 150 },
            {
              title: t("storage.fields.host"),
              dataIndex: "attachedTo",
              width: 180,
              render: (v: string | null, row) =>
                v ? (
                  <Link to={`/mgt/host/${encodeURIComponent(v)}/detail`} data-testid={testId("host", row)}>
                    {row.attachedToName ?? v}
                  </Link>
                ) : (
                  "-"
                ),
            },
            {
              title: t("services.fields.payment"),
              key: "payment",
              width: 150,
              render: (_, row) => (
                <PaymentText paymentType={row.paymentType} periodMonths={row.periodMonths} />
              ),
            },
            {
              title: t("services.fields.expiresAt"),
              dataIndex: "expiresAt",
              width: 170,
              render: (v: string | null) => formatDateTime(v),
            },
            {
              title: t("services.fields.project"),
              dataIndex: "projectName",
              width: 140,
              render: (v: string | null) => dash(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: 340,
              render: (_, row) => (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    size="small"
                    disabled={!attachableActionEnabled("attach", row.status)}
                    onClick={() => setDialog({ row, what: "attach" })}
                    data-testid={testId(verbs.on, row)}
                  >
                    {t(`storage.${verbs.on}.action`)}
                  </Button>
                  <Popconfirm
                    title={t(`storage.${verbs.off}.confirmText`, {
                      name: row.name,
                      host: row.attachedToName ?? "",
                    })}
                    okText={t(`storage.${verbs.off}.action`)}
                    cancelText={t("common.cancel")}
                    okButtonProps={{ "data-testid": `${testId(verbs.off, row)}-confirm` }}
                    onConfirm={() => detach(row)}
                    disabled={!attachableActionEnabled("detach", row.status)}
                  >
                    <Button
                      type="link"
                      size="small"
                      disabled={!attachableActionEnabled("detach", row.status)}
                      loading={busy === row.id}
                      data-testid={testId(verbs.off, row)}
                    >
                      {t(`storage.${verbs.off}.action`)}
                    </Button>
                  </Popconfirm>
                  <Button
                    type="link"
                    size="small"
                    disabled={!attachableActionEnabled("resize", row.status)}
                    onClick={() => setDialog({ row, what: "resize" })}
                    data-testid={testId("resize", row)}
                  >
                    {t(`storage.${page.resize}.action`)}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    disabled={!attachableActionEnabled("unsubscribe", row.status)}
                    onClick={() => setDialog({ row, what: "unsubscribe" })}
                    data-testid={testId("unsubscribe", row)}
                  >
                    {t(`services.actions.${removalKind(row)}`)}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {dialog?.what === "attach" && (
        <AttachDialog
          kind={kind}
          resource={dialog.row}
          onClose={() => setDialog(null)}
          onDone={() => {
            void message.success(t(`storage.${verbs.on}.sent`, { name: dialog.row.name }));
            setDialog(null);
            void refresh();
          }}
        />
      )}
      {dialog?.what === "resize" && (
        <ResizeDialog
          kind={kind}
          resource={dialog.row}
          onClose={() => setDialog(null)}
          onDone={(order) => {
            void message.success(
              t(`storage.${page.resize}.placed`, { name: dialog.row.name, orderNo: order.orderNo }),
            );
            setDialog(null);
            void refresh();
          }}
        />
      )}
      {dialog?.what === "unsubscribe" && (
        <UnsubscribeDialog
          host={dialog.row}
          texts={{ blocked: t(`${page.ns}.unsubscribeBlocked`), warning: t(`${page.ns}.unsubscribeWarning`) }}
          onClose={() => setDialog(null)}
          onDone={(order) => {
            setDialog(null);
            void message.success(
              t(`services.${order.type === "release" ? "release" : "unsubscribe"}.done`, {
                orderNo: order.orderNo,
              }),
            );
            void refresh();
          }}
        />
      )}
    </>
  );
}
