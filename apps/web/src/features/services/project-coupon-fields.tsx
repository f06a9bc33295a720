// The project and coupon fields every purchase form shares; each is offered only to users who may
// read projects (CH04) or coupons (CC02). `testIdPrefix` names them as the page's other fields.
import { Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useHasCode } from "../../components/require-org";
import { CouponSelect } from "./coupon-select";
import { useProjectChoices } from "./services-api";

export function ProjectCouponFields({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  const canProjects = useHasCode("CH04");
  const canCoupons = useHasCode("CC02");
  const projects = useProjectChoices(canProjects);
  return (
    <>
      {canProjects && (
        <Form.Item name="projectId" label={t("services.fields.project")}>
          <Select
            allowClear
            loading={projects.isFetching}
            placeholder={t("services.create.noProject")}
            options={(projects.data?.list ?? []).map((p) => ({ value: p.projectId, label: p.name }))}
            data-testid={`${testIdPrefix}-project`}
          />
        </Form.Item>
      )}
      {canCoupons && (
        <Form.Item
          name="couponId"
          label={t("services.fields.coupon")}
          extra={t("services.create.couponHint")}
        >
          <CouponSelect testId={`${testIdPrefix}-coupon`} />
        </Form.Item>
      )}
    </>
  );
}
