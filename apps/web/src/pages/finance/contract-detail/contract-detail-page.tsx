// /mgt/contracts/detail/:id (CC06): one of the organisation's contracts: its state, the reason of
// an early termination, the discounts it gives while in execution and the signed PDF.
import { Alert, Card, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ContractFacts } from "../../../features/contracts/contract-view";
import { useContract } from "../../../features/contracts/contracts-api";

export function ContractDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const contract = useContract(id);
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("contracts.detailTitle")}
      </Typography.Title>
      <Link to="/mgt/contract">{t("contracts.back")}</Link>
      <Card style={{ marginTop: 12 }}>
        {contract.isError ? (
          <Alert type="error" showIcon message={t("contracts.notFound")} />
        ) : contract.data ? (
          <>
            {contract.data.status === "executing" && (
              <Alert
                style={{ marginBottom: 16 }}
                type="success"
                showIcon
                message={t("contracts.executingHint")}
              />
            )}
            <ContractFacts contract={contract.data} />
          </>
        ) : (
          <Skeleton active />
        )}
      </Card>
    </>
  );
}
