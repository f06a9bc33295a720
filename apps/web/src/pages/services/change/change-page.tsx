// /mgt/change?id=<host> (CB2004): change a host's flavour. Its current flavour and price, the other
// flavours of its product, and the server's live price difference (spec §9: new monthly price ÷ 30 ×
// remaining days − the remaining value of the current term; positive is paid, negative refunded).
// Confirming places a change order and opens it.
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { ResizeBody } from "@skyledger/contracts";
import { Alert, App, Button, Card, Col, Empty, Radio, Row, Skeleton, Space, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useHasCode } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { renewApi, useRefreshRenewals, useResizeQuote } from "../../../features/renew/renew-api";
import { canChangeConfig, toResizeBody } from "../../../features/renew/renew-logic";
import { isHostProduct } from "../../../features/services/purchase";
import { useHost, useListedProducts, useRefreshServices } from "../../../features/services/services-api";
import { useActionKey } from "../../../lib/action-key";
import { ChangeQuotePanel } from "./change-quote-panel";
import { CurrentConfig } from "./current-config";

export function ChangePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = (params.get("id") ?? "").trim();
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link
          to={id ? `/mgt/host/${encodeURIComponent(id)}/detail` : "/mgt/cloudhost"}
          data-testid="change-back"
        >
          <ArrowLeftOutlined /> {t(id ? "renew.change.backToHost" : "renew.change.backToList")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("renew.change.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("renew.change.intro")}</Typography.Paragraph>
      {id ? (
        <ChangeForm id={id} />
      ) : (
        <Card>
          <Empty description={t("renew.change.noHost")} data-testid="change-no-host" />
        </Card>
      )}
    </>
  );
}

function ChangeForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canSeeOrders = useHasCode("CC01");
  const actionKey = useActionKey();
  const refreshServices = useRefreshServices();
  const refreshRenewals = useRefreshRenewals();
  const host = useHost(id);
  const products = useListedProducts();
  const [flavorId, setFlavorId] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const h = host.data;
  const product = useMemo(
    () => (products.data?.list ?? []).filter(isHostProduct).find((p) => p.code === h?.productCode),
    [products.data, h?.productCode],
  );
  const body: ResizeBody | null = h ? toResizeBody(h, flavorId) : null;
  const quote = useResizeQuote(body);

  if (host.isPending || products.isPending) return <Skeleton active />;
  if (host.isError || !h) return <LoadFailed onRetry={() => void host.refetch()} t={t} />;

  const changeable = canChangeConfig(h);
  const ready = !!body && !!quote.data && !quote.isPlaceholderData && !quote.isError;

  const confirm = async () => {
    if (!body) return;
    setSending(true);
    try {
      const order = await actionKey.run(body, (key) => renewApi.resize(body, key));
      void message.success(t("renew.change.placed", { orderNo: order.orderNo }));
      await Promise.all([refreshServices(), refreshRenewals()]);
      navigate(
        canSeeOrders
          ? `/mgt/orders/${encodeURIComponent(order.id)}`
          : `/mgt/host/${encodeURIComponent(h.id)}/detail`,
      );
    } catch {
      // The API client has shown why; the page stays for another try with the same key.
    } finally {
      setSending(false);
    }
  };

  return (
    <Row gutter={16} align="top">
      <Col xs={24} lg={15}>
        <Space orientation="vertical" size={16} style={{ width: "100%" }}>
          <CurrentConfig host={h} />
          <Card title={t("renew.change.newFlavor")} data-testid="change-flavors">
            {!changeable && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={t("renew.change.notChangeable", { status: h.statusName })}
                data-testid="change-not-changeable"
              />
            )}
            {!product ? (
              <Alert
                type="warning"
                showIcon
                title={t("renew.change.noProduct")}
                data-testid="change-no-product"
              />
            ) : (
              <Radio.Group
                value={flavorId}
                onChange={(e) => setFlavorId(e.target.value as string)}
                disabled={!changeable}
                style={{ width: "100%" }}
              >
                <Space orientation="vertical" style={{ width: "100%" }}>
                  {product.spec.flavors.map((f) => {
                    const current = f.id === h.spec.flavorId;
                    return (
                      <Radio
                        key={f.id}
                        value={f.id}
                        disabled={current || !changeable}
                        data-testid={`change-flavor-${f.id}`}
                      >
                        <Space size={8} wrap>
                          <Typography.Text strong>{f.name}</Typography.Text>
                          <Typography.Text type="secondary">
                            {[
                              t("services.create.vcpu", { count: f.vcpu }),
                              t("services.create.memory", { count: f.memoryGb }),
                              ...(f.gpuCount > 0
                                ? [t("services.create.gpu", { count: f.gpuCount, model: f.gpuModel })]
                                : []),
                            ].join(" · ")}
                          </Typography.Text>
                          {current && <Tag color="blue">{t("renew.change.current")}</Tag>}
                        </Space>
                      </Radio>
                    );
                  })}
                </Space>
              </Radio.Group>
            )}
          </Card>
        </Space>
      </Col>
      <Col xs={24} lg={9}>
        <ChangeQuotePanel
          paymentType={h.paymentType}
          chosen={body !== null}
          quote={quote.data}
          loading={quote.isFetching}
          error={quote.error}
          footer={
            <Space>
              <Button
                type="primary"
                loading={sending}
                disabled={!changeable || !ready || !quote.data?.sufficient}
                onClick={() => void confirm()}
                data-testid="change-confirm"
              >
                {t("renew.change.confirm")}
              </Button>
              <Button onClick={() => navigate(`/mgt/host/${encodeURIComponent(h.id)}/detail`)}>
                {t("common.cancel")}
              </Button>
            </Space>
          }
        />
      </Col>
    </Row>
  );
}
