// Coupons (BI): issue, find by number, tenant or status, distribute to a tenant, void.
import { PlusOutlined } from "@ant-design/icons";
import type { CouponRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Card, Input, Modal, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showIssuedCodes } from "../../../components/issued-codes";
import { OrgSelect } from "../../../components/org-select";
import { PagedTable } from "../../../components/paged-table";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { StatusFilter } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { couponColumns } from "../../../features/finance/coupon-columns";
import { api } from "../../../lib/api-client";
import { CouponIssueDialog } from "./coupon-issue-dialog";

type Status = CouponRecord["status"];
const STATUSES: readonly Status[] = ["undistribute", "valid", "inactive", "used", "expired", "voided"];
const VOIDABLE: ReadonlySet<Status> = new Set(["undistribute", "valid", "inactive"]);

export function OpsCouponsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [couponNo, setCouponNo] = useState("");
  const [status, setStatus] = useState<Status | undefined>();
  const [orgId, setOrgId] = useState<string | undefined>();
  const [issuing, setIssuing] = useState(false);
  const [distributing, setDistributing] = useState<CouponRecord | null>(null);
  const mayAct = useMayActHere();
  const list = usePagedQuery("opsCoupons", endpoints.financeOps.listCoupons, {
    couponNo: couponNo.trim(),
    status,
    orgId,
  });

  const voidCoupon = async (row: CouponRecord) => {
    await api.call(endpoints.financeOps.voidCoupon, { params: { id: row.id }, body: {} });
    void message.success(t("finance.ops.coupons.voided", { couponNo: row.couponNo }));
    await list.query.refetch();
  };

  const issued = (coupons: CouponRecord[]) => {
    setIssuing(false);
    void list.query.refetch();
    showIssuedCodes(modal, {
      title: t("finance.ops.coupons.issuedTitle", {
        count: coupons.length,
        batchNo: coupons[0]?.batchNo ?? "",
      }),
      width: 520,
      codes: coupons.map((c) => ({ key: c.id, code: c.couponNo })),
      testId: "coupon-issue-created",
    });
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.ops.coupons.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Card
        extra={
          mayAct && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setIssuing(true)}
              data-testid="coupon-issue"
            >
              {t("finance.ops.coupons.issue")}
            </Button>
          )
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t("finance.coupon.couponNo")}
            onSearch={list.onFilter(setCouponNo)}
            maxLength={64}
            style={{ width: 240 }}
            aria-label={t("finance.coupon.couponNo")}
            data-testid="ops-coupons-number"
          />
          <StatusFilter
            kind="coupon"
            statuses={STATUSES}
            value={status}
            onChange={list.onFilter(setStatus)}
            width={160}
            testId="ops-coupons-status"
          />
          <OrgSelect
            value={orgId}
            onChange={list.onFilter(setOrgId)}
            placeholder={t("finance.ops.allOrgs")}
            testId="ops-coupons-org"
          />
        </Space>
        <PagedTable<CouponRecord>
          rowKey="id"
          list={list}
          emptyText={t("finance.coupon.empty")}
          scroll={{ x: 1800 }}
          data-testid="ops-coupons-table"
          columns={[
            ...couponColumns(t, { withOrg: true }),
            { title: t("finance.voucher.batchNo"), dataIndex: "batchNo" },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              hidden: !mayAct,
              render: (_, row) => (
                <Space size={0}>
                  {row.status === "undistribute" && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setDistributing(row)}
                      data-testid={`ops-coupon-distribute-${row.id}`}
                    >
                      {t("finance.ops.coupons.distribute")}
                    </Button>
                  )}
                  {VOIDABLE.has(row.status) && (
                    <Popconfirm
                      title={t("finance.ops.coupons.voidConfirm", { couponNo: row.couponNo })}
                      okText={t("finance.ops.void")}
                      cancelText={t("common.cancel")}
                      onConfirm={() => voidCoupon(row).catch(() => {})}
                    >
                      <Button type="link" size="small" danger data-testid={`ops-coupon-void-${row.id}`}>
                        {t("finance.ops.void")}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <CouponIssueDialog open={issuing} onClose={() => setIssuing(false)} onIssued={issued} />
      <DistributeDialog
        coupon={distributing}
        onClose={() => setDistributing(null)}
        onDone={() => {
          setDistributing(null);
          void list.query.refetch();
        }}
      />
    </>
  );
}

function DistributeDialog({
  coupon,
  onClose,
  onDone,
}: {
  coupon: CouponRecord | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [orgId, setOrgId] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [missing, setMissing] = useState(false);

  const submit = async () => {
    if (!coupon) return;
    if (!orgId) {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      await api.call(endpoints.financeOps.distributeCoupon, { params: { id: coupon.id }, body: { orgId } });
      void message.success(t("finance.ops.coupons.distributed", { couponNo: coupon.couponNo }));
      setOrgId(undefined);
      onDone();
    } catch {
      // The client showed the reason (e.g. the coupon is no longer available).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={coupon !== null}
      title={t("finance.ops.coupons.distributeTitle", { couponNo: coupon?.couponNo ?? "" })}
      okText={t("finance.ops.coupons.distribute")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={() => {
        setOrgId(undefined);
        setMissing(false);
        onClose();
      }}
      confirmLoading={saving}
      okButtonProps={{ "data-testid": "coupon-distribute-submit" }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("finance.ops.coupons.distributeHint")}</Typography.Paragraph>
      <OrgSelect
        value={orgId}
        onChange={(value) => {
          setOrgId(value);
          setMissing(false);
        }}
        allowClear={false}
        style={{ width: "100%" }}
        testId="coupon-distribute-org"
      />
      {missing && (
        <Typography.Text type="danger" style={{ display: "block", marginTop: 8 }}>
          {t("finance.ops.chooseOrg")}
        </Typography.Text>
      )}
    </Modal>
  );
}
