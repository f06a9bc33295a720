// /mgt/ssh/deatil/:id (CB011702): one key pair with its public key to copy. The private key of a
// created pair is not kept, so it is never shown here.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Card, Descriptions, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadFailed } from "../../../components/table-states";
import { UserData } from "../../../components/user-data";
import { useKeyPair } from "../../../features/keypairs/keypairs-api";
import { dash, formatDateTime } from "../../../lib/format";

export function KeyPairDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const pair = useKeyPair(id);
  const k = pair.data;

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/sshkeypairs" data-testid="keypair-detail-back">
          <ArrowLeftOutlined /> {t("keypairs.backToList")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("keypairs.detailTitle", { name: k?.name ?? "" })}
      </Typography.Title>
      {pair.isPending ? (
        <Skeleton active />
      ) : pair.isError || !k ? (
        <LoadFailed onRetry={() => void pair.refetch()} t={t} />
      ) : (
        <Card data-testid="keypair-detail">
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: "name", label: t("keypairs.fields.name"), children: <UserData>{k.name}</UserData> },
              { key: "type", label: t("keypairs.fields.type"), children: k.keyType },
              {
                key: "fingerprint",
                label: t("keypairs.fields.fingerprint"),
                children: <Typography.Text code>{k.fingerprint}</Typography.Text>,
              },
              {
                key: "project",
                label: t("keypairs.fields.project"),
                children: <UserData>{dash(k.projectName)}</UserData>,
              },
              { key: "createdAt", label: t("common.createdAt"), children: formatDateTime(k.createdAt) },
              {
                key: "publicKey",
                label: t("keypairs.fields.publicKey"),
                children: (
                  <Typography.Paragraph
                    copyable={{ text: k.publicKey }}
                    style={{ wordBreak: "break-all", fontFamily: "monospace", fontSize: 12, marginBottom: 0 }}
                    data-testid="keypair-public-key"
                  >
                    {k.publicKey}
                  </Typography.Paragraph>
                ),
              },
            ]}
          />
        </Card>
      )}
    </>
  );
}
