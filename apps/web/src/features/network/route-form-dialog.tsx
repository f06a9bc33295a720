// Add a static route to a router: a destination block that conflicts with no route of the router
// and no subnet of its VPC (spec §5, the conflict named), and a next hop in a joined subnet.
import { type RouterDetail, routeCreateBody } from "@skyledger/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { networkApi } from "./network-api";
import { localeOf, nexthopRule, routeConflictRule } from "./network-rules";

type Values = { destination: string; nexthop: string };

export function RouteFormDialog({
  router,
  onClose,
  onDone,
}: {
  router: RouterDetail;
  onClose(): void;
  onDone(destination: string): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [form] = Form.useForm<Values>();
  const joined = router.interfaces.filter((i) => i.status === "active").map((i) => i.cidr);

  const submit = async (values: Values) => {
    const body = { destination: values.destination.trim(), nexthop: values.nexthop.trim() };
    await networkApi.addRoute(router.id, body);
    onDone(body.destination);
  };

  return (
    <FormDialog
      form={form}
      open
      title={t("network.router.addRouteTitle")}
      okText={t("network.router.addRoute")}
      submitTestId="route-form-submit"
      refusalTestId="route-form-refusal"
      onSubmit={submit}
      onCancel={onClose}
      preserve={false}
    >
      <Form.Item
        required
        name="destination"
        label={t("network.router.route.destination")}
        extra={t("network.router.destinationHint")}
        validateFirst
        rules={[
          zodRule(routeCreateBody.shape.destination, t),
          routeConflictRule(router.routes, router.vpcSubnets, locale),
        ]}
      >
        <Input placeholder="172.20.0.0/16" autoComplete="off" data-testid="route-form-destination" />
      </Form.Item>
      <Form.Item
        required
        name="nexthop"
        label={t("network.router.route.nexthop")}
        extra={t("network.router.nexthopHint")}
        validateFirst
        rules={[zodRule(routeCreateBody.shape.nexthop, t), nexthopRule(joined, locale)]}
      >
        <Input autoComplete="off" data-testid="route-form-nexthop" />
      </Form.Item>
    </FormDialog>
  );
}
