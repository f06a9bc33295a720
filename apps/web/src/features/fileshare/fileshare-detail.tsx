// One file share (`/mgt/share/:id/detail`, CB10) or elastic file (`/mgt/scalableFile/:id/detail`,
// CB20): its actions (renew, change capacity, unsubscribe), what it is (protocol, capacity and what
// is used of it), where to mount it (said to be simulated on the simulator), payment and expiry,
// and its access rules. Polls while it is changing.
import type { FileShare } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Descriptions, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ManagedBasics } from "../services/managed-basics";
import { ManagedDetailFrame } from "../services/managed-detail-frame";
import { ResizeDialog } from "../storage/resize-dialog";
import { FILE_SERVICES, type FileKind } from "./file-services";
import { FileShareActions } from "./fileshare-actions";
import { useFileShare } from "./fileshare-api";
import { FileCapacity } from "./fileshare-figures";
import { FileRules } from "./fileshare-rules";

export function FileShareDetail({ kind }: { kind: FileKind }) {
  const { id = "" } = useParams();
  const service = FILE_SERVICES[kind];
  return (
    <ManagedDetailFrame ns={service.ns} listPath={service.listPath} query={useFileShare(kind, id)}>
      {(share) => <Details kind={kind} share={share} />}
    </ManagedDetailFrame>
  );
}

function Details({ kind, share }: { kind: FileKind; share: FileShare }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [resizing, setResizing] = useState(false);
  const service = FILE_SERVICES[kind];
  const canResize = share.status === "available" && share.limits !== null;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }} data-testid="file-detail-page">
      <Card>
        <Space wrap>
          <FileShareActions
            kind={kind}
            share={share}
            onUnsubscribed={() => void navigate(service.listPath)}
          />
          <Button disabled={!canResize} onClick={() => setResizing(true)} data-testid="file-capacity-change">
            {t("share.capacity.action")}
          </Button>
        </Space>
      </Card>
      <ManagedBasics
        ns={service.ns}
        resource={share}
        figures={[
          { key: "protocol", label: t("share.fields.protocol"), children: share.protocol ?? "-" },
          { key: "capacity", label: t("share.fields.capacity"), children: <FileCapacity share={share} /> },
        ]}
      />
      <Card title={t("share.mountTitle")}>
        {share.simulated && (
          <Alert
            type="info"
            showIcon
            title={t("share.simulatedNotice")}
            style={{ marginBottom: 12 }}
            data-testid="file-simulated"
          />
        )}
        {share.mountAddress ? (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              {
                key: "mount",
                label: t("share.fields.mountAddress"),
                children: (
                  <Typography.Text code copyable data-testid="file-detail-mount">
                    {share.mountAddress}
                  </Typography.Text>
                ),
              },
              { key: "rules", label: t("share.fields.ruleCount"), children: share.ruleCount },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t("share.noMount")}</Typography.Text>
        )}
      </Card>
      <FileRules kind={kind} share={share} />
      {resizing && (
        <ResizeDialog
          kind="file"
          resource={share}
          limits={share.limits}
          onClose={() => setResizing(false)}
          onDone={(order) => {
            setResizing(false);
            void message.success(t("share.capacity.placed", { name: share.name, orderNo: order.orderNo }));
            void client.invalidateQueries({ queryKey: [service.ns] });
          }}
        />
      )}
    </div>
  );
}
