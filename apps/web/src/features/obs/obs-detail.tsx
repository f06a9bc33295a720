// One bucket (`/mgt/obs/detail/:id`, CB05): its status and unsubscribe (CB0501), the notice when
// the object store is simulated, and two tabs — the overview (S3 name, endpoint, region, class,
// access with its switch, what it stores, this month's requests and charge, when measured) and
// its objects. Polls while it is changing.
import type { Bucket } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Card, Space, Switch, Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { Yuan } from "../../components/money-text";
import { useHasCode } from "../../components/require-org";
import { formatDateTime } from "../../lib/format";
import { ManagedActions } from "../services/managed-actions";
import { ManagedBasics } from "../services/managed-basics";
import { ManagedDetailFrame } from "../services/managed-detail-frame";
import { HostStatusTag } from "../services/service-tags";
import { OBS_LIST_KEY, obsApi, obsKeys, useBucket } from "./obs-api";
import { AclTag, SimulatedNotice, StorageClassName } from "./obs-figures";
import { humanBytes } from "./obs-format";
import { ObjectBrowser } from "./obs-objects";

const LIST = "/mgt/obs";

export function BucketDetail() {
  const { id = "" } = useParams();
  return (
    <ManagedDetailFrame ns="obs" listPath={LIST} query={useBucket(id)}>
      {(bucket) => <Details bucket={bucket} />}
    </ManagedDetailFrame>
  );
}

function Details({ bucket }: { bucket: Bucket }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useHasCode("CB0501");
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }} data-testid="obs-detail-page">
      <Card>
        <Space wrap size={16}>
          <Typography.Text strong data-testid="obs-detail-name">
            {bucket.bucketName ?? bucket.name}
          </Typography.Text>
          <HostStatusTag host={bucket} />
          {canManage && (
            <ManagedActions ns="obs" resource={bucket} onUnsubscribed={() => void navigate(LIST)} />
          )}
        </Space>
      </Card>
      <SimulatedNotice buckets={[bucket]} />
      <Tabs
        destroyOnHidden
        items={[
          {
            key: "overview",
            label: <span data-testid="obs-tab-overview">{t("obs.tabs.overview")}</span>,
            children: <Overview bucket={bucket} canManage={canManage} />,
          },
          {
            key: "objects",
            label: <span data-testid="obs-tab-objects">{t("obs.tabs.objects")}</span>,
            children: <ObjectBrowser bucket={bucket} canManage={canManage} />,
          },
        ]}
      />
    </div>
  );
}

function Overview({ bucket, canManage }: { bucket: Bucket; canManage: boolean }) {
  const { t } = useTranslation();
  const usage = bucket.usage;
  const location = bucket.location;
  return (
    <ManagedBasics
      ns="obs"
      resource={bucket}
      figures={[
        {
          key: "bucketName",
          label: t("obs.fields.bucketName"),
          children: <Typography.Text code>{bucket.bucketName ?? "-"}</Typography.Text>,
        },
        {
          key: "endpoint",
          label: t("obs.fields.endpoint"),
          children: location ? (
            <Typography.Text code copyable data-testid="obs-detail-endpoint">
              {location.endpoint}
            </Typography.Text>
          ) : (
            "-"
          ),
        },
        {
          key: "region",
          label: t("obs.fields.region"),
          // Machine text S3 tools are given as it is, like the endpoint.
          children: location ? <Typography.Text code>{location.region}</Typography.Text> : "-",
        },
        {
          key: "storageClass",
          label: t("obs.fields.storageClass"),
          children: <StorageClassName value={bucket.storageClass} />,
        },
        {
          key: "acl",
          label: t("obs.fields.acl"),
          children: <AclSwitch bucket={bucket} canManage={canManage} />,
        },
        {
          key: "bytes",
          label: t("obs.fields.bytes"),
          children: <span data-testid="obs-detail-bytes">{usage ? humanBytes(usage.bytes) : "-"}</span>,
        },
        { key: "objects", label: t("obs.fields.objects"), children: usage?.objects ?? "-" },
        {
          key: "requests",
          label: t("obs.fields.requestsThisMonth"),
          children: usage?.requestsThisMonth ?? "-",
        },
        {
          key: "charged",
          label: t("obs.fields.chargedThisMonth"),
          children: usage ? <Yuan value={usage.chargedThisMonth} testId="obs-detail-charged" /> : "-",
        },
        {
          key: "measuredAt",
          label: t("obs.fields.measuredAt"),
          children: usage?.measuredAt ? formatDateTime(usage.measuredAt) : t("obs.notMeasured"),
        },
      ]}
    />
  );
}

/** The access, switched between private and public-read after a confirmation (CB0501). */
function AclSwitch({ bucket, canManage }: { bucket: Bucket; canManage: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const isPublic = bucket.acl === "public-read";
  if (!canManage || bucket.status !== "available") return <AclTag acl={bucket.acl} />;
  const toggle = () => {
    const acl = isPublic ? "private" : "public-read";
    modal.confirm({
      title: t(isPublic ? "obs.aclChange.toPrivate" : "obs.aclChange.toPublic", {
        name: bucket.bucketName,
      }),
      content: isPublic ? t("obs.aclChange.privateNote") : t("obs.publicWarning"),
      okText: t("obs.aclChange.ok"),
      cancelText: t("common.cancel"),
      okButtonProps: { "data-testid": "obs-acl-confirm", danger: !isPublic } as never,
      onOk: async () => {
        const updated = await obsApi.setAcl(bucket.id, acl);
        client.setQueryData(obsKeys.bucket(bucket.id), updated);
        void client.invalidateQueries({ queryKey: ["ops", OBS_LIST_KEY] });
        void message.success(t("obs.aclChange.done", { acl: t(`obs.acl.${acl}`) }));
      },
    });
  };
  return (
    <Space>
      <Switch
        checked={isPublic}
        onChange={toggle}
        checkedChildren={t("obs.acl.public-read")}
        unCheckedChildren={t("obs.acl.private")}
        data-testid="obs-acl-switch"
      />
    </Space>
  );
}
