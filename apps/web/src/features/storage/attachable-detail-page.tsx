// The detail page of a disk (`/mgt/blockstorage/:id/detail`, CB02) and of an elastic IP
// (`/mgt/floatip/:id/detail`, CB09): every field of its row — an elastic IP's address, the host it
// is attached to, payment, expiry and its auto-renew switch — its error log when it failed, and the
// same actions as its list row, renewing among them. Polls while it is changing.
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { ResourceDetail } from "@skyledger/contracts";
import { Card, Descriptions, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { LoadFailed } from "../../components/table-states";
import { UserData } from "../../components/user-data";
import { dash } from "../../lib/format";
import { useBillingItems } from "../services/billing-items";
import { ErrorLogText } from "../services/error-log-modal";
import { hasFailed } from "../services/host-state";
import { resourceDetailPath } from "../services/resource-paths";
import { HostStatusTag } from "../services/service-tags";
import { ATTACHABLE_PAGES, AttachableActions } from "./attachable-actions";
import { type AttachableKind, useAttachable } from "./storage-api";

const LIST_PATHS = { disk: "/mgt/blockstorage", elasticIp: "/mgt/floatip" } as const;

export function AttachableDetailPage({ kind }: { kind: AttachableKind }) {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const resource = useAttachable(kind, id);
  const page = ATTACHABLE_PAGES[kind];
  const r = resource.data;
  const testId = (what: string) => `${page.testId}-detail-${what}`;

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to={LIST_PATHS[kind]} data-testid={testId("back")}>
          <ArrowLeftOutlined /> {t(`${page.ns}.backToList`)}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(`${page.ns}.detailTitle`, { name: r?.name ?? "" })}
      </Typography.Title>
      {resource.isPending ? (
        <Skeleton active />
      ) : resource.isError || !r ? (
        <LoadFailed onRetry={() => void resource.refetch()} t={t} />
      ) : (
        <Details kind={kind} resource={r} testId={testId} />
      )}
    </>
  );
}

/** The page once the resource is loaded: its actions, its fields and its error log. */
function Details({
  kind,
  resource: r,
  testId,
}: {
  kind: AttachableKind;
  resource: ResourceDetail;
  testId(what: string): string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = ATTACHABLE_PAGES[kind];
  const billing = useBillingItems(r, testId("order"));
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }} data-testid={testId("page")}>
      <Card>
        <AttachableActions kind={kind} resource={r} onUnsubscribed={() => void navigate(LIST_PATHS[kind])} />
      </Card>
      <Card title={t("services.host.basics")}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          bordered
          size="small"
          items={[
            { key: "name", label: t("services.fields.name"), children: <UserData>{r.name}</UserData> },
            {
              key: "id",
              label: t("services.fields.id"),
              children: <Typography.Text copyable>{r.id}</Typography.Text>,
            },
            {
              key: "status",
              label: t("common.status"),
              children: <HostStatusTag host={r} />,
            },
            { key: "summary", label: t(`${page.ns}.spec`), children: r.summary },
            ...(kind === "elasticIp"
              ? [
                  {
                    key: "address",
                    label: t("storage.fields.address"),
                    children: r.publicIp ? (
                      <Typography.Text copyable data-testid={testId("address")}>
                        {r.publicIp}
                      </Typography.Text>
                    ) : (
                      "-"
                    ),
                  },
                ]
              : []),
            {
              key: "host",
              label: t("storage.fields.host"),
              children: r.attachedTo ? (
                <Link to={resourceDetailPath("host", r.attachedTo)!} data-testid={testId("host")}>
                  {r.attachedToName ?? r.attachedTo}
                </Link>
              ) : (
                "-"
              ),
            },
            { key: "product", label: t("services.fields.product"), children: dash(r.productName) },
            {
              key: "project",
              label: t("services.fields.project"),
              children: <UserData>{dash(r.projectName)}</UserData>,
            },
            ...billing,
          ]}
        />
      </Card>
      {(hasFailed(r.status) || r.errorLog) && (
        <Card title={t("services.host.errorLog")}>
          <ErrorLogText text={r.errorLog} />
        </Card>
      )}
    </Space>
  );
}
